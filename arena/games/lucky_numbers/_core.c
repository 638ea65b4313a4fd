/* Lucky Numbers, the compiled core: the rules of rules.py on a C state (arena/core/compiled.py).

The pure-Python engine (rules.py, moves.py, state.py) is the reference: this file plays the same
moves to the same positions, offers the same legal moves in the same order and ends games the
same way; tests/games/lucky_numbers/test_lucky_numbers_compiled.py plays both side by side.
compiled.py wraps it (setup, from_reference, to_reference, the outcome and the refusals, which
stay in Python: they run once a game or on a refused move).

A state is an immutable object: `play` returns a new one. It holds every grid (one byte a cell,
0 = empty), the table as counts per value, the pot as a shared bytes object and how many of
its tiles are drawn, and its current seat's legal moves as a bit mask over the 54 actions:

    0 draw, 1-20 take v, 21-36 place a1..d4, 37-52 swap a1..d4, 53 discard

The grid rule (spec 2.1) is one sweep of the 8 lines: per cell, the largest tile before it and
the smallest after it in its row and its column bound the values it accepts (never its own
value, LN-A7), as grid.bounds does.

Module state is set once at import: the 54 move strings (the legal tuples hold them), the dict
from a move string to its action, the seats-to-move tuples, and the two callbacks that
compiled.py registers with `configure` (the Outcome of a finished game, the canonical text of a
move not in the legal list or the error that refuses it).
*/

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_observe.h" /* arena.env's tensors as lists of floats */

#define CELLS 16
#define SIZE 4
#define MAX_VALUE 20
#define MAX_SEATS 8  /* moves.MOVERS covers seats 0-7 */
#define START_TILES 4
#define TURN_CAP 500
#define ACTIONS 54
#define A_DRAW 0
#define A_PLACE 21
#define A_SWAP 37
#define A_DISCARD 53

enum { PHASE_SETUP, PHASE_ACQUIRE, PHASE_RESOLVE, PHASE_OVER };
enum { SOURCE_NONE, SOURCE_DRAW, SOURCE_TABLE, SOURCE_SETUP };

typedef struct {
    PyObject_HEAD
    /* Plain data first: a copy is one memcpy, then the object fields are increfed. */
    int n;                            /* seats */
    int current, start, phase, source, hand, bonus, bruno, capped;
    long turn, setup_step;
    Py_ssize_t pot_at;                /* tiles drawn from `pot` */
    uint64_t legal;                   /* the current seat's legal actions, bit a = action a */
    int table[MAX_VALUE + 1];         /* face-up tiles: count per value (0 only from odd inputs) */
    int returned[MAX_VALUE + 1];      /* chain_returned: count per value 1-20 */
    uint8_t grids[MAX_SEATS][CELLS];
    /* Objects (never NULL once built, except legal_moves, made on first request). */
    PyObject *pot;                    /* bytes, top first, shared by every state of a game */
    PyObject *options;                /* the LuckyNumbersOptions, as given */
    PyObject *setup_tiles;            /* tuple of tuples, as in the pure state */
    PyObject *chain;                  /* chain_returned, the tuple */
    PyObject *winners;                /* tuple */
    PyObject *result;                 /* the Outcome once over, else None */
    PyObject *legal_moves;            /* the tuple of the legal move strings, or NULL */
} State;

static PyTypeObject StateType;

static PyObject *MOVES[ACTIONS];       /* the move strings, interned */
static PyObject *MOVE_INDEX;           /* dict: move string -> action (int) */
static PyObject *MOVERS[MAX_SEATS];    /* (seat,) per seat */
static PyObject *NO_MOVERS;            /* () */
static PyObject *RESULT_FN;            /* compiled.py: (grids, winners, capped) -> Outcome */
static PyObject *CANONICAL_FN;         /* compiled.py: (state, move) -> legal text, or raises */

static const uint8_t LINES[8][SIZE] = {
    {0, 1, 2, 3}, {4, 5, 6, 7}, {8, 9, 10, 11}, {12, 13, 14, 15},
    {0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15},
};
static const uint8_t DIAGONAL[SIZE] = {0, 5, 10, 15};

/* ---- the grid rule ---------------------------------------------------------------------- */

/* Per cell, the open interval (lo, hi) a value must lie in there (grid.bounds). */
static void bounds(const uint8_t *grid, uint8_t lo[CELLS], uint8_t hi[CELLS])
{
    for (int c = 0; c < CELLS; c++) {
        lo[c] = 0;
        hi[c] = MAX_VALUE + 1;
    }
    for (int l = 0; l < 8; l++) {
        const uint8_t *line = LINES[l];
        uint8_t top = 0, low = MAX_VALUE + 1;
        for (int k = 0; k < SIZE; k++) {
            int i = line[k];
            if (lo[i] < top)
                lo[i] = top;
            if (grid[i] > top)
                top = grid[i];
        }
        for (int k = SIZE - 1; k >= 0; k--) {
            int i = line[k];
            if (hi[i] > low)
                hi[i] = low;
            if (grid[i] && grid[i] < low)
                low = grid[i];
        }
    }
}

