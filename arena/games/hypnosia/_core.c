/* Hypnosia's compiled core: the rules of arena/games/hypnosia/rules.py on a C state.
 *
 * The pure-Python engine is the reference (tests/games/hypnosia/test_hypnosia_compiled.py plays
 * both in step); this file must do exactly what rules.py does: the same legal moves in the same
 * order, the same dice from the state's splitmix64 stream, the same events kept per turn.
 *
 * The board is not written here: compiled.py hands init() the tables of board.py and the move
 * texts of notation.py once, at import. A move is a code:
 *     ((die - 1) * sources + source) * 4 + stack * 2 + inward
 * with source a space index, or spaces + k - 1 for the mover's start slot S<k>. An event of a
 * turn is (seat << 13 | code), code a move, or one of the "roll a b", "rolloff a b", "skip d"
 * codes that follow the moves.
 *
 * A state is immutable: play() returns a new one. What the core cannot do itself (a seat that is
 * not the one to move, a move that is not legal, anything odd about a state) it hands back to the
 * reference engine through the `slow_play` callable, so the errors are the reference's own.
 * Tables are written once, by init(); a state holds no Python object that could refer back to it
 * (ints, strs and tuples of them), so states are not tracked by the cyclic GC.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../_observe.h" /* arena.env's tensors as lists of floats */

#include "../_chance.h" /* arena/core/chance.py in C */

#define MAX_PLAYERS 6
#define MAX_SPACES 160 /* board.py has 108; init() refuses more than this */
#define MAX_DIE 6
#define START_SLOTS 4
#define CENTRE_PLACES 5
#define KEPT_TURNS 8 /* turns a state may hold: n + 1 <= 7 kept, one more while a turn is passed */
#define TURN_EVENTS 3 /* a roll, then two die uses or forfeits */
#define MAX_MOVES 64
#define SINGLE 8
#define STACK_CELL 16
#define OWNER_MASK 7
#define HEIGHT_SHIFT 3
#define NO_DEST (-1)
#define CENTRE_DEST (-2)
#define SEAT_SHIFT 13
#define CODE_MASK ((1 << SEAT_SHIFT) - 1)

enum { PLAYING = 0, OVER_NORMAL = 1, OVER_CAPPED = 2 };

/* ---- tables, written once by init() ---------------------------------------------------- */

static int ready;
static int num_spaces, num_sources, num_tokens;
static int16_t along_t[MAX_SPACES][MAX_DIE + 1];
static int16_t across_t[MAX_SPACES][MAX_DIE + 1];
static int16_t from_start_t[MAX_PLAYERS][START_SLOTS + 1][MAX_DIE + 1];
/* per move code: die, source (space index, or -k for slot S<k>), height moved, destination
 * (for a space source; NO_DEST when the die cannot go that way) */
static int8_t *act_die, *act_height;
static int16_t *act_src, *act_dest;
static PyObject **event_text;  /* per event code: its text (borrowed from `texts`) */
static PyObject *texts;        /* the tuple holding every event text */
static PyObject *token_codes;  /* dict: move text -> code */
static PyObject *event_codes;  /* dict: event text -> code */
static PyObject *seat_tuples[MAX_PLAYERS];
static PyObject *seat_ints[MAX_PLAYERS];
static PyObject *empty_tuple, *empty_text, *normal_end, *capped_end;
static PyObject *make_state, *stream_type, *slow_play, *outcome_of;
static int roll_base, rolloff_base, skip_base, num_events;
static const uint8_t zeros[MAX_SPACES];

/* ---- the state -------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    PyObject *moves_tuple;   /* the legal-move texts, built on first request, or NULL */
    PyObject *head;          /* NULL, or turns[0] kept as the reference's own tuple */
    PyObject *round_cap_obj; /* the option's int as given */
    uint64_t stream;
    int64_t round, ply, events_before, round_cap;
    int32_t gained[MAX_PLAYERS], lost[MAX_PLAYERS];
    uint8_t n, stacks_cross, first, current, over;
    uint8_t ncentre, ndice, nleft, nmoves, nturns;
    uint8_t start[MAX_PLAYERS];
    uint8_t centre[CENTRE_PLACES];
    uint8_t dice[2], left[2];
    uint8_t nev[KEPT_TURNS + 1];
    uint16_t ev[KEPT_TURNS + 1][TURN_EVENTS];
    uint16_t moves[MAX_MOVES];
    uint8_t cells[MAX_SPACES];
} HState;

/* Within pymalloc's small objects (512 bytes): a play allocates one state. */
_Static_assert(sizeof(HState) <= 512, "a state outgrows pymalloc's small objects");

static PyTypeObject HStateType;

static void
hstate_dealloc(HState *self)
{
    Py_XDECREF(self->moves_tuple);
    Py_XDECREF(self->head);
    Py_XDECREF(self->round_cap_obj);
    PyObject_Free(self);
}

static PyObject *core_to_reference(PyObject *module, PyObject *arg);

/* copy.copy and copy.deepcopy: the state itself (it never changes). */
static PyObject *
hstate_copy(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    Py_INCREF(self);
    return self;
}

static PyObject *
hstate_deepcopy(PyObject *self, PyObject *memo)
{
    Py_INCREF(self);
    return self;
}

/* pickle: the reference state, converted forth by compiled.py (which initialises the core). */
static PyObject *
hstate_reduce(PyObject *self, PyObject *Py_UNUSED(ignored))
{
    PyObject *glue = PyImport_ImportModule("arena.games.hypnosia.compiled");
    if (glue == NULL)
        return NULL;
    PyObject *rebuild = PyObject_GetAttrString(glue, "from_pickled_reference");
    Py_DECREF(glue);
    if (rebuild == NULL)
        return NULL;
    PyObject *ref = core_to_reference(NULL, self);
    if (ref == NULL) {
        Py_DECREF(rebuild);
        return NULL;
    }
    return Py_BuildValue("(N(N))", rebuild, ref);
}

