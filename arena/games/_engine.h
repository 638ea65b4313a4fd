/* The Engine type of the games' compiled cores that call back into their reference engine
 * (`#include "../_engine.h"`): a Python object holding the reference's callables (its deal, its
 * play, its Outcome and state constructors...), one field each, with garbage collection.
 *
 * Before including, a core lists its fields, `name` (the game's name: Engine.name) first:
 *
 *     #define ENGINE_FIELDS(X) X(name) X(pure_setup) X(pure_play) ...
 *
 * and gets EngineObject, engine_alloc(type, values) (a new Engine holding `values`, in the
 * fields' order, each with a new reference: its engine_new parses and checks its arguments,
 * then calls it), the GC slots, ENGINE_TYPE_SLOTS for its PyTypeObject (which also names the
 * core's engine_methods and engine_new), and seat_value for its methods' seat arguments. */
#ifndef ARENA_ENGINE_H
#define ARENA_ENGINE_H

#include <Python.h>
#include <structmember.h>
#include <stddef.h>

#ifndef ENGINE_FIELDS
#error "define ENGINE_FIELDS(X) before including _engine.h"
#endif

#define ENGINE_DECLARE_(field) PyObject *field;
#define ENGINE_COUNT_(field) +1
#define ENGINE_STORE_(field)                                                                    \
    Py_INCREF(*values);                                                                         \
    self->field = *values++;
#define ENGINE_VISIT_(field) Py_VISIT(self->field);
#define ENGINE_CLEAR_(field) Py_CLEAR(self->field);

typedef struct {
    PyObject_HEAD
    ENGINE_FIELDS(ENGINE_DECLARE_)
} EngineObject;

enum { ENGINE_NUM_FIELDS = 0 ENGINE_FIELDS(ENGINE_COUNT_) };

static PyObject *engine_alloc(PyTypeObject *type, PyObject *const values[ENGINE_NUM_FIELDS])
{
    EngineObject *self = (EngineObject *)type->tp_alloc(type, 0);
    if (!self)
        return NULL;
    ENGINE_FIELDS(ENGINE_STORE_)
    return (PyObject *)self;
}

static int engine_traverse(EngineObject *self, visitproc visit, void *arg)
{
    ENGINE_FIELDS(ENGINE_VISIT_)
    return 0;
}

static int engine_clear(EngineObject *self)
{
    ENGINE_FIELDS(ENGINE_CLEAR_)
    return 0;
}

static void engine_dealloc(EngineObject *self)
{
    PyObject_GC_UnTrack(self);
    engine_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMemberDef engine_members[] = {
    {"name", T_OBJECT_EX, offsetof(EngineObject, name), READONLY, "the game's name"},
    {NULL, 0, 0, 0, NULL},
};

/* A seat argument as a C long: 1 if it is an int that fits, else 0 (and *seat is meaningless:
 * the method answers as the reference does for a seat that is not one, or lets it answer). */
static int seat_value(PyObject *o, long *seat)
{
    *seat = -1000;
    if (!PyLong_Check(o))
        return 0;
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (overflow)
        return 0;
    *seat = v;
    return 1;
}

/* Everything of the core's EngineType but its tp_name and tp_doc. */
#define ENGINE_TYPE_SLOTS                                                                       \
    .tp_basicsize = sizeof(EngineObject), .tp_itemsize = 0,                                     \
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, .tp_new = engine_new,                  \
    .tp_dealloc = (destructor)engine_dealloc, .tp_traverse = (traverseproc)engine_traverse,     \
    .tp_clear = (inquiry)engine_clear, .tp_methods = engine_methods,                            \
    .tp_members = engine_members

#endif