/* Bit v: value v (1-20) has a legal place or swap somewhere in the grid (LN-A6). */
static uint32_t playable(const uint8_t *grid)
{
    uint8_t lo[CELLS], hi[CELLS];
    bounds(grid, lo, hi);
    uint32_t mask = 0;
    for (int c = 0; c < CELLS; c++) {
        if (hi[c] > lo[c] + 1) { /* values lo+1 .. hi-1, never the cell's own (LN-A7) */
            uint32_t below_hi = (hi[c] >= 32) ? 0xFFFFFFFFu : ((1u << hi[c]) - 1u);
            uint32_t upto_lo = (1u << (lo[c] + 1)) - 1u;
            mask |= (below_hi & ~upto_lo) & ~(1u << grid[c]);
        }
    }
    return mask;
}

static int full(const uint8_t *grid)
{
    for (int c = 0; c < CELLS; c++)
        if (!grid[c])
            return 0;
    return 1;
}

static int tiles_in(const uint8_t *grid)
{
    int t = 0;
    for (int c = 0; c < CELLS; c++)
        t += grid[c] != 0;
    return t;
}

/* The tile in `cell` sits diagonally next to an equal tile (Bruno, grid.bruno_bonus). */
static int bruno_bonus(const uint8_t *grid, int cell)
{
    int r = cell / SIZE, c = cell % SIZE, value = grid[cell];
    for (int dr = -1; dr <= 1; dr += 2)
        for (int dc = -1; dc <= 1; dc += 2) {
            int rr = r + dr, cc = c + dc;
            if (rr >= 0 && rr < SIZE && cc >= 0 && cc < SIZE && grid[rr * SIZE + cc] == value)
                return 1;
        }
    return 0;
}

/* ---- legal moves (moves.legal_of) ------------------------------------------------------- */

static uint64_t legal_of(const State *s)
{
    const uint8_t *grid = s->grids[s->current];
    uint64_t legal = 0;
    switch (s->phase) {
    case PHASE_SETUP:
        for (int k = 0; k < SIZE; k++)
            if (!grid[DIAGONAL[k]])
                legal |= 1ull << (A_PLACE + DIAGONAL[k]);
        return legal;
    case PHASE_ACQUIRE: {
        uint32_t fits = playable(grid);
        legal = 1ull << A_DRAW;
        for (int v = 1; v <= MAX_VALUE; v++)  /* LN-A6, and LN-A13 in a bonus chain */
            if ((fits >> v & 1) && s->table[v] > s->returned[v])
                legal |= 1ull << v;
        return legal;
    }
    case PHASE_RESOLVE: {
        int v = s->hand;
        if (v >= 1 && v <= MAX_VALUE) {
            uint8_t lo[CELLS], hi[CELLS];
            bounds(grid, lo, hi);
            for (int c = 0; c < CELLS; c++)
                if (lo[c] < v && v < hi[c] && grid[c] != v)
                    legal |= 1ull << ((grid[c] ? A_SWAP : A_PLACE) + c);
        }
        if (s->source == SOURCE_DRAW)
            legal |= 1ull << A_DISCARD;
        return legal;
    }
    default:
        return 0;
    }
}

/* The legal moves as strings, in rules.py's order: draw, take v ascending, then by cell (a1,
   b1, ... d4) place or swap, then discard. */
static PyObject *legal_tuple(uint64_t legal)
{
    PyObject *out = PyTuple_New(__builtin_popcountll(legal));
    if (out == NULL)
        return NULL;
    Py_ssize_t k = 0;
    for (int a = 0; a < A_PLACE; a++)
        if (legal >> a & 1) {
            Py_INCREF(MOVES[a]);
            PyTuple_SET_ITEM(out, k++, MOVES[a]);
        }
    for (int c = 0; c < CELLS; c++) {
        int a = (legal >> (A_PLACE + c) & 1) ? A_PLACE + c
              : (legal >> (A_SWAP + c) & 1) ? A_SWAP + c : -1;
        if (a >= 0) {
            Py_INCREF(MOVES[a]);
            PyTuple_SET_ITEM(out, k++, MOVES[a]);
        }
    }
    if (legal >> A_DISCARD & 1) {
        Py_INCREF(MOVES[A_DISCARD]);
        PyTuple_SET_ITEM(out, k++, MOVES[A_DISCARD]);
    }
    return out;
}

/* ---- state objects ---------------------------------------------------------------------- */