static PyMethodDef hstate_methods[] = {
    {"__copy__", hstate_copy, METH_NOARGS, "The state itself: it never changes."},
    {"__deepcopy__", hstate_deepcopy, METH_O, "The state itself: it never changes."},
    {"__reduce__", hstate_reduce, METH_NOARGS, "Pickled as its reference state."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject HStateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arena.games.hypnosia._core.State",
    .tp_doc = "A Hypnosia position of the compiled core (immutable; see to_reference).",
    .tp_basicsize = sizeof(HState),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)hstate_dealloc,
    .tp_methods = hstate_methods,
};

#define BODY offsetof(HState, moves_tuple)

static HState *
new_state(void)
{
    HState *s = PyObject_New(HState, &HStateType);
    if (s == NULL)
        return NULL;
    memset((char *)s + BODY, 0, sizeof(HState) - BODY);
    return s;
}

static HState *
copy_state(const HState *from)
{
    HState *s = PyObject_New(HState, &HStateType);
    if (s == NULL)
        return NULL;
    memcpy((char *)s + BODY, (const char *)from + BODY, sizeof(HState) - BODY);
    s->moves_tuple = NULL;
    Py_XINCREF(s->head);
    Py_XINCREF(s->round_cap_obj);
    return s;
}

static inline int
pymod(int a, int n)
{
    int r = a % n;
    return r < 0 ? r + n : r;
}

static inline int
move_code(int die, int source, int stack, int inward)
{
    return ((die - 1) * num_sources + source) * 4 + stack * 2 + inward;
}

/* rules.generate: every legal die use of `seat` with `dice`, as codes into out[MAX_MOVES].
 * Returns the count, or -1 (ValueError set) if a position holds more than the core can. */
static int
generate(const uint8_t *cells, unsigned slots, int seat, const uint8_t *dice, int ndice,
         int stacks_cross, uint16_t *out)
{
    int own[MAX_SPACES];
    int nown = 0, count = 0;
    const int single = SINGLE | seat, stack = 2 * SINGLE | seat;
    for (int w = 0; w < num_spaces; w += 8) { /* the board is mostly empty: 8 cells a read */
        const int end = w + 8 < num_spaces ? w + 8 : num_spaces;
        if (end == w + 8) {
            uint64_t word;
            memcpy(&word, cells + w, sizeof word);
            if (!word)
                continue;
        }
        for (int i = w; i < end; i++) {
            if (cells[i] == single || cells[i] == stack)
                own[nown++] = i;
        }
    }
    if (ndice == 2 && dice[0] == dice[1])
        ndice = 1; /* a double: both dice give the same moves */
#define PUSH(c)                                                                             \
    do {                                                                                    \
        if (count == MAX_MOVES) {                                                           \
            PyErr_SetString(PyExc_ValueError, "more legal moves than the compiled core holds"); \
            return -1;                                                                      \
        }                                                                                   \
        out[count++] = (uint16_t)(c);                                                       \
    } while (0)
    for (int j = 0; j < ndice; j++) {
        const int d = dice[j];
        for (int k = 1; k <= START_SLOTS; k++) {
            if (slots >> (k - 1) & 1) {
                const int dest = from_start_t[seat][k][d];
                if (dest >= 0 && cells[dest] < STACK_CELL)
                    PUSH(move_code(d, num_spaces + k - 1, 0, 0));
            }
        }
        for (int u = 0; u < nown; u++) {
            const int i = own[u];
            const int along = along_t[i][d], across = across_t[i][d];
            const int base = move_code(d, i, 0, 0);
            const int target = cells[along];
            if (target < STACK_CELL)
                PUSH(base); /* single along */
            if (across != NO_DEST && (across == CENTRE_DEST || cells[across] < STACK_CELL))
                PUSH(base + 1); /* single across */
            if (cells[i] >= STACK_CELL) {
                if (!target || (target & OWNER_MASK) != seat)
                    PUSH(base + 2); /* stack along */
                if (stacks_cross && across != NO_DEST) {
                    if (across == CENTRE_DEST || !cells[across] ||
                        (cells[across] & OWNER_MASK) != seat)
                        PUSH(base + 3); /* stack across */
                }
            }
        }
    }
#undef PUSH
    return count;
}

static inline int
has_pawns(const HState *s, int seat)
{
    return s->start[seat] || memchr(s->cells, SINGLE | seat, num_spaces) != NULL ||
           memchr(s->cells, STACK_CELL | seat, num_spaces) != NULL;
}

/* Events of turn `t` (turns[t] of the reference). */
static Py_ssize_t
turn_length(const HState *s, int t)
{
    return t == 0 && s->head != NULL ? PyTuple_GET_SIZE(s->head) : s->nev[t];
}

static PyObject *
event_tuple(uint16_t e)
{
    return PyTuple_Pack(2, seat_ints[e >> SEAT_SHIFT], event_text[e & CODE_MASK]);
}

/* Append event `e` to the last turn (the current one) of a state being built. */
static int
append_event(HState *s, uint16_t e)
{
    const int t = s->nturns - 1;
    if (t == 0 && s->head != NULL) {
        PyObject *ev = event_tuple(e);
        if (ev == NULL)
            return -1;
        Py_ssize_t len = PyTuple_GET_SIZE(s->head);
        PyObject *turn = PyTuple_New(len + 1);
        if (turn == NULL) {
            Py_DECREF(ev);
            return -1;
        }
        for (Py_ssize_t i = 0; i < len; i++) {
            PyObject *item = PyTuple_GET_ITEM(s->head, i);
            Py_INCREF(item);
            PyTuple_SET_ITEM(turn, i, item);
        }
        PyTuple_SET_ITEM(turn, len, ev);
        Py_SETREF(s->head, turn);
        return 0;
    }
    if (s->nev[t] >= TURN_EVENTS) {
        PyErr_SetString(PyExc_ValueError, "a turn of more events than the compiled core holds");
        return -1;
    }
    s->ev[t][s->nev[t]++] = e;
    return 0;
}

