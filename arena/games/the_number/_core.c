/* The Number's compiled core: the rules of arena/games/the_number (state.py, rules.py) in C.
 *
 * The pure-Python engine is the reference; this core plays the same rules bit for bit (the same
 * seats to write, the same legal moves in the same order, the same check, scores, crossings,
 * round and game end) and tests/games/the_number/test_the_number_compiled.py plays both in step.
 * compiled.py wraps an `Engine` of this module in arena.core.compiled's CompiledEngine protocol.
 *
 * The game draws no chance: `setup` builds the fresh boards of state.setup (the rng unused) and
 * leaves a player count it refuses to the reference. A `State` is immutable: `play` copies the
 * position into a new object and changes the copy. What changes rarely stays a Python object
 * shared between states: the options, the finished rounds' totals (the
 * reference's tuple of tuples, extended at a round's end) and the history. The history is the
 * reference's tuple the state was converted from (`base`), then the turns the core revealed
 * since, as an immutable list of `Record`s, newest first, each pointing to the one before: a
 * revealed turn costs one small object, not a copy of the whole history.
 *
 * Whatever is not on the fast path (a seat that is not to write, a move that is not the
 * canonical text of a legal number, a game that is over) is handed to the pure engine's `play`
 * on the state converted back, so that its answer or its error is the reference's own.
 *
 * Module state is init-time tables only (the move strings, their index, the legal-move tuple of
 * every board, the tuples of seats, the empty round totals): several threads may use one Engine
 * (each call holds the GIL).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#define DIGITS 10
#define NUMBERS 1000
#define ALL_CROSSED ((1 << DIGITS) - 1)
#define BOARDS (ALL_CROSSED + 1)
#define TURNS_PER_ROUND 5
#define LAST_TURN_MULTIPLIER 2
#define MIN_PLAYERS 3
#define MAX_PLAYERS 5
#define MAX_ROUNDS 10
/* A seat's turn scores: a game holds at most TURNS_PER_ROUND, and a round adds at most
 * TURNS_PER_ROUND before it ends (the turn counts up to TURNS_PER_ROUND). A reference state may
 * hold more (rules.play on a finished game reveals a turn past the last): up to TS_FROM. */
#define TS_CAP 16
#define TS_FROM (TS_CAP - TURNS_PER_ROUND)
#define NONE (-1) /* no pending number */

#define APPROVED 0
#define ELIMINATED 1
#define OUT 2

static const int TURN_BONUSES[TURNS_PER_ROUND] = {2, 3, 4, 6, 8};

/* ---- init-time tables ------------------------------------------------------------------- */

static uint16_t DIGIT_MASK[NUMBERS];      /* the digits written in n, as a 10-bit mask */
static PyObject *MOVE_STR[NUMBERS];       /* "write ddd", interned */
static PyObject *MOVE_INDEX;              /* move text -> number */
static PyObject *LEGAL[BOARDS];           /* per crossed mask, its legal moves (a tuple) */
static PyObject *MOVERS[1 << MAX_PLAYERS]; /* per set of seats, the tuple of them ascending */
static PyObject *SMALL_INT[NUMBERS];       /* 0..999 */
static PyObject *EMPTY_TOTALS[MAX_PLAYERS + 1]; /* ((), (), ...): no finished round, per count */

/* ---- the history's records -------------------------------------------------------------- */

typedef struct RecordObject {
    PyObject_HEAD
    struct RecordObject *before; /* the record revealed before this one, or NULL */
    int32_t round;
    int32_t points[MAX_PLAYERS];
    int16_t number[MAX_PLAYERS]; /* NONE when the seat was out */
    int8_t status[MAX_PLAYERS];
    int8_t bonus[MAX_PLAYERS];
    int8_t turn;
    int8_t n;
} RecordObject;

static void record_dealloc(RecordObject *self)
{
    /* A chain is at most one game's turns long (MAX_ROUNDS * TURNS_PER_ROUND): plain recursion. */
    Py_XDECREF(self->before);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyTypeObject RecordType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.the_number._core.Record",
    .tp_doc = PyDoc_STR("A turn the core revealed (opaque; see Engine.to_reference)."),
    .tp_basicsize = sizeof(RecordObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)record_dealloc,
    .tp_free = PyObject_Free,
};

/* ---- the state -------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *options;    /* the reference's options object */
    PyObject *totals;     /* round_totals: a tuple of n tuples, the reference's own */
    PyObject *base;       /* the history the state was converted with: a tuple */
    RecordObject *last;   /* the newest turn revealed since, or NULL */
    int32_t round;
    int32_t rounds;       /* options.rounds */
    int32_t ts[MAX_PLAYERS][TS_CAP]; /* turn_scores */
    uint16_t crossed[MAX_PLAYERS];
    int16_t pending[MAX_PLAYERS];
    uint8_t ts_len[MAX_PLAYERS];
    int8_t n, turn, over;
    int8_t tied_none;  /* options.tied_bonus == "none" */
    int8_t cross_all;  /* options.eliminated_cross */
    int8_t eq_elim;    /* options.equal_eliminate */
} StateObject;