static void State_dealloc(State *s)
{
    Py_XDECREF(s->pot);
    Py_XDECREF(s->options);
    Py_XDECREF(s->setup_tiles);
    Py_XDECREF(s->chain);
    Py_XDECREF(s->winners);
    Py_XDECREF(s->result);
    Py_XDECREF(s->legal_moves);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

/* A new state equal to `src` (its legal tuple not carried over: the caller changes it). */
static State *copy_state(const State *src)
{
    State *s = PyObject_Malloc(sizeof(State));
    if (s == NULL)
        return (State *)PyErr_NoMemory();
    memcpy(s, src, sizeof(State));
    PyObject_Init((PyObject *)s, &StateType);
    Py_INCREF(s->pot);
    Py_INCREF(s->options);
    Py_INCREF(s->setup_tiles);
    Py_INCREF(s->chain);
    Py_INCREF(s->winners);
    Py_INCREF(s->result);
    s->legal_moves = NULL;
    return s;
}

static inline int pot_size(const State *s)
{
    return (int)(PyBytes_GET_SIZE(s->pot) - s->pot_at);
}

static void set_field(PyObject **field, PyObject *value)
{
    PyObject *old = *field;
    *field = value;
    Py_DECREF(old);
}

static PyObject *grids_tuple(const State *s)
{
    PyObject *grids = PyTuple_New(s->n);
    if (grids == NULL)
        return NULL;
    for (int p = 0; p < s->n; p++) {
        PyObject *grid = PyTuple_New(CELLS);
        if (grid == NULL) {
            Py_DECREF(grids);
            return NULL;
        }
        for (int c = 0; c < CELLS; c++)
            PyTuple_SET_ITEM(grid, c, PyLong_FromLong(s->grids[p][c]));  /* small ints */
        PyTuple_SET_ITEM(grids, p, grid);
    }
    return grids;
}

/* The state is over (winners and `capped` set): its Outcome from compiled.py. */
static int set_result(State *s)
{
    if (RESULT_FN == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "lucky_numbers._core: configure() was not called");
        return -1;
    }
    PyObject *grids = grids_tuple(s);
    if (grids == NULL)
        return -1;
    PyObject *result = PyObject_CallFunction(RESULT_FN, "OOi", grids, s->winners, s->capped);
    Py_DECREF(grids);
    if (result == NULL)
        return -1;
    set_field(&s->result, result);
    return 0;
}

/* rules._over: the game ends (winners already set). */
static int over(State *s, int capped)
{
    s->hand = 0;
    s->source = SOURCE_NONE;
    s->phase = PHASE_OVER;
    s->capped = capped;
    s->legal = 0;
    return set_result(s);
}

/* rules._end_turn: pot-out end (LN-A8), turn cap (LN-A14), Bruno bonus, or the next seat.
   `returned` is the tile a swap put on the table (0 for none). */
static int end_turn(State *s, int bonus, int returned)
{
    s->hand = 0;
    s->source = SOURCE_NONE;
    int empty = pot_size(s) <= 0;
    if (empty || s->turn >= TURN_CAP) {
        int tiles[MAX_SEATS], best = -1, count = 0;
        for (int p = 0; p < s->n; p++) {
            tiles[p] = tiles_in(s->grids[p]);
            if (tiles[p] > best)
                best = tiles[p];
        }
        for (int p = 0; p < s->n; p++)
            count += tiles[p] == best;
        PyObject *winners = PyTuple_New(count);
        if (winners == NULL)
            return -1;
        for (int p = 0, k = 0; p < s->n; p++)
            if (tiles[p] == best)
                PyTuple_SET_ITEM(winners, k++, PyLong_FromLong(p));
        set_field(&s->winners, winners);
        return over(s, !empty);
    }
    s->phase = PHASE_ACQUIRE;
    s->turn += 1;
    if (bonus) {
        /* The same seat again; the chain's returned tiles, sorted (rare: Python objects). */
        PyObject *chain = PySequence_List(s->chain);
        if (chain == NULL)
            return -1;
        if (returned) {
            PyObject *value = PyLong_FromLong(returned);
            if (value == NULL || PyList_Append(chain, value) < 0) {
                Py_XDECREF(value);
                Py_DECREF(chain);
                return -1;
            }
            Py_DECREF(value);
            if (returned <= MAX_VALUE)
                s->returned[returned] += 1;
        }
        if (PyList_Sort(chain) < 0) {
            Py_DECREF(chain);
            return -1;
        }
        PyObject *sorted = PyList_AsTuple(chain);
        Py_DECREF(chain);
        if (sorted == NULL)
            return -1;
        set_field(&s->chain, sorted);
        s->bonus = 1;
    } else {
        s->current = (s->current + 1) % s->n;
        s->bonus = 0;
        if (PyTuple_GET_SIZE(s->chain)) {
            Py_INCREF(NO_MOVERS);
            set_field(&s->chain, NO_MOVERS);
        }
        memset(s->returned, 0, sizeof s->returned);
    }
    s->legal = legal_of(s);
    return 0;
}