/* Drop the oldest kept turn (its events count in events_before). */
static void
drop_turn(HState *s)
{
    s->events_before += turn_length(s, 0);
    Py_CLEAR(s->head);
    s->nturns--;
    memmove(s->nev, s->nev + 1, s->nturns);
    memmove(s->ev, s->ev + 1, s->nturns * sizeof(s->ev[0]));
}

/* rules._pass_turn on a state being built: the next seat with pawns rolls; a roll without a
 * legal use is forfeited and passed on; the round cap stops the game. */
static int
pass_turn(HState *s)
{
    const int n = s->n, first = s->first;
    const int mover = s->current;
    const uint64_t last_stream = s->stream;
    int seat = mover;
    int64_t round = s->round;
    for (;;) {
        int following = seat;
        for (int step = 1; step <= n; step++) {
            const int candidate = (seat + step) % n;
            if (has_pawns(s, candidate)) {
                following = candidate;
                break;
            }
        }
        round += pymod(following - first, n) <= pymod(seat - first, n);
        if (round > s->round_cap) {
            s->current = (uint8_t)mover;
            s->round = s->round_cap;
            s->nleft = 0;
            s->nmoves = 0;
            s->stream = last_stream;
            s->over = OVER_CAPPED;
            return 0;
        }
        seat = following;
        uint8_t roll[2];
        chance_dice_pair(&s->stream, 6, roll);
        const int count =
            generate(s->cells, s->start[seat], seat, roll, 2, s->stacks_cross, s->moves);
        if (count < 0)
            return -1;
        const int t = s->nturns++;
        const uint16_t who = (uint16_t)(seat << SEAT_SHIFT);
        s->ev[t][0] = who | (uint16_t)(roll_base + roll[0] * 7 + roll[1]);
        s->nev[t] = 1;
        if (count == 0) {
            s->ev[t][1] = who | (uint16_t)(skip_base + roll[0]);
            s->ev[t][2] = who | (uint16_t)(skip_base + roll[1]);
            s->nev[t] = 3;
        }
        while (s->nturns > n + 1)
            drop_turn(s);
        if (count) {
            s->nmoves = (uint8_t)count;
            s->current = (uint8_t)seat;
            s->round = round;
            s->dice[0] = s->left[0] = roll[0];
            s->dice[1] = s->left[1] = roll[1];
            s->ndice = s->nleft = 2;
            return 0;
        }
    }
}

/* ---- module functions ------------------------------------------------------------------- */

static inline HState *
as_state(PyObject *obj)
{
    if (!Py_IS_TYPE(obj, &HStateType)) {
        PyErr_Format(PyExc_TypeError, "expected a compiled Hypnosia state, not %.100s",
                     Py_TYPE(obj)->tp_name);
        return NULL;
    }
    return (HState *)obj;
}

static int
check_ready(void)
{
    if (!ready)
        PyErr_SetString(PyExc_RuntimeError, "hypnosia._core.init() has not run");
    return ready;
}

/* The seat argument as the seat it is, or -1 if it is no seat of 0..5. */
static inline int
seat_of(PyObject *seat)
{
    if (!PyLong_CheckExact(seat))
        return -1;
    int overflow;
    long v = PyLong_AsLongAndOverflow(seat, &overflow);
    return overflow || v < 0 || v >= MAX_PLAYERS ? -1 : (int)v;
}

static PyObject *
core_to_move(PyObject *module, PyObject *arg)
{
    HState *s = as_state(arg);
    if (s == NULL)
        return NULL;
    PyObject *out = s->over ? empty_tuple : seat_tuples[s->current];
    Py_INCREF(out);
    return out;
}

static PyObject *
moves_of(HState *s)
{
    if (s->moves_tuple == NULL) {
        PyObject *out = PyTuple_New(s->nmoves);
        if (out == NULL)
            return NULL;
        for (int j = 0; j < s->nmoves; j++) {
            PyObject *text = event_text[s->moves[j]];
            Py_INCREF(text);
            PyTuple_SET_ITEM(out, j, text);
        }
        /* A cache (the state's value does not change). Building the tuple may run the GC, and
         * another thread with it: keep the first tuple stored, whichever thread built it. */
        if (s->moves_tuple == NULL)
            s->moves_tuple = out;
        else
            Py_DECREF(out);
    }
    Py_INCREF(s->moves_tuple);
    return s->moves_tuple;
}

static PyObject *
core_legal_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(state, seat)");
        return NULL;
    }
    HState *s = as_state(args[0]);
    if (s == NULL)
        return NULL;
    int seat = seat_of(args[1]);
    if (seat < 0 && !PyLong_CheckExact(args[1])) { /* a seat given as another type */
        PyObject *current = PyLong_FromLong(s->current);
        if (current == NULL)
            return NULL;
        int same = PyObject_RichCompareBool(args[1], current, Py_EQ);
        Py_DECREF(current);
        if (same < 0)
            return NULL;
        seat = same ? s->current : -1;
    }
    if (s->over || seat != s->current) {
        Py_INCREF(empty_tuple);
        return empty_tuple;
    }
    return moves_of(s);
}

static PyObject *
delegate(PyObject *const *args)
{
    return PyObject_Vectorcall(slow_play, args, 3, NULL);
}