static void state_dealloc(StateObject *self)
{
    Py_XDECREF(self->options);
    Py_XDECREF(self->totals);
    Py_XDECREF(self->base);
    Py_XDECREF(self->last);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *state_repr(StateObject *self)
{
    return PyUnicode_FromFormat("<the_number core state: %d players, round %d, turn %d%s>",
                                (int)self->n, (int)self->round, (int)self->turn,
                                self->over ? ", over" : "");
}

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.the_number._core.State",
    .tp_doc = PyDoc_STR("A The Number position of the compiled core (immutable; opaque)."),
    .tp_basicsize = sizeof(StateObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)state_dealloc,
    .tp_repr = (reprfunc)state_repr,
    .tp_free = PyObject_Free,
};

/* A new state with `from`'s fields (its Python objects shared, their counts raised). */
static StateObject *copy_state(const StateObject *from)
{
    StateObject *out = PyObject_New(StateObject, &StateType);
    if (!out)
        return NULL;
    memcpy((char *)out + sizeof(PyObject), (const char *)from + sizeof(PyObject),
           sizeof(StateObject) - sizeof(PyObject));
    Py_INCREF(out->options);
    Py_INCREF(out->totals);
    Py_INCREF(out->base);
    Py_XINCREF(out->last);
    return out;
}

/* ---- the rules -------------------------------------------------------------------------- */

static int popcount10(unsigned mask)
{
    int count = 0;
    for (; mask; mask &= mask - 1)
        count++;
    return count;
}

/* rules.end_round: score the round (turn scores padded to TURNS_PER_ROUND with zeros, plus a
 * point per crossed digit), then the next round or the end. -1 with an error set. */