/* rules._place: the tile in hand goes into `cell` (a legal place or swap). */
static int place(State *s, int cell)
{
    int seat = s->current;
    uint8_t *grid = s->grids[seat];
    int old = grid[cell];
    grid[cell] = (uint8_t)s->hand;
    if (old)
        s->table[old] += 1;
    if (full(grid)) {  /* 5.1: a full grid wins at once, before any Bruno bonus (LN-A12) */
        PyObject *winners = PyTuple_Pack(1, PyTuple_GET_ITEM(MOVERS[seat], 0));
        if (winners == NULL)
            return -1;
        set_field(&s->winners, winners);
        return over(s, 0);
    }
    if (s->bruno || pot_size(s) <= 0 || s->turn >= TURN_CAP)
        return end_turn(s, s->bruno && bruno_bonus(grid, cell), old);
    /* end_turn's common case as rules._place writes it out: bonus and chain stay as they are. */
    s->hand = 0;
    s->source = SOURCE_NONE;
    s->phase = PHASE_ACQUIRE;
    s->turn += 1;
    s->current = (seat + 1) % s->n;
    s->legal = legal_of(s);
    return 0;
}

/* rules._setup_place: Michael's setup; the revealed tile goes on `cell`, the next is revealed
   round-robin from the start seat (LN-A4). */
static int setup_place(State *s, int cell)
{
    s->grids[s->current][cell] = (uint8_t)s->hand;
    long step = s->setup_step = s->setup_step + 1;
    if (step == (long)s->n * SIZE) {
        s->current = s->start;
        s->phase = PHASE_ACQUIRE;
        s->turn = 1;
        s->hand = 0;
        s->source = SOURCE_NONE;
    } else {
        int next = (int)((s->start + step) % s->n);
        PyObject *hidden = s->setup_tiles;
        if (!PyTuple_Check(hidden) || next >= PyTuple_GET_SIZE(hidden)) {
            PyErr_SetString(PyExc_IndexError, "tuple index out of range");
            return -1;
        }
        PyObject *own = PyTuple_GET_ITEM(hidden, next);
        if (!PyTuple_Check(own) || PyTuple_GET_SIZE(own) == 0) {
            PyErr_SetString(PyExc_IndexError, "tuple index out of range");
            return -1;
        }
        long value = PyLong_AsLong(PyTuple_GET_ITEM(own, 0));
        if (value == -1 && PyErr_Occurred())
            return -1;
        if (value < 0 || value > MAX_VALUE) {
            PyErr_Format(PyExc_ValueError, "a starting tile %ld is not 1-20", value);
            return -1;
        }
        PyObject *rest = PyTuple_GetSlice(own, 1, PyTuple_GET_SIZE(own));
        if (rest == NULL)
            return -1;
        PyObject *now = PyTuple_New(PyTuple_GET_SIZE(hidden));  /* new: tuples are shared */
        if (now == NULL) {
            Py_DECREF(rest);
            return -1;
        }
        for (Py_ssize_t p = 0; p < PyTuple_GET_SIZE(hidden); p++) {
            PyObject *item = p == next ? rest : PyTuple_GET_ITEM(hidden, p);
            if (p != next)
                Py_INCREF(item);
            PyTuple_SET_ITEM(now, p, item);
        }
        set_field(&s->setup_tiles, now);
        s->hand = (int)value;
        s->current = next;
    }
    s->legal = legal_of(s);
    return 0;
}

/* The state after the legal `action`. */
static PyObject *play_action(const State *src, int action)
{
    State *s = copy_state(src);
    if (s == NULL)
        return NULL;
    int status = 0;
    if (action == A_DRAW) {
        /* The pot is never empty when a turn starts (LN-A8); an odd literal position may be. */
        if (pot_size(s) <= 0) {
            PyErr_SetString(PyExc_IndexError, "tuple index out of range");
            status = -1;
        } else {
            s->hand = (uint8_t)PyBytes_AS_STRING(s->pot)[s->pot_at];
            s->pot_at += 1;
            s->source = SOURCE_DRAW;
            s->phase = PHASE_RESOLVE;
            s->legal = legal_of(s);
        }
    } else if (action <= MAX_VALUE) { /* take */
        s->table[action] -= 1;
        s->hand = action;
        s->source = SOURCE_TABLE;
        s->phase = PHASE_RESOLVE;
        s->legal = legal_of(s);
    } else if (action == A_DISCARD) {
        s->table[s->hand] += 1;
        status = end_turn(s, 0, 0);
    } else if (action >= A_SWAP) {
        status = place(s, action - A_SWAP);
    } else if (s->phase == PHASE_RESOLVE) {
        status = place(s, action - A_PLACE);
    } else {
        status = setup_place(s, action - A_PLACE);
    }
    if (status < 0) {
        Py_DECREF(s);
        return NULL;
    }
    return (PyObject *)s;
}

/* ---- the engine functions --------------------------------------------------------------- */

static int check_state(PyObject *o)
{
    if (Py_IS_TYPE(o, &StateType))
        return 0;
    PyErr_Format(PyExc_TypeError, "expected a lucky_numbers compiled state, got %.100s",
                 Py_TYPE(o)->tp_name);
    return -1;
}

/* to_move(state): (current,), or () when the game is over. */
static PyObject *to_move(PyObject *module, PyObject *o)
{
    if (check_state(o) < 0)
        return NULL;
    State *s = (State *)o;
    PyObject *movers = s->phase == PHASE_OVER ? NO_MOVERS : MOVERS[s->current];
    Py_INCREF(movers);
    return movers;
}