static PyObject *
core_play(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play(state, seat, move)");
        return NULL;
    }
    const HState *s = as_state(args[0]);
    if (s == NULL)
        return NULL;
    const int seat = seat_of(args[1]);
    PyObject *move = args[2];
    if (s->over || seat != s->current)
        return delegate(args);
    int code = -1;
    for (int j = 0; j < s->nmoves; j++) {
        if (event_text[s->moves[j]] == move) {
            code = s->moves[j];
            break;
        }
    }
    if (code < 0) {
        if (!PyUnicode_Check(move))
            return delegate(args);
        PyObject *found = PyDict_GetItemWithError(token_codes, move);
        if (found == NULL) {
            if (PyErr_Occurred())
                return NULL;
            return delegate(args);
        }
        const long c = PyLong_AsLong(found);
        for (int j = 0; j < s->nmoves; j++) {
            if (s->moves[j] == c) {
                code = (int)c;
                break;
            }
        }
        if (code < 0)
            return delegate(args);
    }
    /* What the move does; anything the reference would do oddly is left to it. */
    const int die = act_die[code], height = act_height[code], src = act_src[code];
    int dest = act_dest[code];
    if (src < 0)
        dest = from_start_t[seat][-src][die];
    if (dest == NO_DEST || (src < 0 && dest < 0) || s->nleft == 0 || s->nturns == 0)
        return delegate(args);
    int cell_dest = 0, taken = 0, victim = 0;
    if (dest >= 0) {
        const int target = s->cells[dest];
        int base = target;
        if (target && (target & OWNER_MASK) != seat) {
            victim = target & OWNER_MASK;
            if (victim >= s->n)
                return delegate(args);
            taken = target >> HEIGHT_SHIFT;
            base = 0;
        }
        cell_dest = (height + (base >> HEIGHT_SHIFT)) << HEIGHT_SHIFT | seat;
        if (cell_dest > 255)
            return delegate(args);
    }
    HState *t = copy_state(s);
    if (t == NULL)
        return NULL;
    if (src < 0)
        t->start[seat] &= (uint8_t) ~(1u << (-src - 1));
    else
        t->cells[src] = (s->cells[src] >> HEIGHT_SHIFT) > height ? (uint8_t)(SINGLE | seat) : 0;
    if (dest == CENTRE_DEST) {
        int entering = CENTRE_PLACES - t->ncentre;
        if (height < entering)
            entering = height;
        for (int e = 0; e < entering; e++)
            t->centre[t->ncentre++] = (uint8_t)seat;
        if (entering < height) /* HY-A10: one pawn of the stack stays on the bridge space */
            t->cells[src] = (uint8_t)(SINGLE | seat);
    }
    else {
        if (taken) {
            t->gained[seat] += taken;
            t->lost[victim] += taken;
        }
        t->cells[dest] = (uint8_t)cell_dest;
    }
    if (t->left[0] == die) {
        t->left[0] = t->left[1];
        t->nleft--;
    }
    else
        t->nleft = 1;
    const uint16_t who = (uint16_t)(seat << SEAT_SHIFT);
    if (append_event(t, who | (uint16_t)code) < 0)
        goto fail;
    t->nmoves = 0;
    t->current = (uint8_t)seat;
    t->ply++;
    int any_start = 0;
    for (int k = 0; k < t->n; k++)
        any_start |= t->start[k];
    if (t->ncentre >= CENTRE_PLACES || (!any_start && !memcmp(t->cells, zeros, num_spaces))) {
        t->over = OVER_NORMAL; /* spec §8.1, at once even mid-turn (HY-A11) */
        return (PyObject *)t;
    }
    if (t->nleft) {
        const int count =
            generate(t->cells, t->start[seat], seat, t->left, t->nleft, t->stacks_cross, t->moves);
        if (count < 0)
            goto fail;
        t->nmoves = (uint8_t)count;
        if (count)
            return (PyObject *)t;
        if (append_event(t, who | (uint16_t)(skip_base + t->left[0])) < 0) /* forfeited */
            goto fail;
        t->nleft = 0;
    }
    if (pass_turn(t) < 0)
        goto fail;
    return (PyObject *)t;
fail:
    Py_DECREF(t);
    return NULL;
}

static PyObject *
core_outcome(PyObject *module, PyObject *arg)
{
    HState *s = as_state(arg);
    if (s == NULL)
        return NULL;
    if (!s->over)
        Py_RETURN_NONE;
    return PyObject_CallOneArg(outcome_of, arg);
}

static PyObject *
core_is_over(PyObject *module, PyObject *arg)
{
    HState *s = as_state(arg);
    if (s == NULL)
        return NULL;
    return PyBool_FromLong(s->over);
}

/* ---- conversions ------------------------------------------------------------------------ */

static PyObject *
small_ints(const uint8_t *values, int count)
{
    PyObject *out = PyTuple_New(count);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *
int32s(const int32_t *values, int count)
{
    PyObject *out = PyTuple_New(count);
    if (out == NULL)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *
turns_of(const HState *s)
{
    PyObject *out = PyTuple_New(s->nturns);
    if (out == NULL)
        return NULL;
    for (int t = 0; t < s->nturns; t++) {
        PyObject *turn;
        if (t == 0 && s->head != NULL) {
            turn = s->head;
            Py_INCREF(turn);
        }
        else {
            turn = PyTuple_New(s->nev[t]);
            if (turn == NULL)
                goto fail;
            for (int e = 0; e < s->nev[t]; e++) {
                PyObject *ev = event_tuple(s->ev[t][e]);
                if (ev == NULL) {
                    Py_DECREF(turn);
                    goto fail;
                }
                PyTuple_SET_ITEM(turn, e, ev);
            }
        }
        PyTuple_SET_ITEM(out, t, turn);
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyObject *
core_to_reference(PyObject *module, PyObject *arg)
{
    HState *s = as_state(arg);
    if (s == NULL)
        return NULL;
    PyObject *over = s->over == OVER_NORMAL ? normal_end : s->over == OVER_CAPPED ? capped_end
                                                                                   : empty_text;
    PyObject *stream_int = PyLong_FromUnsignedLongLong(s->stream);
    if (stream_int == NULL)
        return NULL;
    PyObject *stream = PyObject_CallOneArg(stream_type, stream_int);
    Py_DECREF(stream_int);
    if (stream == NULL)
        return NULL;
    PyObject *fields = Py_BuildValue(
        "(iOONNNNNiiLNNNNLNLO)", (int)s->n, s->stacks_cross ? Py_True : Py_False,
        s->round_cap_obj, PyBytes_FromStringAndSize((const char *)s->cells, num_spaces),
        small_ints(s->start, s->n), small_ints(s->centre, s->ncentre), int32s(s->gained, s->n),
        int32s(s->lost, s->n), (int)s->first, (int)s->current, (long long)s->round,
        small_ints(s->dice, s->ndice), small_ints(s->left, s->nleft), moves_of(s), turns_of(s),
        (long long)s->events_before, stream, (long long)s->ply, over);
    if (fields == NULL)
        return NULL;
    PyObject *out = PyObject_CallOneArg(make_state, fields);
    Py_DECREF(fields);
    return out;
}

/* An int field of the reference state in [low, high]; -1 with ValueError/OverflowError set. */
static int
read_int(PyObject *obj, const char *name, long long low, long long high, long long *out)
{
    if (!PyLong_Check(obj)) {
        PyErr_Format(PyExc_ValueError, "%s is not an int", name);
        return -1;
    }
    long long v = PyLong_AsLongLong(obj);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "%s = %lld is outside what the compiled core holds", name,
                     v);
        return -1;
    }
    *out = v;
    return 0;
}

/* A tuple of small ints of the reference state: its length in [0, cap], items in [low, high]. */
static int
read_small(PyObject *obj, const char *name, int cap, int low, int high, uint8_t *out, int *count)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) > cap) {
        PyErr_Format(PyExc_ValueError, "%s is not a tuple of at most %d ints", name, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(obj); i++) {
        long long v;
        if (read_int(PyTuple_GET_ITEM(obj, i), name, low, high, &v) < 0)
            return -1;
        out[i] = (uint8_t)v;
    }
    *count = (int)PyTuple_GET_SIZE(obj);
    return 0;
}