static int end_round(StateObject *s)
{
    PyObject *totals = PyTuple_New(s->n);
    if (!totals)
        return -1;
    for (int p = 0; p < s->n; p++) {
        int64_t sum = popcount10(s->crossed[p]);
        for (int t = 0; t < s->ts_len[p]; t++)
            sum += s->ts[p][t];
        while (s->ts_len[p] < TURNS_PER_ROUND)
            s->ts[p][s->ts_len[p]++] = 0;
        PyObject *old = PyTuple_GET_ITEM(s->totals, p);
        Py_ssize_t len = PyTuple_GET_SIZE(old);
        PyObject *seat = PyTuple_New(len + 1);
        PyObject *total = PyLong_FromLongLong(sum);
        if (!seat || !total) {
            Py_XDECREF(seat);
            Py_XDECREF(total);
            Py_DECREF(totals);
            return -1;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            PyObject *item = PyTuple_GET_ITEM(old, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(seat, i, item);
        }
        PyTuple_SET_ITEM(seat, len, total);
        PyTuple_SET_ITEM(totals, p, seat);
    }
    Py_SETREF(s->totals, totals);
    for (int p = 0; p < s->n; p++)
        s->pending[p] = NONE;
    if (s->round >= s->rounds) {
        /* The final boards stay visible; only a new round would clear them. */
        s->turn = TURNS_PER_ROUND;
        s->over = 1;
        return 0;
    }
    s->round++;
    s->turn = 1;
    for (int p = 0; p < s->n; p++) {
        s->crossed[p] = 0;
        s->ts_len[p] = 0;
    }
    return 0;
}

/* rules.resolve: reveal the complete turn (the state's pending numbers), check and score it,
 * cross out, then the next turn or round. -1 with an error set. */
static int resolve(StateObject *s)
{
    const int n = s->n;
    RecordObject *r = PyObject_New(RecordObject, &RecordType);
    if (!r)
        return -1;
    r->before = s->last; /* the state's reference moves to the record */
    s->last = r;
    r->round = s->round;
    r->turn = s->turn;
    r->n = (int8_t)n;
    /* check: eliminated when another number is smaller (or equal, TN-A6) and shares a digit */
    int top = -1, tops = 0;
    for (int i = 0; i < n; i++) {
        int a = s->pending[i];
        r->number[i] = (int16_t)a;
        r->bonus[i] = 0;
        r->points[i] = 0;
        if (a == NONE) {
            r->status[i] = OUT;
            continue;
        }
        int status = APPROVED;
        for (int j = 0; j < n; j++) {
            int b = s->pending[j];
            if (b != NONE && (b < a || (s->eq_elim && b == a && j != i)) &&
                (DIGIT_MASK[b] & DIGIT_MASK[a])) {
                status = ELIMINATED;
                break;
            }
        }
        r->status[i] = (int8_t)status;
        if (status == APPROVED) {
            if (a > top) {
                top = a;
                tops = 1;
            } else if (a == top) {
                tops++;
            }
        }
    }
    int bonus = TURN_BONUSES[s->turn - 1];
    if (tops > 1 && s->tied_none)
        bonus = 0;
    int multiplier = s->turn == TURNS_PER_ROUND ? LAST_TURN_MULTIPLIER : 1;
    int all_out = 1;
    for (int i = 0; i < n; i++) {
        int a = r->number[i];
        if (a != NONE && r->status[i] == APPROVED) {
            r->points[i] = a / 100 * multiplier;
            if (a == top) {
                r->points[i] += bonus;
                r->bonus[i] = (int8_t)bonus;
            }
        }
        if (a != NONE && (s->cross_all || r->status[i] == APPROVED))
            s->crossed[i] |= DIGIT_MASK[a];
        s->ts[i][s->ts_len[i]++] = r->points[i];
        if (s->crossed[i] != ALL_CROSSED)
            all_out = 0;
    }
    if (s->turn == TURNS_PER_ROUND || all_out)
        return end_round(s);
    s->turn++;
    for (int i = 0; i < n; i++)
        s->pending[i] = NONE;
    return 0;
}

/* The set of seats to write now, as a bit mask. */
static unsigned movers(const StateObject *s)
{
    if (s->over)
        return 0;
    unsigned out = 0;
    for (int p = 0; p < s->n; p++)
        if (s->pending[p] == NONE && s->crossed[p] != ALL_CROSSED)
            out |= 1u << p;
    return out;
}

/* ---- conversions ------------------------------------------------------------------------ */

/* An int (or an object with __index__) of `o` in [lo, hi]; -1 with ValueError/TypeError naming
 * `what` if not. */
static int get_int(PyObject *o, long lo, long hi, long *out, const char *what)
{
    if (!PyIndex_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be %ld to %ld, not %R", what, lo, hi, o);
        return -1;
    }
    *out = v;
    return 0;
}

/* `o` as a tuple of exactly `len` items (a borrowed reference), or NULL with an error. */
static PyObject *get_tuple(PyObject *o, Py_ssize_t len, const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple, not %.100s", what,
                     Py_TYPE(o)->tp_name);
        return NULL;
    }
    if (len >= 0 && PyTuple_GET_SIZE(o) != len) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd items, not %zd", what, len,
                     PyTuple_GET_SIZE(o));
        return NULL;
    }
    return o;
}

static PyObject *NONE_TEXT; /* "none" (init-time) */

/* The option fields of a state from its options object. -1 with an error set. */
static int read_options(PyObject *options, StateObject *s)
{
    PyObject *rounds = PyObject_GetAttrString(options, "rounds");
    if (!rounds)
        return -1;
    long v;
    int bad = get_int(rounds, 1, MAX_ROUNDS, &v, "options.rounds");
    Py_DECREF(rounds);
    if (bad)
        return -1;
    s->rounds = (int32_t)v;
    static const char *flags[3] = {"tied_bonus", "eliminated_cross", "equal_eliminate"};
    int values[3];
    for (int i = 0; i < 3; i++) {
        PyObject *attr = PyObject_GetAttrString(options, flags[i]);
        if (!attr)
            return -1;
        values[i] = i == 0 ? PyObject_RichCompareBool(attr, NONE_TEXT, Py_EQ) : PyObject_IsTrue(attr);
        Py_DECREF(attr);
        if (values[i] < 0)
            return -1;
    }
    s->tied_none = (int8_t)values[0];
    s->cross_all = (int8_t)values[1];
    s->eq_elim = (int8_t)values[2];
    return 0;
}