/* outcome(state): the Outcome once over, else None. */
static PyObject *outcome(PyObject *module, PyObject *o)
{
    if (check_state(o) < 0)
        return NULL;
    PyObject *result = ((State *)o)->result;
    Py_INCREF(result);
    return result;
}

/* legal_moves(state, seat): the current seat's legal moves (a tuple, made once per state);
   () for any other seat. */
static PyObject *legal_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(state, seat)");
        return NULL;
    }
    if (check_state(args[0]) < 0)
        return NULL;
    State *s = (State *)args[0];
    PyObject *current = PyTuple_GET_ITEM(MOVERS[s->current], 0);
    int same = PyObject_RichCompareBool(args[1], current, Py_EQ);
    if (same < 0)
        return NULL;
    if (!same) {
        Py_INCREF(NO_MOVERS);
        return NO_MOVERS;
    }
    if (s->legal_moves == NULL) {
        PyObject *moves = legal_tuple(s->legal);
        if (moves == NULL)
            return NULL;
        if (s->legal_moves == NULL)  /* a cache: the first one made is kept */
            s->legal_moves = moves;
        else
            Py_DECREF(moves);
    }
    Py_INCREF(s->legal_moves);
    return s->legal_moves;
}

/* The action of a move string that is legal in `s`, or -1 (no error set) if none is. */
static int legal_action(const State *s, PyObject *move)
{
    if (!PyUnicode_CheckExact(move))
        return -1;
    PyObject *found = PyDict_GetItemWithError(MOVE_INDEX, move);
    if (found == NULL)
        return -1;  /* an exact str: no error is possible but a failed hash, already cleared */
    int action = (int)PyLong_AsLong(found);
    return (s->legal >> action & 1) ? action : -1;
}

/* play(state, seat, move): the state after the current seat plays `move`. As rules.play, the
   seat is not checked (GameBase.apply does that); a move not in the legal list goes to
   refusals.canonical (through compiled.py), which answers another spelling of a legal move
   with its legal text, and raises InvalidMoveError or IllegalMoveError otherwise. */
static PyObject *play(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play(state, seat, move)");
        return NULL;
    }
    if (check_state(args[0]) < 0)
        return NULL;
    const State *s = (const State *)args[0];
    int action = legal_action(s, args[2]);
    if (action < 0) {
        if (PyErr_Occurred())
            return NULL;
        if (CANONICAL_FN == NULL) {
            PyErr_SetString(PyExc_RuntimeError, "lucky_numbers._core: configure() was not called");
            return NULL;
        }
        PyObject *text = PyObject_CallFunctionObjArgs(CANONICAL_FN, args[0], args[2], NULL);
        if (text == NULL)
            return NULL;
        action = legal_action(s, text);
        Py_DECREF(text);
        if (action < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_AssertionError,
                                "lucky_numbers._core: the canonical move is not legal here");
            return NULL;
        }
    }
    return play_action(s, action);
}

/* ---- building a state from its position, and back --------------------------------------- */

static int value_of(PyObject *item, const char *what, int *out)
{
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < 0 || v > MAX_VALUE) {
        PyErr_Format(PyExc_ValueError, "%s holds %ld: tile values are 1-20 (0 for none)", what, v);
        return -1;
    }
    *out = (int)v;
    return 0;
}

/* Counts per value of a tuple of tile values; `sorted`: the values must be ascending. */
static int count_values(PyObject *values, const char *what, int sorted, int counts[MAX_VALUE + 1])
{
    memset(counts, 0, sizeof(int) * (MAX_VALUE + 1));
    if (!PyTuple_Check(values)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple", what);
        return -1;
    }
    int last = 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(values); i++) {
        int v;
        if (value_of(PyTuple_GET_ITEM(values, i), what, &v) < 0)
            return -1;
        if (sorted && v < last) {
            PyErr_Format(PyExc_ValueError, "%s must be sorted ascending", what);
            return -1;
        }
        last = v;
        counts[v] += 1;
    }
    return 0;
}

/* make(options, bruno, grids, table, pot, start, current, phase, turn, hand, source,
        setup_tiles, setup_step, bonus, chain_returned, winners, capped): a state from the
   position fields of a pure state (phase and source as their codes above; pot a bytes
   object, which the state keeps and shares). Its legal moves and result are derived. */