static int
read_score(PyObject *obj, const char *name, int n, int32_t *out)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != n) {
        PyErr_Format(PyExc_ValueError, "%s is not a tuple of one int per seat", name);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        long long v;
        if (read_int(PyTuple_GET_ITEM(obj, i), name, -(1LL << 30), 1LL << 30, &v) < 0)
            return -1;
        out[i] = (int32_t)v;
    }
    return 0;
}

/* The code of a known event text, or -1 (no error set) if it is none. */
static int
event_code(PyObject *text, PyObject *codes)
{
    if (!PyUnicode_Check(text))
        return -1;
    PyObject *found = PyDict_GetItemWithError(codes, text);
    if (found == NULL)
        return PyErr_Occurred() ? -2 : -1;
    return (int)PyLong_AsLong(found);
}

/* Turn `t` of the reference as compact events; 1 if it is not one (no error), -1 on error. */
static int
read_turn(HState *s, int t, PyObject *turn)
{
    if (!PyTuple_Check(turn) || PyTuple_GET_SIZE(turn) > TURN_EVENTS)
        return 1;
    for (Py_ssize_t e = 0; e < PyTuple_GET_SIZE(turn); e++) {
        PyObject *ev = PyTuple_GET_ITEM(turn, e);
        if (!PyTuple_Check(ev) || PyTuple_GET_SIZE(ev) != 2)
            return 1;
        int seat = seat_of(PyTuple_GET_ITEM(ev, 0));
        if (seat < 0)
            return 1;
        int code = event_code(PyTuple_GET_ITEM(ev, 1), event_codes);
        if (code == -2)
            return -1;
        if (code < 0)
            return 1;
        s->ev[t][e] = (uint16_t)(seat << SEAT_SHIFT | code);
    }
    s->nev[t] = (uint8_t)PyTuple_GET_SIZE(turn);
    return 0;
}