/* The core state of a reference TheNumberState (a NamedTuple of 10 fields). */
static PyObject *from_reference(PyObject *ref)
{
    if (!PyTuple_Check(ref) || PyTuple_GET_SIZE(ref) != 10) {
        PyErr_Format(PyExc_TypeError, "expected a TheNumberState, not %.100s",
                     Py_TYPE(ref)->tp_name);
        return NULL;
    }
    StateObject *s = PyObject_New(StateObject, &StateType);
    if (!s)
        return NULL;
    memset((char *)s + sizeof(PyObject), 0, sizeof(StateObject) - sizeof(PyObject));
    PyObject *options = PyTuple_GET_ITEM(ref, 0);
    Py_INCREF(options);
    s->options = options;
    long v;
    if (read_options(options, s) < 0)
        goto fail;
    if (get_int(PyTuple_GET_ITEM(ref, 1), 1, MAX_PLAYERS, &v, "num_players") < 0)
        goto fail;
    const int n = (int)v;
    s->n = (int8_t)n;
    if (get_int(PyTuple_GET_ITEM(ref, 2), 1, 1000000, &v, "round") < 0)
        goto fail;
    s->round = (int32_t)v;
    if (get_int(PyTuple_GET_ITEM(ref, 3), 1, TURNS_PER_ROUND, &v, "turn") < 0)
        goto fail;
    s->turn = (int8_t)v;
    PyObject *crossed = get_tuple(PyTuple_GET_ITEM(ref, 4), n, "crossed");
    PyObject *pending = get_tuple(PyTuple_GET_ITEM(ref, 5), n, "pending");
    PyObject *scores = get_tuple(PyTuple_GET_ITEM(ref, 6), n, "turn_scores");
    PyObject *totals = get_tuple(PyTuple_GET_ITEM(ref, 7), n, "round_totals");
    PyObject *history = get_tuple(PyTuple_GET_ITEM(ref, 8), -1, "history");
    if (!crossed || !pending || !scores || !totals || !history)
        goto fail;
    for (int p = 0; p < n; p++) {
        if (get_int(PyTuple_GET_ITEM(crossed, p), 0, ALL_CROSSED, &v, "a crossed mask") < 0)
            goto fail;
        s->crossed[p] = (uint16_t)v;
        PyObject *number = PyTuple_GET_ITEM(pending, p);
        s->pending[p] = NONE;
        if (number != Py_None) {
            if (get_int(number, 0, NUMBERS - 1, &v, "a pending number") < 0)
                goto fail;
            s->pending[p] = (int16_t)v;
        }
        PyObject *seat = PyTuple_GET_ITEM(scores, p);
        if (!get_tuple(seat, -1, "a seat's turn scores"))
            goto fail;
        if (PyTuple_GET_SIZE(seat) > TS_FROM) {
            PyErr_Format(PyExc_ValueError, "the core holds at most %d turn scores a seat, not %zd",
                         TS_FROM, PyTuple_GET_SIZE(seat));
            goto fail;
        }
        s->ts_len[p] = (uint8_t)PyTuple_GET_SIZE(seat);
        for (int t = 0; t < s->ts_len[p]; t++) {
            if (get_int(PyTuple_GET_ITEM(seat, t), -1000000, 1000000, &v, "a turn score") < 0)
                goto fail;
            s->ts[p][t] = (int32_t)v;
        }
        if (!get_tuple(PyTuple_GET_ITEM(totals, p), -1, "a seat's round totals"))
            goto fail;
    }
    Py_INCREF(totals);
    s->totals = totals;
    Py_INCREF(history);
    s->base = history;
    int over = PyObject_IsTrue(PyTuple_GET_ITEM(ref, 9));
    if (over < 0)
        goto fail;
    s->over = (int8_t)over;
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

static PyObject *int_or_none(int v)
{
    PyObject *out = v == NONE ? Py_None : SMALL_INT[v];
    Py_INCREF(out);
    return out;
}

/* (round, turn, ((number or None, status code, points, bonus), ...)) of a record. */
static PyObject *record_raw(const RecordObject *r)
{
    PyObject *entries = PyTuple_New(r->n);
    if (!entries)
        return NULL;
    for (int p = 0; p < r->n; p++) {
        PyObject *entry = Py_BuildValue("(Niii)", int_or_none(r->number[p]), (int)r->status[p],
                                        (int)r->points[p], (int)r->bonus[p]);
        if (!entry) {
            Py_DECREF(entries);
            return NULL;
        }
        PyTuple_SET_ITEM(entries, p, entry);
    }
    return Py_BuildValue("(iiN)", (int)r->round, (int)r->turn, entries);
}

/* The fields in TheNumberState's order, the history split in two: (options, num_players, round,
 * turn, crossed, pending, turn_scores, round_totals, history before, turns revealed since (raw
 * records, oldest first), over). */
static PyObject *state_raw(const StateObject *s)
{
    const int n = s->n;
    PyObject *crossed = PyTuple_New(n), *pending = PyTuple_New(n), *scores = PyTuple_New(n);
    PyObject *records = NULL;
    if (!crossed || !pending || !scores)
        goto fail;
    for (int p = 0; p < n; p++) {
        PyObject *c = PyLong_FromLong(s->crossed[p]);
        PyObject *seat = PyTuple_New(s->ts_len[p]);
        if (!c || !seat) {
            Py_XDECREF(c);
            Py_XDECREF(seat);
            goto fail;
        }
        PyTuple_SET_ITEM(crossed, p, c);
        PyTuple_SET_ITEM(pending, p, int_or_none(s->pending[p]));
        PyTuple_SET_ITEM(scores, p, seat);
        for (int t = 0; t < s->ts_len[p]; t++) {
            PyObject *score = PyLong_FromLong(s->ts[p][t]);
            if (!score)
                goto fail;
            PyTuple_SET_ITEM(seat, t, score);
        }
    }
    Py_ssize_t count = 0;
    for (const RecordObject *r = s->last; r; r = r->before)
        count++;
    records = PyTuple_New(count);
    if (!records)
        goto fail;
    for (const RecordObject *r = s->last; r; r = r->before) {
        PyObject *raw = record_raw(r);
        if (!raw)
            goto fail;
        PyTuple_SET_ITEM(records, --count, raw);
    }
    return Py_BuildValue("(OiiiNNNOONO)", s->options, (int)n, (int)s->round, (int)s->turn,
                         crossed, pending, scores, s->totals, s->base, records,
                         s->over ? Py_True : Py_False);
fail:
    Py_XDECREF(crossed);
    Py_XDECREF(pending);
    Py_XDECREF(scores);
    Py_XDECREF(records);
    return NULL;
}

/* ---- the Engine type -------------------------------------------------------------------- */

#define ENGINE_FIELDS(X) /* the reference engine's callables it calls back */ \
    X(name)          /* the game's name (a str) */                            \
    X(pure_setup)    /* state.setup */                                        \
    X(pure_play)     /* rules.play */                                         \
    X(make_outcome)  /* round_totals -> the Outcome of a finished game */     \
    X(make_state)    /* state_raw(...) -> the reference state */
#include "../_engine.h"

static const StateObject *state_arg(PyObject *o)
{
    if (!Py_IS_TYPE(o, &StateType)) {
        PyErr_Format(PyExc_TypeError, "expected a the_number core State, not %.100s",
                     Py_TYPE(o)->tp_name);
        return NULL;
    }
    return (const StateObject *)o;
}

static PyObject *to_reference_state(EngineObject *self, const StateObject *s)
{
    PyObject *raw = state_raw(s);
    if (!raw)
        return NULL;
    PyObject *ref = PyObject_CallOneArg(self->make_state, raw);
    Py_DECREF(raw);
    return ref;
}

/* state.setup for a player count it accepts: fresh boards at round 1, turn 1 (the rng is not
 * used); anything else is the reference's to refuse. */
static PyObject *engine_setup(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    long n;
    if (nargs == 3 && seat_value(args[0], &n) && n >= MIN_PLAYERS && n <= MAX_PLAYERS) {
        StateObject *s = PyObject_New(StateObject, &StateType);
        if (!s)
            return NULL;
        memset((char *)s + sizeof(PyObject), 0, sizeof(StateObject) - sizeof(PyObject));
        Py_INCREF(args[1]);
        s->options = args[1];
        if (read_options(args[1], s) < 0) {
            Py_DECREF(s);
            return NULL;
        }
        s->n = (int8_t)n;
        s->round = 1;
        s->turn = 1;
        for (int p = 0; p < n; p++)
            s->pending[p] = NONE;
        s->totals = EMPTY_TOTALS[n];
        Py_INCREF(s->totals);
        s->base = MOVERS[0]; /* () */
        Py_INCREF(s->base);
        return (PyObject *)s;
    }
    PyObject *ref = PyObject_Vectorcall(self->pure_setup, args, nargs, NULL);
    if (!ref)
        return NULL;
    PyObject *out = from_reference(ref);
    Py_DECREF(ref);
    return out;
}

static PyObject *engine_to_move(EngineObject *self, PyObject *state)
{
    const StateObject *s = state_arg(state);
    if (!s)
        return NULL;
    PyObject *out = MOVERS[movers(s)];
    Py_INCREF(out);
    return out;
}

static PyObject *engine_legal_moves(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(state, seat)");
        return NULL;
    }
    const StateObject *s = state_arg(args[0]);
    if (!s)
        return NULL;
    long seat;
    PyObject *out = MOVERS[0]; /* () */
    if (seat_value(args[1], &seat) && !s->over && seat >= 0 && seat < s->n &&
        s->pending[seat] == NONE)
        out = LEGAL[s->crossed[seat]]; /* () when every digit is crossed */
    Py_INCREF(out);
    return out;
}