static PyObject *make(PyObject *module, PyObject *args)
{
    PyObject *options, *grids, *table, *pot, *setup_tiles, *chain, *winners;
    int bruno, start, current, phase, hand, source, bonus, capped;
    long turn, setup_step;
    if (!PyArg_ParseTuple(args, "OpO!O!O!iiiliiO!lpO!O!p:make", &options, &bruno,
                          &PyTuple_Type, &grids, &PyTuple_Type, &table, &PyBytes_Type, &pot,
                          &start, &current, &phase, &turn, &hand, &source,
                          &PyTuple_Type, &setup_tiles, &setup_step, &bonus,
                          &PyTuple_Type, &chain, &PyTuple_Type, &winners, &capped))
        return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(grids);
    if (n < 1 || n > MAX_SEATS) {
        PyErr_Format(PyExc_ValueError, "%zd grids: the core plays 1 to %d seats", n, MAX_SEATS);
        return NULL;
    }
    if (current < 0 || current >= n || start < 0 || start >= n) {
        PyErr_SetString(PyExc_ValueError, "the current and start seats must be seats of the game");
        return NULL;
    }
    if (phase < PHASE_SETUP || phase > PHASE_OVER || source < SOURCE_NONE || source > SOURCE_SETUP) {
        PyErr_SetString(PyExc_ValueError, "unknown phase or source code");
        return NULL;
    }
    if (hand < 0 || hand > MAX_VALUE) {
        PyErr_Format(PyExc_ValueError, "the hand holds %d: tile values are 1-20 (0 for none)", hand);
        return NULL;
    }
    State *s = PyObject_New(State, &StateType);
    if (s == NULL)
        return NULL;
    /* Everything zeroed and every object field valid before anything can fail. */
    memset((char *)s + sizeof(PyObject), 0, sizeof(State) - sizeof(PyObject));
    Py_INCREF(pot);
    s->pot = pot;
    Py_INCREF(options);
    s->options = options;
    Py_INCREF(setup_tiles);
    s->setup_tiles = setup_tiles;
    Py_INCREF(chain);
    s->chain = chain;
    Py_INCREF(winners);
    s->winners = winners;
    Py_INCREF(Py_None);
    s->result = Py_None;
    s->n = (int)n;
    s->bruno = bruno;
    s->start = start;
    s->current = current;
    s->phase = phase;
    s->turn = turn;
    s->hand = hand;
    s->source = source;
    s->setup_step = setup_step;
    s->bonus = bonus;
    s->capped = capped;
    for (Py_ssize_t p = 0; p < n; p++) {
        PyObject *grid = PyTuple_GET_ITEM(grids, p);
        if (!PyTuple_Check(grid) || PyTuple_GET_SIZE(grid) != CELLS) {
            PyErr_SetString(PyExc_ValueError, "a grid is a tuple of 16 values");
            goto fail;
        }
        for (int c = 0; c < CELLS; c++) {
            int v;
            if (value_of(PyTuple_GET_ITEM(grid, c), "a grid", &v) < 0)
                goto fail;
            s->grids[p][c] = (uint8_t)v;
        }
    }
    if (count_values(table, "the table", 1, s->table) < 0)
        goto fail;
    int chain_counts[MAX_VALUE + 1];
    if (count_values(chain, "chain_returned", 0, chain_counts) < 0)
        goto fail;
    memcpy(s->returned, chain_counts, sizeof chain_counts);
    s->returned[0] = 0;
    for (Py_ssize_t i = 0; i < PyBytes_GET_SIZE(pot); i++)
        if ((uint8_t)PyBytes_AS_STRING(pot)[i] > MAX_VALUE) {
            PyErr_SetString(PyExc_ValueError, "the pot holds a value above 20");
            goto fail;
        }
    s->legal = legal_of(s);
    if (phase == PHASE_OVER && set_result(s) < 0)
        goto fail;
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

/* fields(state): (options, grids, table, pot, start, current, phase, turn, hand, source,
   setup_tiles, setup_step, bonus, chain_returned, winners, capped), as make takes them but
   with the pot a tuple of the tiles not yet drawn. */
static PyObject *fields(PyObject *module, PyObject *o)
{
    if (check_state(o) < 0)
        return NULL;
    State *s = (State *)o;
    PyObject *grids = NULL, *table = NULL, *pot = NULL;
    grids = grids_tuple(s);
    if (grids == NULL)
        goto fail;
    Py_ssize_t size = 0;
    for (int v = 0; v <= MAX_VALUE; v++)
        size += s->table[v];
    table = PyTuple_New(size);
    if (table == NULL)
        goto fail;
    for (int v = 0, k = 0; v <= MAX_VALUE; v++)
        for (int i = 0; i < s->table[v]; i++)
            PyTuple_SET_ITEM(table, k++, PyLong_FromLong(v));
    pot = PyTuple_New(pot_size(s) > 0 ? pot_size(s) : 0);
    if (pot == NULL)
        goto fail;
    for (Py_ssize_t i = s->pot_at, k = 0; i < PyBytes_GET_SIZE(s->pot); i++, k++)
        PyTuple_SET_ITEM(pot, k, PyLong_FromLong((uint8_t)PyBytes_AS_STRING(s->pot)[i]));
    return Py_BuildValue("ONNNiiilii" "OlNOOO", s->options, grids, table, pot, s->start,
                         s->current, s->phase, s->turn, s->hand, s->source, s->setup_tiles,
                         s->setup_step, PyBool_FromLong(s->bonus), s->chain, s->winners,
                         s->capped ? Py_True : Py_False);
fail:
    Py_XDECREF(grids);
    Py_XDECREF(table);
    Py_XDECREF(pot);
    return NULL;
}

/* configure(result, canonical): compiled.py's two callbacks (set once, at its import). */
static PyObject *configure(PyObject *module, PyObject *args)
{
    PyObject *result, *canonical;
    if (!PyArg_ParseTuple(args, "OO:configure", &result, &canonical))
        return NULL;
    if (!PyCallable_Check(result) || !PyCallable_Check(canonical)) {
        PyErr_SetString(PyExc_TypeError, "configure(result, canonical) takes two callables");
        return NULL;
    }
    Py_INCREF(result);
    Py_XSETREF(RESULT_FN, result);
    Py_INCREF(canonical);
    Py_XSETREF(CANONICAL_FN, canonical);
    Py_RETURN_NONE;
}

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arena.games.lucky_numbers._core.State",
    .tp_doc = PyDoc_STR("A Lucky Numbers position of the compiled core (immutable)."),
    .tp_basicsize = sizeof(State),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)State_dealloc,
    .tp_free = PyObject_Del,
};