static PyObject *
core_from_reference(PyObject *module, PyObject *ref)
{
    if (!check_ready())
        return NULL;
    if (!PyTuple_Check(ref) || PyTuple_GET_SIZE(ref) != 19) {
        PyErr_SetString(PyExc_TypeError, "expected a Hypnosia State (19 fields)");
        return NULL;
    }
    PyObject *const *f = ((PyTupleObject *)ref)->ob_item;
    HState *s = new_state();
    if (s == NULL)
        return NULL;
    long long v;
    int count;
    if (read_int(f[0], "num_players", 2, MAX_PLAYERS, &v) < 0)
        goto fail;
    const int n = s->n = (uint8_t)v;
    int truth = PyObject_IsTrue(f[1]);
    if (truth < 0)
        goto fail;
    s->stacks_cross = (uint8_t)truth;
    if (!PyLong_Check(f[2])) {
        PyErr_SetString(PyExc_ValueError, "round_cap is not an int");
        goto fail;
    }
    int overflow;
    s->round_cap = PyLong_AsLongLongAndOverflow(f[2], &overflow);
    if (s->round_cap == -1 && PyErr_Occurred())
        goto fail;
    if (overflow) /* a cap no round count reaches: kept as it is, compared as the largest */
        s->round_cap = overflow > 0 ? INT64_MAX : INT64_MIN;
    Py_INCREF(f[2]);
    s->round_cap_obj = f[2];
    if (!PyBytes_Check(f[3]) || PyBytes_GET_SIZE(f[3]) != num_spaces) {
        PyErr_Format(PyExc_ValueError, "cells are not %d bytes", num_spaces);
        goto fail;
    }
    memcpy(s->cells, PyBytes_AS_STRING(f[3]), num_spaces);
    if (read_small(f[4], "start", MAX_PLAYERS, 0, (1 << START_SLOTS) - 1, s->start, &count) < 0)
        goto fail;
    if (count != n) {
        PyErr_SetString(PyExc_ValueError, "start has not one entry per seat");
        goto fail;
    }
    if (read_small(f[5], "centre", CENTRE_PLACES, 0, n - 1, s->centre, &count) < 0)
        goto fail;
    s->ncentre = (uint8_t)count;
    if (read_score(f[6], "gained", n, s->gained) < 0 || read_score(f[7], "lost", n, s->lost) < 0)
        goto fail;
    if (read_int(f[8], "start_player", 0, n - 1, &v) < 0)
        goto fail;
    s->first = (uint8_t)v;
    if (read_int(f[9], "current", 0, n - 1, &v) < 0)
        goto fail;
    s->current = (uint8_t)v;
    if (read_int(f[10], "round", INT64_MIN / 2, INT64_MAX / 2, &v) < 0)
        goto fail;
    s->round = v;
    if (read_small(f[11], "dice", 2, 1, MAX_DIE, s->dice, &count) < 0)
        goto fail;
    s->ndice = (uint8_t)count;
    if (read_small(f[12], "left", 2, 1, MAX_DIE, s->left, &count) < 0)
        goto fail;
    s->nleft = (uint8_t)count;
    if (!PyTuple_Check(f[13]) || PyTuple_GET_SIZE(f[13]) > MAX_MOVES) {
        PyErr_Format(PyExc_ValueError, "moves is not a tuple of at most %d moves", MAX_MOVES);
        goto fail;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(f[13]); j++) {
        int code = event_code(PyTuple_GET_ITEM(f[13], j), token_codes);
        if (code == -2)
            goto fail;
        if (code < 0) {
            PyErr_Format(PyExc_ValueError, "moves holds %R, not a move", PyTuple_GET_ITEM(f[13], j));
            goto fail;
        }
        s->moves[j] = (uint16_t)code;
    }
    s->nmoves = (uint8_t)PyTuple_GET_SIZE(f[13]);
    if (!PyTuple_Check(f[14]) || PyTuple_GET_SIZE(f[14]) > KEPT_TURNS) {
        PyErr_Format(PyExc_ValueError, "turns is not a tuple of at most %d turns", KEPT_TURNS);
        goto fail;
    }
    s->nturns = (uint8_t)PyTuple_GET_SIZE(f[14]);
    for (int t = 0; t < s->nturns; t++) {
        PyObject *turn = PyTuple_GET_ITEM(f[14], t);
        int kind = read_turn(s, t, turn);
        if (kind < 0)
            goto fail;
        if (kind > 0) {
            if (t != 0 || !PyTuple_Check(turn)) {
                PyErr_Format(PyExc_ValueError,
                             "turn %d is not up to %d (seat, known event) pairs", t, TURN_EVENTS);
                goto fail;
            }
            Py_INCREF(turn); /* the first turn may be any tuple: the roll-off's, say */
            s->head = turn;
        }
    }
    if (read_int(f[15], "events_before", 0, INT64_MAX / 2, &v) < 0)
        goto fail;
    s->events_before = v;
    if (!PyLong_Check(f[16])) {
        PyErr_SetString(PyExc_ValueError, "stream is not an int");
        goto fail;
    }
    s->stream = PyLong_AsUnsignedLongLong(f[16]);
    if (s->stream == (uint64_t)-1 && PyErr_Occurred())
        goto fail;
    if (read_int(f[17], "ply", 0, INT64_MAX / 2, &v) < 0)
        goto fail;
    s->ply = v;
    int over_kind = -1;
    if (PyUnicode_Check(f[18])) {
        if (PyUnicode_GET_LENGTH(f[18]) == 0)
            over_kind = PLAYING;
        else if (PyUnicode_Compare(f[18], normal_end) == 0)
            over_kind = OVER_NORMAL;
        else if (PyUnicode_Compare(f[18], capped_end) == 0)
            over_kind = OVER_CAPPED;
    }
    if (over_kind < 0) {
        PyErr_Format(PyExc_ValueError, "over is %R, not an end the engine knows", f[18]);
        goto fail;
    }
    s->over = (uint8_t)over_kind;
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

/* ---- init ------------------------------------------------------------------------------- */

static int
table_entry(PyObject *table, Py_ssize_t i, Py_ssize_t j, Py_ssize_t k, int depth, long *out)
{
    PyObject *row = PySequence_GetItem(table, i);
    if (row == NULL)
        return -1;
    PyObject *item = PySequence_GetItem(row, j);
    Py_DECREF(row);
    if (item == NULL)
        return -1;
    if (depth == 3) {
        PyObject *inner = PySequence_GetItem(item, k);
        Py_DECREF(item);
        if (inner == NULL)
            return -1;
        item = inner;
    }
    *out = PyLong_AsLong(item);
    Py_DECREF(item);
    if (*out == -1 && PyErr_Occurred())
        return -1;
    if (*out < CENTRE_DEST || *out >= num_spaces) {
        PyErr_Format(PyExc_ValueError, "board table entry %ld is no destination", *out);
        return -1;
    }
    return 0;
}

static PyObject *
core_init(PyObject *module, PyObject *args)
{
    int spaces;
    PyObject *along, *across, *from_start, *tokens, *rolls, *rolloffs, *skips;
    PyObject *normal, *capped, *maker, *stream_cls, *slow, *outcome;
    if (!PyArg_ParseTuple(args, "iOOOOOOOUUOOOO", &spaces, &along, &across, &from_start, &tokens,
                          &rolls, &rolloffs, &skips, &normal, &capped, &maker, &stream_cls, &slow,
                          &outcome))
        return NULL;
    if (ready) {
        PyErr_SetString(PyExc_RuntimeError, "hypnosia._core.init() runs once");
        return NULL;
    }
    if (spaces < 1 || spaces > MAX_SPACES) {
        PyErr_Format(PyExc_ValueError, "the core holds 1 to %d spaces, not %d", MAX_SPACES, spaces);
        return NULL;
    }
    num_spaces = spaces;
    num_sources = spaces + START_SLOTS;
    num_tokens = MAX_DIE * num_sources * 4;
    roll_base = num_tokens;
    rolloff_base = roll_base + 49;
    skip_base = rolloff_base + 49;
    num_events = skip_base + 7;
    if (num_events > CODE_MASK + 1 || !PyTuple_Check(tokens) ||
        PyTuple_GET_SIZE(tokens) != num_tokens) {
        PyErr_Format(PyExc_ValueError, "expected %d move texts", num_tokens);
        return NULL;
    }
    long value;
    for (int i = 0; i < spaces; i++) {
        for (int d = 0; d <= MAX_DIE; d++) {
            if (table_entry(along, i, d, 0, 2, &value) < 0)
                return NULL;
            if (value < 0) {
                PyErr_SetString(PyExc_ValueError, "a walk along a circle leaves the board");
                return NULL;
            }
            along_t[i][d] = (int16_t)value;
            if (table_entry(across, i, d, 0, 2, &value) < 0)
                return NULL;
            across_t[i][d] = (int16_t)value;
        }
    }
    for (int p = 0; p < MAX_PLAYERS; p++)
        for (int k = 0; k <= START_SLOTS; k++)
            for (int d = 0; d <= MAX_DIE; d++) {
                if (table_entry(from_start, p, k, d, 3, &value) < 0)
                    return NULL;
                if (value == CENTRE_DEST) {
                    PyErr_SetString(PyExc_ValueError, "a start slot leads to the centre");
                    return NULL;
                }
                from_start_t[p][k][d] = (int16_t)value;
            }
    act_die = PyMem_Calloc(num_tokens, 1);
    act_height = PyMem_Calloc(num_tokens, 1);
    act_src = PyMem_Calloc(num_tokens, sizeof(int16_t));
    act_dest = PyMem_Calloc(num_tokens, sizeof(int16_t));
    event_text = PyMem_Calloc(num_events, sizeof(PyObject *));
    texts = PyTuple_New(num_events);
    token_codes = PyDict_New();
    event_codes = PyDict_New();
    if (!act_die || !act_height || !act_src || !act_dest || !event_text || !texts ||
        !token_codes || !event_codes) {
        PyErr_NoMemory();
        return NULL;
    }
    for (int code = 0; code < num_events; code++) {
        PyObject *text;
        if (code < num_tokens)
            text = PyTuple_GET_ITEM(tokens, code);
        else if (code < rolloff_base)
            text = PySequence_GetItem(rolls, code - roll_base);
        else if (code < skip_base)
            text = PySequence_GetItem(rolloffs, code - rolloff_base);
        else
            text = PySequence_GetItem(skips, code - skip_base);
        if (text == NULL)
            return NULL;
        if (code < num_tokens)
            Py_INCREF(text);
        if (!PyUnicode_Check(text)) {
            Py_DECREF(text);
            PyErr_SetString(PyExc_TypeError, "an event text is not a str");
            return NULL;
        }
        PyUnicode_InternInPlace(&text);
        PyTuple_SET_ITEM(texts, code, text);
        event_text[code] = text;
        PyObject *key = PyLong_FromLong(code);
        if (key == NULL)
            return NULL;
        /* roll and skip codes with a 0 die are never drawn: only real texts map back */
        int real = code < num_tokens || (code < skip_base ? (code - roll_base) % 49 / 7 >= 1 &&
                                                                (code - roll_base) % 7 >= 1
                                                          : code - skip_base >= 1);
        if (real && (PyDict_SetItem(event_codes, text, key) < 0 ||
                     (code < num_tokens && PyDict_SetItem(token_codes, text, key) < 0))) {
            Py_DECREF(key);
            return NULL;
        }
        Py_DECREF(key);
        if (code < num_tokens) {
            const int die = code / (num_sources * 4) + 1;
            const int source = code / 4 % num_sources;
            const int stack = code >> 1 & 1, inward = code & 1;
            act_die[code] = (int8_t)die;
            act_height[code] = (int8_t)(stack ? 2 : 1);
            act_src[code] = (int16_t)(source < spaces ? source : -(source - spaces + 1));
            act_dest[code] =
                source < spaces ? (inward ? across_t[source][die] : along_t[source][die]) : NO_DEST;
        }
    }
    if (PyDict_GET_SIZE(token_codes) != num_tokens) {
        PyErr_SetString(PyExc_ValueError, "two moves share a text");
        return NULL;
    }
    for (int p = 0; p < MAX_PLAYERS; p++) {
        seat_ints[p] = PyLong_FromLong(p);
        if (seat_ints[p] == NULL)
            return NULL;
        seat_tuples[p] = PyTuple_Pack(1, seat_ints[p]);
        if (seat_tuples[p] == NULL)
            return NULL;
    }
    empty_tuple = PyTuple_New(0);
    empty_text = PyUnicode_New(0, 0);
    if (empty_tuple == NULL || empty_text == NULL)
        return NULL;
    Py_INCREF(normal);
    normal_end = normal;
    Py_INCREF(capped);
    capped_end = capped;
    Py_INCREF(maker);
    make_state = maker;
    Py_INCREF(stream_cls);
    stream_type = stream_cls;
    Py_INCREF(slow);
    slow_play = slow;
    Py_INCREF(outcome);
    outcome_of = outcome;
    ready = 1;
    Py_RETURN_NONE;
}

/* ---- observations (arena/env/observations/hypnosia.py, from the state) ------------------ */

static const int OBS_CENTRE_VALUES[5] = {5, 4, 3, 2, 1}; /* state.CENTRE_VALUES */

/* A tuple field of a reference State (a NamedTuple), or NULL with TypeError. */
static PyObject *obs_tuple(PyObject *state, Py_ssize_t field, const char *what)
{
    PyObject *t = PyTuple_GET_ITEM(state, field);
    if (!PyTuple_Check(t)) {
        PyErr_Format(PyExc_TypeError, "State.%s must be a tuple", what);
        return NULL;
    }
    return t;
}

/* A small int of a tuple (-1 with an error set when it is not one in [lo, hi]). */
static long obs_int(PyObject *item, long lo, long hi)
{
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "a value of %ld to %ld, not %ld", lo, hi, v);
        return -1;
    }
    return v;
}