static PyObject *engine_play(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play(state, seat, move)");
        return NULL;
    }
    const StateObject *s = state_arg(args[0]);
    if (!s)
        return NULL;
    long seat;
    if (seat_value(args[1], &seat) && !s->over && seat >= 0 && seat < s->n &&
        s->pending[seat] == NONE && PyUnicode_CheckExact(args[2])) {
        PyObject *index = PyDict_GetItemWithError(MOVE_INDEX, args[2]);
        if (index) {
            long number = PyLong_AsLong(index);
            if (!(DIGIT_MASK[number] & s->crossed[seat])) {
                StateObject *out = copy_state(s);
                if (!out)
                    return NULL;
                out->pending[seat] = (int16_t)number;
                if (movers(out) == 0 && resolve(out) < 0) {
                    Py_DECREF(out);
                    return NULL;
                }
                return (PyObject *)out;
            }
        } else if (PyErr_Occurred()) {
            return NULL;
        }
    }
    /* Not the fast path: the reference engine plays it (or refuses it with its own error). */
    PyObject *ref = to_reference_state(self, s);
    if (!ref)
        return NULL;
    PyObject *call[3] = {ref, args[1], args[2]};
    PyObject *after = PyObject_Vectorcall(self->pure_play, call, 3, NULL);
    Py_DECREF(ref);
    if (!after)
        return NULL;
    PyObject *out = from_reference(after);
    Py_DECREF(after);
    return out;
}