/* ---- observations (arena/env/observations/lucky_numbers.py, from the state) ------------ */

static const char *const OBS_SOURCES[3] = {"draw", "table", "setup"};
static const char *const OBS_PHASES[4] = {"setup", "acquire", "resolve", "over"};

/* A tuple-or-list attribute's items as a fast sequence (a new reference), or NULL. */
static PyObject *obs_items(PyObject *obj, const char *name)
{
    PyObject *attr = PyObject_GetAttrString(obj, name);
    if (!attr)
        return NULL;
    PyObject *items = PySequence_Fast(attr, "expected a sequence");
    Py_DECREF(attr);
    return items;
}

/* A value 0..hi of a sequence item, or -1 with ValueError. */
static int obs_value(PyObject *item, int lo, int hi)
{
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "a tile value must be %d to %d, not %ld", lo, hi, v);
        return -1;
    }
    return (int)v;
}

/* encode(state, seat, out): the seat's observation vector of a reference LuckyNumbersState
 * into `out` (float32, arena.env's layout), as observations/lucky_numbers.py's fill writes it
 * from the seat's view. */
static PyObject *encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat, out) takes 3 arguments");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    PyObject *grids = obs_items(state, "grids");
    if (!grids)
        return NULL;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(grids);
    if (n < 1 || n > MAX_SEATS) {
        Py_DECREF(grids);
        PyErr_SetString(PyExc_ValueError, "a state of 1 to 8 grids");
        return NULL;
    }
    Py_buffer buffer;
    if (observe_out(args[2], 336 * n + 74, &buffer) < 0) {
        Py_DECREF(grids);
        return NULL;
    }
    float *v = (float *)buffer.buf;
    float *table = v + 336 * n, *hand = table + 20, *source = hand + 21, *phase = source + 4;
    float *pot = phase + 4, *returned = pot + 1, *flags = returned + 20, *turn = flags + 3;
    PyObject *items = NULL, *options = NULL;
    long value;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *grid = PySequence_Fast(PySequence_Fast_GET_ITEM(grids, ((seat + k) % n + n) % n),
                                         "a grid is a sequence");
        if (!grid)
            goto fail;
        if (PySequence_Fast_GET_SIZE(grid) != CELLS) {
            Py_DECREF(grid);
            PyErr_SetString(PyExc_ValueError, "a grid holds 16 cells");
            goto fail;
        }
        for (int c = 0; c < CELLS; c++) {
            int cell = obs_value(PySequence_Fast_GET_ITEM(grid, c), 0, MAX_VALUE);
            if (cell < 0) {
                Py_DECREF(grid);
                goto fail;
            }
            v[(k * CELLS + c) * 21 + cell] = 1.0f;
        }
        Py_DECREF(grid);
    }
    if (!(items = obs_items(state, "table")))
        goto fail;
    const float share = (float)(1.0 / (double)n); /* numpy adds 1.0 / n to float32 as float32 */
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(items); i++) {
        int tile = obs_value(PySequence_Fast_GET_ITEM(items, i), 1, MAX_VALUE);
        if (tile < 0)
            goto fail;
        table[tile - 1] = table[tile - 1] + share;
    }
    Py_CLEAR(items);
    if (observe_long(state, "hand", &value) < 0)
        goto fail;
    if (value < 0 || value > MAX_VALUE) {
        PyErr_Format(PyExc_ValueError, "the hand must be 0 to 20, not %ld", value);
        goto fail;
    }
    hand[value] = 1.0f;
    int at = observe_choice(state, "source", OBS_SOURCES, 3);
    if (at < 0)
        goto fail;
    source[at] = 1.0f;
    at = observe_choice(state, "phase", OBS_PHASES, 4);
    if (at < 0)
        goto fail;
    if (at < 4)
        phase[at] = 1.0f;
    if (!(items = obs_items(state, "pot")))
        goto fail;
    *pot = (float)((double)PySequence_Fast_GET_SIZE(items) / (double)(16 * n));
    Py_CLEAR(items);
    if (!(items = obs_items(state, "chain_returned")))
        goto fail;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(items); i++) {
        int tile = obs_value(PySequence_Fast_GET_ITEM(items, i), 1, MAX_VALUE);
        if (tile < 0)
            goto fail;
        returned[tile - 1] = 1.0f;
    }
    Py_CLEAR(items);
    int truth = observe_true(state, "bonus");
    if (truth < 0)
        goto fail;
    flags[0] = (float)truth;
    if (!(options = PyObject_GetAttrString(state, "options")))
        goto fail;
    static const char *const michael[1] = {"michael"};
    if ((at = observe_choice(options, "setup", michael, 1)) < 0)
        goto fail;
    flags[1] = at == 0 ? 1.0f : 0.0f;
    if ((truth = observe_true(options, "bruno")) < 0)
        goto fail;
    flags[2] = (float)truth;
    Py_CLEAR(options);
    if (observe_long(state, "turn", &value) < 0)
        goto fail;
    double scaled = (double)value / TURN_CAP;
    *turn = (float)(scaled < 2.0 ? scaled : 2.0);
    PyBuffer_Release(&buffer);
    Py_DECREF(grids);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(items);
    Py_XDECREF(options);
    PyBuffer_Release(&buffer);
    Py_DECREF(grids);
    return NULL;
}