/* encode(state, seat, out): the seat's observation vector of a reference State into `out`
 * (float32, arena.env's layout: S = len(state.cells) spaces), as observations/hypnosia.py's
 * fill writes it from the seat's view. */
static PyObject *core_encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat, out) takes 3 arguments");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 13 ||
        !PyBytes_Check(PyTuple_GET_ITEM(state, 3))) {
        PyErr_SetString(PyExc_TypeError, "encode() takes a reference hypnosia State");
        return NULL;
    }
    long n = obs_int(PyTuple_GET_ITEM(state, 0), 1, 8);
    if (n < 0)
        return NULL;
    PyObject *cells = PyTuple_GET_ITEM(state, 3);
    const Py_ssize_t spaces = PyBytes_GET_SIZE(cells);
    const unsigned char *cell = (const unsigned char *)PyBytes_AS_STRING(cells);
    PyObject *start = obs_tuple(state, 4, "start"), *centre = obs_tuple(state, 5, "centre");
    PyObject *gained = obs_tuple(state, 6, "gained"), *lost = obs_tuple(state, 7, "lost");
    PyObject *dice = obs_tuple(state, 11, "dice"), *left = obs_tuple(state, 12, "left");
    if (!start || !centre || !gained || !lost || !dice || !left)
        return NULL;
    if (PyTuple_GET_SIZE(start) != n || PyTuple_GET_SIZE(gained) != n ||
        PyTuple_GET_SIZE(lost) != n) {
        PyErr_SetString(PyExc_ValueError, "State.start, gained and lost hold a value a seat");
        return NULL;
    }
    Py_buffer buffer;
    if (observe_out(args[2], n * (2 * spaces + 8) + 21, &buffer) < 0)
        return NULL;
    float *v = (float *)buffer.buf;
    float *units = v, *slots = v + n * 2 * spaces, *scores = slots + 4 * n;
    float *centre_pawns = scores + n, *captured = centre_pawns + n, *lost_out = captured + n;
    float *dice_out = lost_out + n, *left_out = dice_out + 6, *centre_out = left_out + 6;
    float *colour = centre_out + 1, *round = colour + 6, *flags = round + 1;
    for (Py_ssize_t i = 0; i < spaces; i++) {
        if (!cell[i])
            continue;
        const int owner = cell[i] & OWNER_MASK, height = cell[i] >> HEIGHT_SHIFT;
        if (height < 1 || height > 2) {
            PyErr_Format(PyExc_ValueError, "a unit of height %d", height);
            goto fail;
        }
        const long k = ((owner - seat) % n + n) % n;
        units[(k * spaces + i) * 2 + height - 1] = 1.0f;
    }
    const Py_ssize_t arrived = PyTuple_GET_SIZE(centre);
    for (long k = 0; k < n; k++) {
        const long p = ((seat + k) % n + n) % n;
        long bits = obs_int(PyTuple_GET_ITEM(start, p), 0, 15);
        if (bits < 0)
            goto fail;
        long got = obs_int(PyTuple_GET_ITEM(gained, p), 0, 1000000);
        if (got < 0)
            goto fail;
        long gone = obs_int(PyTuple_GET_ITEM(lost, p), 0, 1000000);
        if (gone < 0)
            goto fail;
        for (int slot = 0; slot < 4; slot++)
            if (bits >> slot & 1)
                slots[4 * k + slot] = 1.0f;
        long points = got - gone, pawns = 0;
        for (Py_ssize_t i = 0; i < arrived; i++) {
            long owner = PyLong_AsLong(PyTuple_GET_ITEM(centre, i));
            if (owner == -1 && PyErr_Occurred())
                goto fail;
            if (owner == p) {
                pawns++;
                points += i < 5 ? OBS_CENTRE_VALUES[i] : 0;
            }
        }
        if (arrived > 5) {
            PyErr_SetString(PyExc_ValueError, "at most five pawns in the centre");
            goto fail;
        }
        scores[k] = (float)(points / 10.0);
        centre_pawns[k] = (float)(pawns / 5.0);
        captured[k] = (float)(got / 4.0);
        lost_out[k] = (float)(gone / 4.0);
    }
    for (int which = 0; which < 2; which++) {
        PyObject *rolled = which ? left : dice;
        float *out = which ? left_out : dice_out;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(rolled); i++) {
            long die = obs_int(PyTuple_GET_ITEM(rolled, i), 1, 6);
            if (die < 0)
                goto fail;
            out[die - 1] += 0.5f;
        }
    }
    *centre_out = (float)(arrived / 5.0);
    if (seat >= 0 && seat < 6)
        colour[seat] = 1.0f;
    long cap = obs_int(PyTuple_GET_ITEM(state, 2), 0, LONG_MAX);
    if (cap < 0)
        goto fail;
    long rounds = obs_int(PyTuple_GET_ITEM(state, 10), 0, LONG_MAX);
    if (rounds < 0)
        goto fail;
    int cross = PyObject_IsTrue(PyTuple_GET_ITEM(state, 1));
    if (cross < 0)
        goto fail;
    *round = (float)((double)rounds / (double)(cap > 1 ? cap : 1));
    *flags = (float)cross;
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buffer);
    return NULL;
}

