/* What the games' compiled cores share to encode observations for arena.env (`#include
 * "../_observe.h"`): a seat's observation vector is written straight from a reference engine
 * state into a caller's float32 buffer, without building the seat's view (arena/env/
 * observations/<game>.py stays the reference encoding, from the view; tests/env/
 * test_env_compiled_observations.py checks that both agree on every decision of seeded random
 * games).
 *
 *   observe_out(out, size, &buffer)  the caller's buffer as `size` writable float32s, zeroed
 *                                    (0, or -1 with TypeError/ValueError set); release it with
 *                                    PyBuffer_Release
 *   observe_mask_out(out, size, &buffer)
 *                                    the same for an action mask: `size` writable int8s, zeroed
 *   observe_floats(module, buffer)   a METH_O function: a float32 buffer as a new list of
 *                                    Python floats, the values pyspiel's own tensors hold (0.0
 *                                    and 1.0, most of a one-hot vector, are shared objects)
 *   OBSERVE_FLOATS_METHOD            its PyMethodDef entry ("floats")
 *
 * and readers of a reference state's attributes (each -1 with an error set):
 *
 *   observe_long(obj, name, &v)      int(obj.name)
 *   observe_true(obj, name)          bool(obj.name): 1 or 0
 *   observe_choice(obj, name, texts, count)
 *                                    the index of obj.name among `texts` (compared with ==: a
 *                                    StrEnum equals its value), `count` if none
 */
#ifndef ARENA_OBSERVE_H
#define ARENA_OBSERVE_H

#include <Python.h>
#include <math.h>
#include <string.h>

static int observe_out(PyObject *out, Py_ssize_t size, Py_buffer *buffer)
{
    if (PyObject_GetBuffer(out, buffer, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0)
        return -1;
    if (buffer->itemsize != 4 || !buffer->format || strcmp(buffer->format, "f") != 0 ||
        buffer->len != size * 4) {
        PyErr_Format(PyExc_ValueError, "the observation needs a float32 buffer of %zd items",
                     size);
        PyBuffer_Release(buffer);
        return -1;
    }
    memset(buffer->buf, 0, (size_t)buffer->len);
    return 0;
}

static int observe_mask_out(PyObject *out, Py_ssize_t size, Py_buffer *buffer)
{
    if (PyObject_GetBuffer(out, buffer, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_WRITABLE) < 0)
        return -1;
    if (buffer->itemsize != 1 || !buffer->format || strcmp(buffer->format, "b") != 0 ||
        buffer->len != size) {
        PyErr_Format(PyExc_ValueError, "the mask needs an int8 buffer of %zd items", size);
        PyBuffer_Release(buffer);
        return -1;
    }
    memset(buffer->buf, 0, (size_t)buffer->len);
    return 0;
}

static PyObject *OBSERVE_ZERO, *OBSERVE_ONE; /* 0.0 and 1.0, made on first use */

static PyObject *observe_floats(PyObject *module, PyObject *arg)
{
    Py_buffer buffer;
    if (PyObject_GetBuffer(arg, &buffer, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (buffer.itemsize != 4 || !buffer.format || strcmp(buffer.format, "f") != 0) {
        PyBuffer_Release(&buffer);
        PyErr_SetString(PyExc_ValueError, "floats() takes a float32 buffer");
        return NULL;
    }
    if (!OBSERVE_ZERO && !(OBSERVE_ZERO = PyFloat_FromDouble(0.0)))
        goto fail;
    if (!OBSERVE_ONE && !(OBSERVE_ONE = PyFloat_FromDouble(1.0)))
        goto fail;
    const Py_ssize_t n = buffer.len / 4;
    const float *v = (const float *)buffer.buf;
    PyObject *list = PyList_New(n);
    if (!list)
        goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item;
        if (v[i] == 0.0f && !signbit(v[i]))
            item = OBSERVE_ZERO;
        else if (v[i] == 1.0f)
            item = OBSERVE_ONE;
        else
            item = NULL;
        if (item)
            Py_INCREF(item);
        else if (!(item = PyFloat_FromDouble((double)v[i]))) {
            Py_DECREF(list);
            goto fail;
        }
        PyList_SET_ITEM(list, i, item);
    }
    PyBuffer_Release(&buffer);
    return list;
fail:
    PyBuffer_Release(&buffer);
    return NULL;
}

static int observe_long(PyObject *obj, const char *name, long *out)
{
    PyObject *attr = PyObject_GetAttrString(obj, name);
    if (!attr)
        return -1;
    *out = PyLong_AsLong(attr);
    Py_DECREF(attr);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static int observe_true(PyObject *obj, const char *name)
{
    PyObject *attr = PyObject_GetAttrString(obj, name);
    if (!attr)
        return -1;
    int truth = PyObject_IsTrue(attr);
    Py_DECREF(attr);
    return truth;
}

static int observe_choice(PyObject *obj, const char *name, const char *const *texts, int count)
{
    PyObject *attr = PyObject_GetAttrString(obj, name);
    if (!attr)
        return -1;
    int found = count;
    if (PyUnicode_Check(attr))
        for (int i = 0; i < count; i++)
            if (PyUnicode_CompareWithASCIIString(attr, texts[i]) == 0) {
                found = i;
                break;
            }
    Py_DECREF(attr);
    return found;
}

#define OBSERVE_FLOATS_METHOD                                                                   \
    {"floats", (PyCFunction)observe_floats, METH_O,                                             \
     "floats(buffer): a float32 buffer as a new list of floats (pyspiel's tensor values)."}

#endif