static PyObject *engine_outcome(EngineObject *self, PyObject *state)
{
    const StateObject *s = state_arg(state);
    if (!s)
        return NULL;
    if (!s->over)
        Py_RETURN_NONE;
    return PyObject_CallOneArg(self->make_outcome, s->totals);
}

static PyObject *engine_from_reference(EngineObject *self, PyObject *ref)
{
    return from_reference(ref);
}

static PyObject *engine_to_reference(EngineObject *self, PyObject *state)
{
    const StateObject *s = state_arg(state);
    return s ? to_reference_state(self, s) : NULL;
}

static PyObject *engine_raw(EngineObject *self, PyObject *state)
{
    const StateObject *s = state_arg(state);
    return s ? state_raw(s) : NULL;
}

static PyObject *engine_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"name", "setup", "play", "make_outcome", "make_state", NULL};
    PyObject *name, *setup, *play, *make_outcome, *make_state;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UOOOO:Engine", kwlist, &name, &setup, &play,
                                     &make_outcome, &make_state))
        return NULL;
    return engine_alloc(type, (PyObject *const[]){name, setup, play, make_outcome, make_state});
}

static PyMethodDef engine_methods[] = {
    {"setup", (PyCFunction)(void (*)(void))engine_setup, METH_FASTCALL,
     "setup(num_players, options, rng): the reference engine's setup, as a core State."},
    {"to_move", (PyCFunction)engine_to_move, METH_O,
     "to_move(state): the seats still to write this turn, ascending."},
    {"legal_moves", (PyCFunction)(void (*)(void))engine_legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the move texts, in the reference engine's order (a tuple)."},
    {"play", (PyCFunction)(void (*)(void))engine_play, METH_FASTCALL,
     "play(state, seat, move): the state after the move; the reference engine's error if not."},
    {"outcome", (PyCFunction)engine_outcome, METH_O, "outcome(state): the Outcome, or None."},
    {"from_reference", (PyCFunction)engine_from_reference, METH_O,
     "from_reference(state): the core State of a reference state."},
    {"to_reference", (PyCFunction)engine_to_reference, METH_O,
     "to_reference(state): the reference state equal to a core State."},
    {"raw", (PyCFunction)engine_raw, METH_O,
     "raw(state): the fields in TheNumberState's order as plain tuples and ints, the history "
     "as (the converted-from history, the turns revealed since as plain tuples)."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.the_number._core.Engine",
    .tp_doc = PyDoc_STR("Engine(name, setup, play, make_outcome, make_state): The Number's rules "
                        "on core States (arena.core.compiled.CompiledEngine)."),
    ENGINE_TYPE_SLOTS,
};

/* ---- observations (arena/env/observations/the_number.py, from the state) ---------------- */

#include "../_observe.h"

static PyObject *STATUS_TEXT[3]; /* "approved", "eliminated", "out" (init-time) */

/* The status code of a reference Entry's status (a StrEnum), or -1 with ValueError. */
static int status_code(PyObject *status)
{
    for (int i = 0; i < 3; i++) {
        int same = PyObject_RichCompareBool(status, STATUS_TEXT[i], Py_EQ);
        if (same != 0)
            return same < 0 ? -1 : i;
    }
    PyErr_Format(PyExc_ValueError, "not a status: %R", status);
    return -1;
}

/* The sum of a tuple of ints (a seat's round totals), or -1 with an error set (*ok = 0). */
static long sum_ints(PyObject *items, int *ok)
{
    long total = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(items); i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(items, i));
        if (v == -1 && PyErr_Occurred()) {
            *ok = 0;
            return -1;
        }
        total += v;
    }
    return total;
}