/* ---- the module ------------------------------------------------------------------------- */

static PyMethodDef core_methods[] = {
    {"init", core_init, METH_VARARGS,
     "init(spaces, along, across, from_start, tokens, rolls, rolloffs, skips, normal_end, "
     "capped_end, make_state, stream_type, slow_play, outcome_of): the tables, once."},
    {"to_move", core_to_move, METH_O, "to_move(state): (seat,) or () once over."},
    {"legal_moves", (PyCFunction)(void (*)(void))core_legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the legal move texts, () if seat is not to move."},
    {"play", (PyCFunction)(void (*)(void))core_play, METH_FASTCALL,
     "play(state, seat, move): the state after the move."},
    {"outcome", core_outcome, METH_O, "outcome(state): None while playing, else the Outcome."},
    {"is_over", core_is_over, METH_O, "is_over(state): whether the game has ended."},
    {"encode", (PyCFunction)(void (*)(void))core_encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference state, written "
     "into `out` (float32, arena.env's layout for the state's player count)."},
    {"from_reference", core_from_reference, METH_O,
     "from_reference(state): the compiled state of a reference State."},
    {"to_reference", core_to_reference, METH_O,
     "to_reference(state): the reference State equal to a compiled state."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arena.games.hypnosia._core",
    .m_doc = "Hypnosia's rules in C (see compiled.py; rules.py is the reference).",
    .m_size = -1,
    .m_methods = core_methods,
};

PyMODINIT_FUNC
PyInit__core(void)
{
    if (PyType_Ready(&HStateType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&HStateType);
    if (PyModule_AddObject(m, "State", (PyObject *)&HStateType) < 0) {
        Py_DECREF(&HStateType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