static PyMethodDef METHODS[] = {
    {"to_move", (PyCFunction)to_move, METH_O, "The seats to move: (current,), () when over."},
    {"outcome", (PyCFunction)outcome, METH_O, "The Outcome once over, else None."},
    {"legal_moves", (PyCFunction)(void (*)(void))legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the seat's legal moves, in the reference engine's order."},
    {"play", (PyCFunction)(void (*)(void))play, METH_FASTCALL,
     "play(state, seat, move): the state after the move."},
    {"make", (PyCFunction)make, METH_VARARGS, "A state from a position's fields."},
    {"fields", (PyCFunction)fields, METH_O, "A state's position fields."},
    {"configure", (PyCFunction)configure, METH_VARARGS, "Register compiled.py's callbacks."},
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference state, written "
     "into `out` (float32, arena.env's layout for the state's player count)."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arena.games.lucky_numbers._core",
    .m_doc = PyDoc_STR("Lucky Numbers, the compiled core (see compiled.py)."),
    .m_size = -1,
    .m_methods = METHODS,
};

static int init_tables(void)
{
    static const char *columns = "abcd";
    char text[16];
    MOVES[A_DRAW] = PyUnicode_InternFromString("draw");
    MOVES[A_DISCARD] = PyUnicode_InternFromString("discard");
    for (int v = 1; v <= MAX_VALUE; v++) {
        snprintf(text, sizeof text, "take %d", v);
        MOVES[v] = PyUnicode_InternFromString(text);
    }
    for (int c = 0; c < CELLS; c++) {
        snprintf(text, sizeof text, "place %c%d", columns[c % SIZE], c / SIZE + 1);
        MOVES[A_PLACE + c] = PyUnicode_InternFromString(text);
        snprintf(text, sizeof text, "swap %c%d", columns[c % SIZE], c / SIZE + 1);
        MOVES[A_SWAP + c] = PyUnicode_InternFromString(text);
    }
    MOVE_INDEX = PyDict_New();
    if (MOVE_INDEX == NULL)
        return -1;
    for (int a = 0; a < ACTIONS; a++) {
        if (MOVES[a] == NULL)
            return -1;
        PyObject *index = PyLong_FromLong(a);
        if (index == NULL || PyDict_SetItem(MOVE_INDEX, MOVES[a], index) < 0) {
            Py_XDECREF(index);
            return -1;
        }
        Py_DECREF(index);
    }
    NO_MOVERS = PyTuple_New(0);
    if (NO_MOVERS == NULL)
        return -1;
    for (int p = 0; p < MAX_SEATS; p++) {
        MOVERS[p] = Py_BuildValue("(i)", p);
        if (MOVERS[p] == NULL)
            return -1;
    }
    return 0;
}

PyMODINIT_FUNC PyInit__core(void)
{
    if (PyType_Ready(&StateType) < 0)
        return NULL;
    if (MOVE_INDEX == NULL && init_tables() < 0)
        return NULL;
    PyObject *module = PyModule_Create(&MODULE);
    if (module == NULL)
        return NULL;
    Py_INCREF(&StateType);
    if (PyModule_AddObject(module, "State", (PyObject *)&StateType) < 0) {
        Py_DECREF(&StateType);
        Py_DECREF(module);
        return NULL;
    }
    PyObject *moves = PyTuple_New(ACTIONS);
    if (moves == NULL) {
        Py_DECREF(module);
        return NULL;
    }
    for (int a = 0; a < ACTIONS; a++) {
        Py_INCREF(MOVES[a]);
        PyTuple_SET_ITEM(moves, a, MOVES[a]);
    }
    if (PyModule_AddObject(module, "MOVES", moves) < 0) {
        Py_DECREF(moves);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