/* Write the last revealed turn (a reference TurnRecord) into the vector: each seat's number's
 * digits and its status, from the viewer on. */
static int observe_last_turn(PyObject *record, int n, long seat, float *digits, float *status)
{
    PyObject *entries = PyTuple_Check(record) && PyTuple_GET_SIZE(record) == 3
                            ? get_tuple(PyTuple_GET_ITEM(record, 2), n, "a turn's entries")
                            : NULL;
    if (!entries) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "the history holds TurnRecords");
        return -1;
    }
    for (int k = 0; k < n; k++) {
        PyObject *entry = PyTuple_GET_ITEM(entries, ((seat + k) % n + n) % n);
        if (!PyTuple_Check(entry) || PyTuple_GET_SIZE(entry) != 4) {
            PyErr_SetString(PyExc_TypeError, "a turn's entries are Entries");
            return -1;
        }
        PyObject *number = PyTuple_GET_ITEM(entry, 0);
        if (number != Py_None) {
            long v;
            if (get_int(number, 0, NUMBERS - 1, &v, "a written number") < 0)
                return -1;
            digits[30 * k + v / 100] = 1.0f;
            digits[30 * k + 10 + v / 10 % 10] = 1.0f;
            digits[30 * k + 20 + v % 10] = 1.0f;
        }
        int code = status_code(PyTuple_GET_ITEM(entry, 1));
        if (code < 0)
            return -1;
        status[3 * k + code] = 1.0f;
    }
    return 0;
}

/* encode(state, seat, out): the seat's observation vector of a reference state into `out` (a
 * float32 buffer of the layout's size), as observations/the_number.py's fill_list writes it
 * from the seat's view. */
static PyObject *core_encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat, out) takes 3 arguments");
        return NULL;
    }
    long seat;
    if (get_int(args[1], -1000000, 1000000, &seat, "seat") < 0)
        return NULL;
    StateObject *s = (StateObject *)from_reference(args[0]);
    if (!s)
        return NULL;
    const int n = s->n;
    Py_buffer buffer;
    if (observe_out(args[2], 50 * n + 9, &buffer) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    float *v = (float *)buffer.buf;
    float *crossed = v, *out = v + 10 * n, *totals = v + 11 * n, *scores = v + 12 * n;
    float *turn = v + 17 * n, *round = turn + TURNS_PER_ROUND, *digits = round + 1;
    float *status = digits + 30 * n, *flags = status + 3 * n;
    const int rounds = s->rounds > 1 ? s->rounds : 1;
    int ok = 1;
    for (int k = 0; k < n && ok; k++) {
        const int p = (int)(((seat + k) % n + n) % n);
        for (int d = 0; d < DIGITS; d++)
            if (s->crossed[p] >> d & 1)
                crossed[10 * k + d] = 1.0f;
        out[k] = s->crossed[p] == ALL_CROSSED ? 1.0f : 0.0f;
        long total = sum_ints(PyTuple_GET_ITEM(s->totals, p), &ok);
        if (!s->over) {
            for (int t = 0; t < s->ts_len[p]; t++)
                total += s->ts[p][t];
            total += popcount10(s->crossed[p]);
        }
        totals[k] = (float)fmin((double)total / (100.0 * rounds), 1.0);
        for (int t = 0; t < s->ts_len[p] && t < TURNS_PER_ROUND; t++)
            scores[TURNS_PER_ROUND * k + t] = (float)fmin(s->ts[p][t] / 30.0, 1.0);
    }
    if (ok) {
        if (s->turn >= 1 && s->turn <= TURNS_PER_ROUND)
            turn[s->turn - 1] = 1.0f;
        *round = (float)fmin((double)s->round / (double)rounds, 1.0);
        const Py_ssize_t turns = PyTuple_GET_SIZE(s->base);
        if (turns > 0)
            ok = observe_last_turn(PyTuple_GET_ITEM(s->base, turns - 1), n, seat, digits,
                                   status) == 0;
        flags[0] = s->tied_none ? 1.0f : 0.0f;
        flags[1] = s->cross_all ? 1.0f : 0.0f;
        flags[2] = s->eq_elim ? 1.0f : 0.0f;
    }
    PyBuffer_Release(&buffer);
    Py_DECREF(s);
    if (!ok)
        return NULL;
    Py_RETURN_NONE;
}

/* legal_mask(state, seat, out): 1 in `out` (int8, one per number 0..999: arena.env's action
 * table) at every number the seat may write in a reference state, as rules.legal_moves lists
 * them; all zeros when it may write none. */
static PyObject *core_legal_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "legal_mask(state, seat, out) takes 3 arguments");
        return NULL;
    }
    long seat;
    if (get_int(args[1], -1000000, 1000000, &seat, "seat") < 0)
        return NULL;
    StateObject *s = (StateObject *)from_reference(args[0]);
    if (!s)
        return NULL;
    Py_buffer buffer;
    if (observe_mask_out(args[2], NUMBERS, &buffer) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    if (!s->over && seat >= 0 && seat < s->n && s->pending[seat] == NONE &&
        s->crossed[seat] != ALL_CROSSED) {
        int8_t *mask = (int8_t *)buffer.buf;
        const unsigned crossed = s->crossed[seat];
        for (int v = 0; v < NUMBERS; v++)
            mask[v] = !(DIGIT_MASK[v] & crossed);
    }
    PyBuffer_Release(&buffer);
    Py_DECREF(s);
    Py_RETURN_NONE;
}

static PyMethodDef core_methods[] = {
    {"legal_mask", (PyCFunction)(void (*)(void))core_legal_mask, METH_FASTCALL,
     "legal_mask(state, seat, out): the seat's legal numbers in a reference state, as 1s in "
     "`out` (int8, 1000: action i writes number i)."},
    {"encode", (PyCFunction)(void (*)(void))core_encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference state, written "
     "into `out` (float32, arena.env's layout for the state's player count)."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

/* ---- the module ------------------------------------------------------------------------- */

static int init_tables(void)
{
    for (int v = 0; v < NUMBERS; v++) {
        DIGIT_MASK[v] = (uint16_t)((1 << (v / 100)) | (1 << (v / 10 % 10)) | (1 << (v % 10)));
        if (!(SMALL_INT[v] = PyLong_FromLong(v)))
            return -1;
    }
    MOVE_INDEX = PyDict_New();
    if (!MOVE_INDEX)
        return -1;
    for (int v = 0; v < NUMBERS; v++) {
        PyObject *text = PyUnicode_FromFormat("write %03d", v);
        if (!text)
            return -1;
        PyUnicode_InternInPlace(&text);
        MOVE_STR[v] = text;
        if (PyDict_SetItem(MOVE_INDEX, text, SMALL_INT[v]) < 0)
            return -1;
    }
    /* Every board's legal moves, ascending: 1024 tuples, about 166,000 items in all. */
    int16_t numbers[NUMBERS];
    for (int mask = 0; mask < BOARDS; mask++) {
        int count = 0;
        for (int v = 0; v < NUMBERS; v++)
            if (!(DIGIT_MASK[v] & mask))
                numbers[count++] = (int16_t)v;
        PyObject *moves = PyTuple_New(count);
        if (!moves)
            return -1;
        for (int i = 0; i < count; i++) {
            Py_INCREF(MOVE_STR[numbers[i]]);
            PyTuple_SET_ITEM(moves, i, MOVE_STR[numbers[i]]);
        }
        LEGAL[mask] = moves;
    }
    for (unsigned set = 0; set < (1u << MAX_PLAYERS); set++) {
        PyObject *seats = PyTuple_New(popcount10(set));
        if (!seats)
            return -1;
        Py_ssize_t i = 0;
        for (int p = 0; p < MAX_PLAYERS; p++)
            if (set >> p & 1) {
                Py_INCREF(SMALL_INT[p]);
                PyTuple_SET_ITEM(seats, i++, SMALL_INT[p]);
            }
        MOVERS[set] = seats;
    }
    for (int n = 0; n <= MAX_PLAYERS; n++) {
        PyObject *totals = PyTuple_New(n);
        if (!totals)
            return -1;
        for (int p = 0; p < n; p++) {
            Py_INCREF(MOVERS[0]);
            PyTuple_SET_ITEM(totals, p, MOVERS[0]);
        }
        EMPTY_TOTALS[n] = totals;
    }
    static const char *statuses[3] = {"approved", "eliminated", "out"};
    for (int i = 0; i < 3; i++)
        if (!(STATUS_TEXT[i] = PyUnicode_InternFromString(statuses[i])))
            return -1;
    NONE_TEXT = PyUnicode_InternFromString("none");
    return NONE_TEXT ? 0 : -1;
}

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arena.games.the_number._core",
    .m_doc = "The Number's compiled core (see arena/games/the_number/compiled.py).",
    .m_size = -1,
    .m_methods = core_methods,
};

PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&RecordType) < 0 || PyType_Ready(&StateType) < 0 ||
        PyType_Ready(&EngineType) < 0)
        return NULL;
    if (!MOVE_INDEX && init_tables() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module)
        return NULL;
    Py_INCREF(&StateType);
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(module, "State", (PyObject *)&StateType) < 0 ||
        PyModule_AddObject(module, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
