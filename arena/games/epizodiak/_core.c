/* Epizodiak's compiled core: the rules of arena/games/epizodiak (moves.py, rules.py, rounds.py,
 * scoring.py) on a compact state, for whatever plays many games (search, benches).
 *
 * The pure-Python engine stays the reference; arena/games/epizodiak/compiled.py wraps this module
 * as the game's CompiledEngine and tests/games/epizodiak/test_epizodiak_compiled.py plays both
 * in step. A state is immutable: `play` returns a new one. Moves are numbered as the ML action
 * space numbers them (docs/games/epizodiak.md): 0-3 draw and pickups, 4-135 clockwise and
 * 136-267 anticlockwise placements (4 + 11 (first - 1) + (length - 1)), 268-279 sets, 280-291
 * contests, 292 pass; their texts are built once at import.
 *
 * What is rare goes back to Python: the RoundResult of a finished round, the Outcome of a
 * finished game (rounds.final_outcome on the state converted back), and the error of a refused
 * move (rules.play on the state converted back raises it). The shuffles of arena.core.chance (a
 * splitmix64 step seeding CPython's Mersenne Twister) are reproduced here bit for bit.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#include "../_observe.h" /* arena.env's tensors as lists of floats */

#include "../_chance.h" /* arena/core/chance.py in C */

#define VALUES 12
#define SEATS 3
#define HAND_SIZE 12
#define TILES_MAX 64 /* tiles in hands, pile, dial and discarded sets (48 in a real game) */
#define DISCARDS_MAX 32
#define TURN_MAX 8 /* decisions of one turn kept (a turn makes at most 2) */
#define RECENT_TURNS 3
#define LEGAL_MAX 64
#define TURN_CAP 600
#define ROUND_CAP 50
#define SKIP_LIMIT 3
#define CONTEST_AFTER 2
#define OUT_BONUS 3
#define NUM_FIELDS 27 /* State's fields */

enum { M_DRAW = 0, M_PICKUP = 1, M_PICKUP_CW = 2, M_PICKUP_CCW = 3, M_PLACE_CW = 4,
       M_PLACE_CCW = 136, M_SET = 268, M_CONTEST = 280, M_PASS = 292, NUM_MOVES = 293 };
enum { P_START = 0, P_PLAY = 1, P_CONTEST_PLACE = 2, P_OVER = 3 };
enum { S_NONE = 0, S_CW = 1, S_CCW = 2 };
enum { T_PLAYING = 0, T_NORMAL = 1, T_CAP = 2 };

typedef struct {
    uint8_t seat, n;
    uint16_t ids[TURN_MAX];
} Turn;

/* Everything but the Python objects: copied whole from state to state. */
typedef struct {
    uint64_t stream;
    long round, starter, turns, skips, target;
    long totals[SEATS];
    uint32_t gone;
    int start, length; /* length may leave 1..12 only in literal positions with a full dial */
    uint8_t phase, current, pile_turn, picked, contested, last_end, termination;
    uint8_t score7, dial_double, pickup_legacy, score7_legacy;
    uint8_t hands[SEATS][VALUES + 1];
    uint8_t npile, pile[TILES_MAX];
    uint8_t ndiscards, discards[DISCARDS_MAX][2]; /* (value, seat) */
    uint8_t completed[SEATS];
    uint8_t nturn;
    uint16_t turn[TURN_MAX];
    uint8_t nrecent;
    Turn recent[RECENT_TURNS];
    uint8_t nlegal;
    uint16_t legal[LEGAL_MAX];
} Data;

typedef struct {
    PyObject_HEAD
    PyObject *options; /* the EpizodiakOptions */
    PyObject *rounds;  /* tuple of RoundResult */
    PyObject *result;  /* the Outcome once over, else None */
    Data d;
} CState;

static PyTypeObject CStateType;

/* Init-time tables and the Python helpers, set once at import and never changed after. */
static PyObject *TEXT[NUM_MOVES];   /* move id -> interned text */
static PyObject *TEXT_IDS;          /* text -> move id */
static PyObject *SEAT_MOVERS[SEATS]; /* (0,), (1,), (2,) */
static PyObject *NO_MOVERS;          /* () */
static PyObject *TURN_SEP;           /* "; " */
static PyObject *TERMINATIONS[3];    /* "", "normal", "turn_cap" */
static PyObject *State_type, *RoundResult_type, *Stream_type, *final_outcome, *reference_play;

static inline int pmod(int a, int m) {
    int r = a % m;
    return r < 0 ? r + m : r;
}
static inline int cw(int v) { return pmod(v, VALUES) + 1; }         /* v + 1, 12 then 1 */
static inline int ccw(int v) { return pmod(v - 2, VALUES) + 1; }    /* v - 1, 1 then 12 */
static inline int end_value(int s, int n) { return pmod(s + n - 2, VALUES) + 1; }
static inline int open_cw(int s, int n) { return pmod(s + n - 1, VALUES) + 1; }

/* ---- legal moves (moves.py) --------------------------------------------------------------- */

typedef struct {
    int n;
    uint16_t *ids;
} Out;

static inline void emit(Out *o, int id) {
    if (o->n < LEGAL_MAX) o->ids[o->n++] = (uint16_t)id; /* at most 40 exist: never dropped */
}

/* moves.placements: each side, each run length; `only` forces the first value. */
static void placements(Out *o, const uint8_t *hand, int start, int length, int banned, int only) {
    int room = VALUES - length, first = open_cw(start, length);
    if (hand[first] && first != banned && (!only || only == first)) {
        int k = 1, v = cw(first);
        while (k < room && hand[v] && v != banned) k++, v = cw(v);
        for (int i = 0; i < k && i < VALUES - 1; i++) emit(o, M_PLACE_CW + 11 * (first - 1) + i);
    }
    first = ccw(start);
    if (hand[first] && first != banned && (!only || only == first)) {
        int k = 1, v = ccw(first);
        while (k < room && hand[v] && v != banned) k++, v = ccw(v);
        for (int i = 0; i < k && i < VALUES - 1; i++) emit(o, M_PLACE_CCW + 11 * (first - 1) + i);
    }
}

/* moves.sets: listed only when some count is 3 or 4 (`3 in hand or 4 in hand`). */
static void sets(Out *o, const uint8_t *hand) {
    int any = 0;
    for (int v = 0; v <= VALUES; v++) any |= hand[v] == 3 || hand[v] == 4;
    if (any)
        for (int v = 1; v <= VALUES; v++)
            if (hand[v] >= 3) emit(o, M_SET + v - 1);
}

/* moves.picked_up: (value taken, new start, new length). */
static void picked_up(const Data *d, int side, int *v, int *start, int *length) {
    if (side == S_CW) {
        *v = end_value(d->start, d->length);
        *start = d->start;
    } else {
        *v = d->start;
        *start = cw(d->start);
    }
    *length = d->length - 1;
}

/* moves._pickup_moves with moves.pickup_sides. */
static void pickup_moves(Out *o, const Data *d, const uint8_t *hand, int obligated) {
    int sides[2], nsides = 0;
    if (d->pickup_legacy) {
        if (d->length < 2) return;
        if (hand[end_value(d->start, d->length)] >= 2) sides[nsides++] = S_CW;
        if (hand[d->start] >= 2) sides[nsides++] = S_CCW;
    } else {
        int side = d->last_end;
        if (side == S_NONE) return;
        if (hand[side == S_CW ? end_value(d->start, d->length) : d->start]) sides[nsides++] = side;
    }
    for (int i = 0; i < nsides; i++) {
        int id = d->pickup_legacy ? (sides[i] == S_CW ? M_PICKUP_CW : M_PICKUP_CCW) : M_PICKUP;
        if (d->npile) {
            emit(o, id);
            continue;
        }
        /* [ASSUMPTION EP-A6] without a pile, only when a placement or a set can follow */
        int v, start, length, big = 0;
        uint16_t scratch[LEGAL_MAX];
        Out tried = {0, scratch};
        uint8_t after[VALUES + 1];
        picked_up(d, sides[i], &v, &start, &length);
        memcpy(after, hand, sizeof after);
        after[v]++;
        placements(&tried, after, start, length, v, 0);
        for (int c = 0; c <= VALUES; c++) big |= after[c] >= 3;
        if (tried.n || (!obligated && big)) emit(o, id);
    }
}

static int holds_playable_unique(const Data *d, const uint8_t *hand) {
    int a = open_cw(d->start, d->length), b = ccw(d->start);
    return (d->gone >> a & 1 && hand[a]) || (d->gone >> b & 1 && hand[b]);
}

/* moves.start_moves */
static void start_moves(Out *o, const Data *d) {
    const uint8_t *hand = d->hands[d->current];
    if (d->npile) {
        emit(o, M_DRAW);
        if (d->pickup_legacy)
            pickup_moves(o, d, hand, 0);
        else if (d->last_end && hand[d->last_end == S_CW ? end_value(d->start, d->length) : d->start])
            emit(o, M_PICKUP);
        placements(o, hand, d->start, d->length, 0, 0);
        sets(o, hand);
        return;
    }
    int obligated = d->skips >= SKIP_LIMIT;
    pickup_moves(o, d, hand, obligated);
    if (d->skips >= CONTEST_AFTER) { /* moves.contest_targets: sorted, each once */
        int a = open_cw(d->start, d->length), b = ccw(d->start);
        int lo = a < b ? a : b, hi = a < b ? b : a;
        if (!hand[lo]) emit(o, M_CONTEST + lo - 1);
        if (hi != lo && !hand[hi]) emit(o, M_CONTEST + hi - 1);
    }
    placements(o, hand, d->start, d->length, 0, 0);
    if (!obligated) {
        sets(o, hand);
        if (!holds_playable_unique(d, hand)) emit(o, M_PASS);
    }
}

/* moves.play_moves */
static void play_moves(Out *o, const Data *d) {
    const uint8_t *hand = d->hands[d->current];
    placements(o, hand, d->start, d->length, d->picked, 0);
    if (d->pile_turn) {
        sets(o, hand);
        emit(o, M_PASS);
    } else if (d->skips < SKIP_LIMIT)
        sets(o, hand);
}

/* moves.legal_moves_of, into the state's own list. */
static void settle_legal(Data *d) {
    Out o = {0, d->legal};
    if (d->phase == P_START)
        start_moves(&o, d);
    else if (d->phase == P_PLAY)
        play_moves(&o, d);
    else if (d->phase == P_CONTEST_PLACE)
        placements(&o, d->hands[d->current], d->start, d->length, 0, d->contested);
    d->nlegal = (uint8_t)o.n;
}

/* ---- states --------------------------------------------------------------------------- */

static CState *state_new(PyObject *options, PyObject *rounds) {
    CState *s = PyObject_New(CState, &CStateType);
    if (s == NULL) return NULL;
    Py_INCREF(options);
    Py_INCREF(rounds);
    Py_INCREF(Py_None);
    s->options = options;
    s->rounds = rounds;
    s->result = Py_None;
    return s;
}

static void state_dealloc(CState *s) {
    Py_XDECREF(s->options);
    Py_XDECREF(s->rounds);
    Py_XDECREF(s->result);
    PyObject_Free(s);
}

/* The flags of an EpizodiakOptions (rounds.end_round reads them as these). */
static int read_options(Data *d, PyObject *options) {
    PyObject *mode = PyObject_GetAttrString(options, "mode");
    if (mode == NULL) return -1;
    d->score7 = PyUnicode_Check(mode) && PyUnicode_CompareWithASCIIString(mode, "score7") == 0;
    Py_DECREF(mode);
    PyObject *target = PyObject_GetAttrString(options, "target");
    if (target == NULL) return -1;
    d->target = PyLong_AsLong(target);
    Py_DECREF(target);
    if (d->target == -1 && PyErr_Occurred()) return -1;
    static const char *flags[3] = {"dial_double", "pickup_legacy", "score7_legacy"};
    uint8_t *into[3] = {&d->dial_double, &d->pickup_legacy, &d->score7_legacy};
    for (int i = 0; i < 3; i++) {
        PyObject *flag = PyObject_GetAttrString(options, flags[i]);
        if (flag == NULL) return -1;
        int on = PyObject_IsTrue(flag);
        Py_DECREF(flag);
        if (on < 0) return -1;
        *into[i] = (uint8_t)on;
    }
    return 0;
}

/* rounds.deal: a new round from the stream (the data of `d` replaced, the flags kept). */
static void deal(Data *d, long round, long starter, const long *totals, uint64_t stream) {
    uint8_t tiles[VALUES * 4];
    for (int i = 0; i < VALUES * 4; i++) tiles[i] = (uint8_t)(i / 4 + 1);
    uint8_t score7 = d->score7, dial_double = d->dial_double, legacy = d->pickup_legacy,
            score7_legacy = d->score7_legacy;
    long target = d->target;
    memset(d, 0, sizeof *d);
    d->score7 = score7, d->dial_double = dial_double, d->pickup_legacy = legacy;
    d->score7_legacy = score7_legacy, d->target = target;
    d->stream = stream;
    chance_shuffled(&d->stream, tiles, VALUES * 4);
    for (int s = 0; s < SEATS; s++)
        for (int i = 0; i < HAND_SIZE; i++) d->hands[s][tiles[s * HAND_SIZE + i]]++;
    d->npile = VALUES * 4 - SEATS * HAND_SIZE - 1;
    memcpy(d->pile, tiles + SEATS * HAND_SIZE, d->npile);
    d->start = tiles[VALUES * 4 - 1]; /* [ASSUMPTION EP-A2] the top tile is turned onto the dial */
    d->length = 1;
    d->phase = P_START;
    d->current = (uint8_t)starter;
    d->pile_turn = 1;
    d->round = round;
    d->starter = starter;
    for (int s = 0; s < SEATS; s++) d->totals[s] = totals[s];
    settle_legal(d);
}

static PyObject *to_reference_with(CState *s, PyObject *result);
static PyObject *attribute(const char *module, const char *name);

/* rounds.end_round: score the round; deal the next (Score 7) or end the game. */
static int end_round(CState *s, int out_mask, int capped) {
    Data *d = &s->d;
    long sets[SEATS] = {0, 0, 0}, points[SEATS];
    int doubled[SEATS], nout = 0;
    for (int i = 0; i < d->ndiscards; i++) sets[d->discards[i][1]]++;
    PyObject *out = PyTuple_New(__builtin_popcount(out_mask));
    PyObject *t_sets = PyTuple_New(SEATS), *t_doubled = PyTuple_New(SEATS);
    PyObject *t_points = PyTuple_New(SEATS);
    if (!out || !t_sets || !t_doubled || !t_points) goto fail;
    for (int seat = 0; seat < SEATS; seat++) {
        int went_out = out_mask >> seat & 1;
        doubled[seat] = d->dial_double && d->completed[seat];
        long set_points = doubled[seat] ? sets[seat] * 2 : sets[seat];
        if (d->score7 && d->score7_legacy && !went_out) set_points = 0;
        points[seat] = set_points + (went_out ? OUT_BONUS : 0);
        /* small ints and bools are the interpreter's own: these never fail */
        if (went_out) PyTuple_SET_ITEM(out, nout++, PyLong_FromLong(seat));
        PyTuple_SET_ITEM(t_sets, seat, PyLong_FromLong(sets[seat]));
        PyTuple_SET_ITEM(t_doubled, seat, PyBool_FromLong(doubled[seat]));
        PyTuple_SET_ITEM(t_points, seat, PyLong_FromLong(points[seat]));
    }
    PyObject *result = PyObject_CallFunction(RoundResult_type, "lOOOOO", d->round, t_sets, out,
                                             t_doubled, t_points, capped ? Py_True : Py_False);
    Py_DECREF(out);
    Py_DECREF(t_sets);
    Py_DECREF(t_doubled);
    Py_DECREF(t_points);
    if (result == NULL) return -1;
    Py_ssize_t nrounds = PyTuple_GET_SIZE(s->rounds);
    PyObject *rounds = PyTuple_New(nrounds + 1);
    if (rounds == NULL) {
        Py_DECREF(result);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nrounds; i++) {
        PyObject *r = PyTuple_GET_ITEM(s->rounds, i);
        Py_INCREF(r);
        PyTuple_SET_ITEM(rounds, i, r);
    }
    PyTuple_SET_ITEM(rounds, nrounds, result);
    Py_SETREF(s->rounds, rounds);
    long totals[SEATS], top = LONG_MIN;
    for (int seat = 0; seat < SEATS; seat++) {
        totals[seat] = d->totals[seat] + points[seat];
        if (totals[seat] > top) top = totals[seat];
    }
    int reached = top >= d->target;
    if (d->score7 && !reached && d->round < ROUND_CAP) {
        deal(d, d->round + 1, (d->starter + 1) % SEATS, totals, d->stream);
        return 0;
    }
    int cut_short = d->score7 ? !reached : capped;
    for (int seat = 0; seat < SEATS; seat++) d->totals[seat] = totals[seat];
    d->phase = P_OVER;
    d->picked = d->contested = 0;
    d->nturn = 0;
    d->termination = cut_short ? T_CAP : T_NORMAL;
    d->nlegal = 0;
    PyObject *ref = to_reference_with(s, Py_None);
    if (ref == NULL) return -1;
    PyObject *outcome = PyObject_CallOneArg(final_outcome, ref);
    Py_DECREF(ref);
    if (outcome == NULL) return -1;
    Py_SETREF(s->result, outcome);
    return 0;
fail:
    Py_XDECREF(out);
    Py_XDECREF(t_sets);
    Py_XDECREF(t_doubled);
    Py_XDECREF(t_points);
    return -1;
}

static int hand_empty(const uint8_t *hand) {
    for (int v = 0; v <= VALUES; v++)
        if (hand[v]) return 0;
    return 1;
}

/* rounds.finish_turn: round end, a full dial, the turn cap, else the next seat. */
static int finish_turn(CState *s, int skip, int placed) {
    Data *d = &s->d;
    int seat = d->current;
    d->turns++;
    if (d->length == VALUES) d->completed[seat] = 1;
    Turn done = {(uint8_t)seat, d->nturn, {0}};
    memcpy(done.ids, d->turn, sizeof done.ids);
    if (d->nrecent == RECENT_TURNS) {
        d->recent[0] = d->recent[1];
        d->recent[1] = d->recent[2];
        d->recent[2] = done;
    } else
        d->recent[d->nrecent++] = done;
    d->skips = skip ? d->skips + 1 : 0; /* [ASSUMPTION EP-A7] */
    d->last_end = (uint8_t)placed;
    int empty_mask = 0;
    for (int i = 0; i < SEATS; i++) empty_mask |= hand_empty(d->hands[i]) << i;
    int emptied = (empty_mask >> seat & 1) || (d->contested && empty_mask);
    if (emptied || d->length == VALUES || d->turns >= TURN_CAP) {
        if (emptied) return end_round(s, empty_mask, 0); /* [ASSUMPTION EP-A13] */
        if (d->length == VALUES) { /* rounds.new_dial, spec §7 */
            uint8_t tiles[TILES_MAX + VALUES];
            int n = 0;
            for (int i = 0; i < d->length; i++) tiles[n++] = (uint8_t)(pmod(d->start + i - 1, VALUES) + 1);
            for (int i = 0; i < d->npile && n < TILES_MAX; i++) tiles[n++] = d->pile[i];
            chance_shuffled(&d->stream, tiles, n);
            d->npile = (uint8_t)(n - 1);
            memcpy(d->pile, tiles, (size_t)(n - 1));
            d->start = tiles[n - 1];
            d->length = 1;
            d->skips = 0;
            d->last_end = S_NONE;
        }
        if (d->turns >= TURN_CAP) return end_round(s, 0, 1);
    }
    d->phase = P_START;
    d->current = (uint8_t)((seat + 1) % SEATS);
    d->picked = d->contested = 0;
    d->nturn = 0;
    d->pile_turn = d->npile > 0;
    settle_legal(d);
    return 0;
}

/* ---- conversions ---------------------------------------------------------------------- */

static PyObject *int_tuple(const long *values, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

static PyObject *bytes_tuple(const uint8_t *values, int n) {
    long wide[TILES_MAX];
    for (int i = 0; i < n && i < TILES_MAX; i++) wide[i] = values[i];
    return int_tuple(wide, n < TILES_MAX ? n : TILES_MAX);
}

static PyObject *texts_tuple(const uint16_t *ids, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        Py_INCREF(TEXT[ids[i]]);
        PyTuple_SET_ITEM(t, i, TEXT[ids[i]]);
    }
    return t;
}

/* The reference State (rounds.settle's derived fields included, `result` as given). */
static PyObject *to_reference_with(CState *s, PyObject *result) {
    const Data *d = &s->d;
    PyObject *f[NUM_FIELDS] = {NULL};
    PyObject *ref = NULL;
    int i;
    Py_INCREF(s->options);
    f[0] = s->options;
    f[1] = PyLong_FromLong(d->phase);
    f[2] = PyLong_FromLong(d->current);
    f[3] = PyTuple_New(SEATS);
    if (f[3] != NULL)
        for (i = 0; i < SEATS; i++) {
            PyObject *hand = bytes_tuple(d->hands[i], VALUES + 1);
            if (hand == NULL) goto done;
            PyTuple_SET_ITEM(f[3], i, hand);
        }
    f[4] = bytes_tuple(d->pile, d->npile);
    f[5] = PyLong_FromLong(d->start);
    f[6] = PyLong_FromLong(d->length);
    f[7] = PyBool_FromLong(d->pile_turn);
    f[8] = PyLong_FromLong(d->picked);
    f[9] = PyLong_FromLong(d->contested);
    f[10] = PyLong_FromLong(d->last_end);
    f[11] = PyLong_FromLong(d->skips);
    f[12] = PyLong_FromUnsignedLong(d->gone);
    f[13] = PyTuple_New(d->ndiscards);
    if (f[13] != NULL)
        for (i = 0; i < d->ndiscards; i++) {
            PyObject *pair = Py_BuildValue("(ii)", d->discards[i][0], d->discards[i][1]);
            if (pair == NULL) goto done;
            PyTuple_SET_ITEM(f[13], i, pair);
        }
    f[14] = PyTuple_New(SEATS);
    if (f[14] != NULL)
        for (i = 0; i < SEATS; i++) PyTuple_SET_ITEM(f[14], i, PyBool_FromLong(d->completed[i]));
    f[15] = PyLong_FromLong(d->round);
    f[16] = PyLong_FromLong(d->starter);
    f[17] = PyLong_FromLong(d->turns);
    f[18] = int_tuple(d->totals, SEATS);
    f[19] = PyObject_CallFunction(Stream_type, "K", (unsigned long long)d->stream);
    f[20] = texts_tuple(d->turn, d->nturn);
    f[21] = PyTuple_New(d->nrecent);
    if (f[21] != NULL)
        for (i = 0; i < d->nrecent; i++) {
            PyObject *texts = texts_tuple(d->recent[i].ids, d->recent[i].n);
            if (texts == NULL) goto done;
            PyObject *joined = PyUnicode_Join(TURN_SEP, texts);
            Py_DECREF(texts);
            if (joined == NULL) goto done;
            PyObject *pair = Py_BuildValue("(iN)", d->recent[i].seat, joined);
            if (pair == NULL) goto done;
            PyTuple_SET_ITEM(f[21], i, pair);
        }
    Py_INCREF(s->rounds);
    f[22] = s->rounds;
    f[23] = TERMINATIONS[d->termination];
    Py_INCREF(f[23]);
    f[24] = texts_tuple(d->legal, d->nlegal);
    f[25] = d->phase == P_OVER ? NO_MOVERS : SEAT_MOVERS[d->current];
    Py_INCREF(f[25]);
    Py_INCREF(result);
    f[26] = result;
    for (i = 0; i < NUM_FIELDS; i++)
        if (f[i] == NULL) goto done;
    ref = PyObject_Vectorcall(State_type, f, NUM_FIELDS, NULL);
done:
    for (i = 0; i < NUM_FIELDS; i++) Py_XDECREF(f[i]);
    return ref;
}

/* A Python int in [lo, hi], else ValueError naming the field. */
static int bounded(PyObject *o, long lo, long hi, const char *what, long *into) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "epizodiak core: %s %ld out of range [%ld, %ld]", what, v,
                     lo, hi);
        return -1;
    }
    *into = v;
    return 0;
}

static int truth(PyObject *o, uint8_t *into) {
    int t = PyObject_IsTrue(o);
    if (t < 0) return -1;
    *into = (uint8_t)t;
    return 0;
}

static int move_id(PyObject *text, uint16_t *into) {
    PyObject *id = PyUnicode_Check(text) ? PyDict_GetItemWithError(TEXT_IDS, text) : NULL;
    if (id == NULL) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "epizodiak core: %R is no move token", text);
        return -1;
    }
    *into = (uint16_t)PyLong_AsLong(id);
    return 0;
}

/* A tuple of exactly n items (or at most n with `at_most`), else ValueError. */
static PyObject *tuple_of(PyObject *o, Py_ssize_t n, int at_most, const char *what) {
    if (!PyTuple_Check(o) || (at_most ? PyTuple_GET_SIZE(o) > n : PyTuple_GET_SIZE(o) != n)) {
        PyErr_Format(PyExc_ValueError, "epizodiak core: %s is not a tuple of %s%zd items", what,
                     at_most ? "at most " : "", n);
        return NULL;
    }
    return o;
}

static int read_turn(PyObject *texts, uint16_t *ids, uint8_t *n) {
    Py_ssize_t count = PyList_GET_SIZE(texts);
    if (count > TURN_MAX - 2) {
        PyErr_SetString(PyExc_ValueError, "epizodiak core: too many decisions in a turn");
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++)
        if (move_id(PyList_GET_ITEM(texts, i), &ids[i]) < 0) return -1;
    *n = (uint8_t)count;
    return 0;
}

/* The compiled state of a reference State (a settled one: its legal moves are derived again). */
static PyObject *from_reference(PyObject *module, PyObject *ref) {
    if (!PyTuple_Check(ref) || PyTuple_GET_SIZE(ref) != NUM_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "epizodiak core: from_reference takes an epizodiak State");
        return NULL;
    }
    PyObject **f = ((PyTupleObject *)ref)->ob_item;
    PyObject *rounds = tuple_of(f[22], PY_SSIZE_T_MAX, 1, "rounds");
    if (rounds == NULL) return NULL;
    CState *s = state_new(f[0], rounds);
    if (s == NULL) return NULL;
    Data *d = &s->d;
    long v, total = 0;
    Py_ssize_t i;
    PyObject *seq = NULL;
    memset(d, 0, sizeof *d);
    if (read_options(d, f[0]) < 0) goto fail;
    if (bounded(f[1], P_START, P_OVER, "phase", &v) < 0) goto fail;
    d->phase = (uint8_t)v;
    if (bounded(f[2], 0, SEATS - 1, "current", &v) < 0) goto fail;
    d->current = (uint8_t)v;
    if (tuple_of(f[3], SEATS, 0, "hands") == NULL) goto fail;
    for (int seat = 0; seat < SEATS; seat++) {
        PyObject *hand = tuple_of(PyTuple_GET_ITEM(f[3], seat), VALUES + 1, 0, "a hand");
        if (hand == NULL) goto fail;
        for (int value = 0; value <= VALUES; value++) {
            if (bounded(PyTuple_GET_ITEM(hand, value), 0, value ? TILES_MAX : 0, "a count", &v) < 0)
                goto fail;
            d->hands[seat][value] = (uint8_t)v;
            total += v;
        }
    }
    if (tuple_of(f[4], TILES_MAX, 1, "pile") == NULL) goto fail;
    d->npile = (uint8_t)PyTuple_GET_SIZE(f[4]);
    for (i = 0; i < d->npile; i++) {
        if (bounded(PyTuple_GET_ITEM(f[4], i), 1, VALUES, "a pile tile", &v) < 0) goto fail;
        d->pile[i] = (uint8_t)v;
    }
    if (bounded(f[5], 1, VALUES, "start", &v) < 0) goto fail;
    d->start = (int)v;
    if (bounded(f[6], 1, VALUES, "length", &v) < 0) goto fail;
    d->length = (int)v;
    if (truth(f[7], &d->pile_turn) < 0) goto fail;
    if (bounded(f[8], 0, VALUES, "picked", &v) < 0) goto fail;
    d->picked = (uint8_t)v;
    if (bounded(f[9], 0, VALUES, "contested", &v) < 0) goto fail;
    d->contested = (uint8_t)v;
    if (bounded(f[10], S_NONE, S_CCW, "last_end", &v) < 0) goto fail;
    d->last_end = (uint8_t)v;
    if (bounded(f[11], 0, LONG_MAX / 2, "skips", &v) < 0) goto fail;
    d->skips = v;
    if (bounded(f[12], 0, (1L << (VALUES + 1)) - 1, "gone", &v) < 0) goto fail;
    d->gone = (uint32_t)v;
    if (tuple_of(f[13], DISCARDS_MAX, 1, "discards") == NULL) goto fail;
    d->ndiscards = (uint8_t)PyTuple_GET_SIZE(f[13]);
    for (i = 0; i < d->ndiscards; i++) {
        PyObject *pair = tuple_of(PyTuple_GET_ITEM(f[13], i), 2, 0, "a discard");
        if (pair == NULL) goto fail;
        if (bounded(PyTuple_GET_ITEM(pair, 0), 1, VALUES, "a discarded value", &v) < 0) goto fail;
        d->discards[i][0] = (uint8_t)v;
        if (bounded(PyTuple_GET_ITEM(pair, 1), 0, SEATS - 1, "a discard's seat", &v) < 0) goto fail;
        d->discards[i][1] = (uint8_t)v;
    }
    total += d->npile + d->length + 3L * d->ndiscards;
    if (total > TILES_MAX) {
        PyErr_Format(PyExc_ValueError, "epizodiak core: %ld tiles, more than %d", total, TILES_MAX);
        goto fail;
    }
    if (tuple_of(f[14], SEATS, 0, "completed") == NULL) goto fail;
    for (int seat = 0; seat < SEATS; seat++)
        if (truth(PyTuple_GET_ITEM(f[14], seat), &d->completed[seat]) < 0) goto fail;
    if (bounded(f[15], LONG_MIN / 2, LONG_MAX / 2, "round", &d->round) < 0) goto fail;
    if (bounded(f[16], 0, SEATS - 1, "starter", &d->starter) < 0) goto fail;
    if (bounded(f[17], LONG_MIN / 2, LONG_MAX / 2, "turns", &d->turns) < 0) goto fail;
    if (tuple_of(f[18], SEATS, 0, "totals") == NULL) goto fail;
    for (int seat = 0; seat < SEATS; seat++)
        if (bounded(PyTuple_GET_ITEM(f[18], seat), LONG_MIN / 4, LONG_MAX / 4, "a total",
                    &d->totals[seat]) < 0)
            goto fail;
    d->stream = PyLong_AsUnsignedLongLong(f[19]);
    if (d->stream == (uint64_t)-1 && PyErr_Occurred()) goto fail;
    if ((seq = PySequence_List(f[20])) == NULL || read_turn(seq, d->turn, &d->nturn) < 0) goto fail;
    Py_CLEAR(seq);
    if (tuple_of(f[21], RECENT_TURNS, 1, "recent") == NULL) goto fail;
    d->nrecent = (uint8_t)PyTuple_GET_SIZE(f[21]);
    for (i = 0; i < d->nrecent; i++) {
        PyObject *pair = tuple_of(PyTuple_GET_ITEM(f[21], i), 2, 0, "a recent turn");
        if (pair == NULL) goto fail;
        if (bounded(PyTuple_GET_ITEM(pair, 0), 0, SEATS - 1, "a recent seat", &v) < 0) goto fail;
        d->recent[i].seat = (uint8_t)v;
        if (!PyUnicode_Check(PyTuple_GET_ITEM(pair, 1))) {
            PyErr_SetString(PyExc_ValueError, "epizodiak core: a recent turn is not text");
            goto fail;
        }
        if ((seq = PyUnicode_Split(PyTuple_GET_ITEM(pair, 1), TURN_SEP, -1)) == NULL ||
            read_turn(seq, d->recent[i].ids, &d->recent[i].n) < 0)
            goto fail;
        Py_CLEAR(seq);
    }
    d->termination = 3;
    for (int t = 0; t < 3; t++) {
        int same = PyObject_RichCompareBool(f[23], TERMINATIONS[t], Py_EQ);
        if (same < 0) goto fail;
        if (same) d->termination = (uint8_t)t;
    }
    if (d->termination == 3) {
        PyErr_Format(PyExc_ValueError, "epizodiak core: termination %R", f[23]);
        goto fail;
    }
    if (d->phase == P_OVER) {
        Py_INCREF(f[26]);
        Py_SETREF(s->result, f[26]);
    }
    settle_legal(d);
    return (PyObject *)s;
fail:
    Py_XDECREF(seq);
    Py_DECREF(s);
    return NULL;
}

/* ---- the engine's calls ------------------------------------------------------------------ */

static int check_state(PyObject *o) {
    if (Py_TYPE(o) != &CStateType) {
        PyErr_Format(PyExc_TypeError, "epizodiak core: expected a compiled state, not %.100s",
                     Py_TYPE(o)->tp_name);
        return -1;
    }
    return 0;
}

/* deal(options, starter, stream): round 1 (state.setup once the rng gave starter and stream). */
static PyObject *core_deal(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    static const long zero[SEATS] = {0, 0, 0};
    long starter;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "deal(options, starter, stream)");
        return NULL;
    }
    if (bounded(args[1], 0, SEATS - 1, "starter", &starter) < 0) return NULL;
    uint64_t stream = PyLong_AsUnsignedLongLong(args[2]);
    if (stream == (uint64_t)-1 && PyErr_Occurred()) return NULL;
    PyObject *rounds = PyTuple_New(0);
    if (rounds == NULL) return NULL;
    CState *s = state_new(args[0], rounds);
    Py_DECREF(rounds);
    if (s == NULL) return NULL;
    if (read_options(&s->d, args[0]) < 0) {
        Py_DECREF(s);
        return NULL;
    }
    deal(&s->d, 1, starter, zero, stream);
    return (PyObject *)s;
}

static PyObject *core_to_move(PyObject *module, PyObject *state) {
    if (check_state(state) < 0) return NULL;
    const Data *d = &((CState *)state)->d;
    PyObject *movers = d->phase == P_OVER ? NO_MOVERS : SEAT_MOVERS[d->current];
    Py_INCREF(movers);
    return movers;
}

static PyObject *core_outcome(PyObject *module, PyObject *state) {
    if (check_state(state) < 0) return NULL;
    PyObject *result = ((CState *)state)->result;
    Py_INCREF(result);
    return result;
}

/* rules.legal_moves: a new list of the seat's legal texts ([] when it is not to move). */
static PyObject *core_legal_moves(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(state, seat)");
        return NULL;
    }
    if (check_state(args[0]) < 0) return NULL;
    const Data *d = &((CState *)args[0])->d;
    int mine;
    if (PyLong_CheckExact(args[1])) {
        long seat = PyLong_AsLong(args[1]);
        if (seat == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            mine = 0;
        } else
            mine = seat == d->current;
    } else {
        PyObject *current = PyTuple_GET_ITEM(SEAT_MOVERS[d->current], 0);
        if ((mine = PyObject_RichCompareBool(args[1], current, Py_EQ)) < 0) return NULL;
    }
    int n = mine ? d->nlegal : 0;
    PyObject *out = PyList_New(n);
    if (out == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *text = TEXT[d->legal[i]];
        Py_INCREF(text);
        PyList_SET_ITEM(out, i, text);
    }
    return out;
}

/* A move the state's list lacks: the reference engine's play raises the error it would. */
static PyObject *refuse(CState *s, PyObject *seat, PyObject *text) {
    PyObject *ref = to_reference_with(s, s->result);
    if (ref == NULL) return NULL;
    PyObject *after = PyObject_CallFunctionObjArgs(reference_play, ref, seat, text, NULL);
    Py_DECREF(ref);
    if (after != NULL) {
        Py_DECREF(after);
        PyErr_Format(PyExc_RuntimeError,
                     "epizodiak core: %R is not in the compiled legal moves, yet the reference "
                     "engine played it", text);
    }
    return NULL;
}

/* rules.play: the state after the seat to move plays `text`. */
static PyObject *core_play(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play(state, seat, move)");
        return NULL;
    }
    if (check_state(args[0]) < 0) return NULL;
    CState *old = (CState *)args[0];
    PyObject *text = args[2];
    int id = -1, i;
    for (i = 0; i < old->d.nlegal; i++)
        if (TEXT[old->d.legal[i]] == text) {
            id = old->d.legal[i];
            break;
        }
    if (id < 0 && PyUnicode_Check(text)) {
        PyObject *found = PyDict_GetItemWithError(TEXT_IDS, text);
        if (found == NULL && PyErr_Occurred()) return NULL;
        if (found != NULL) {
            long want = PyLong_AsLong(found);
            for (i = 0; i < old->d.nlegal; i++)
                if (old->d.legal[i] == want) id = (int)want;
        }
    }
    if (id < 0) return refuse(old, args[1], text);
    CState *s = state_new(old->options, old->rounds);
    if (s == NULL) return NULL;
    Data *d = &s->d;
    memcpy(d, &old->d, sizeof *d);
    uint8_t *hand = d->hands[d->current];
    int me = d->current, rc = 0;
    if (d->nturn >= TURN_MAX) {
        PyErr_SetString(PyExc_ValueError, "epizodiak core: too many decisions in a turn");
        goto fail;
    }
    d->turn[d->nturn++] = (uint16_t)id;
    if (id >= M_PLACE_CW && id < M_SET) { /* spec §4.2: the run joins the block on its side */
        int side = id < M_PLACE_CCW ? S_CW : S_CCW;
        int offset = id - (side == S_CW ? M_PLACE_CW : M_PLACE_CCW);
        int v = offset / 11 + 1, k = offset % 11 + 1;
        for (i = 0; i < k; i++) {
            hand[v]--; /* legal: the hand holds every value of the run */
            if (i + 1 < k) v = side == S_CW ? cw(v) : ccw(v);
        }
        if (side == S_CCW) d->start = v;
        d->length += k;
        rc = finish_turn(s, 0, side);
    } else if (id == M_DRAW) { /* spec §5.2: the top pile tile into the hand */
        hand[d->pile[--d->npile]]++;
        d->phase = P_PLAY;
        Out o = {0, d->legal}; /* moves.drawn_moves: nothing banned, pass last */
        placements(&o, hand, d->start, d->length, 0, 0);
        sets(&o, hand);
        emit(&o, M_PASS);
        d->nlegal = (uint8_t)o.n;
    } else if (id == M_PASS) {
        rc = finish_turn(s, d->phase == P_START, S_NONE);
    } else if (id >= M_SET && id < M_CONTEST) { /* spec §4.3: three v to the Discard area */
        int v = id - M_SET + 1;
        if (d->ndiscards >= DISCARDS_MAX) {
            PyErr_SetString(PyExc_ValueError, "epizodiak core: too many sets");
            goto fail;
        }
        hand[v] -= 3;
        d->gone |= 1U << v;
        d->discards[d->ndiscards][0] = (uint8_t)v;
        d->discards[d->ndiscards++][1] = (uint8_t)me;
        rc = finish_turn(s, 0, S_NONE);
    } else if (id <= M_PICKUP_CCW) { /* spec §5.2: the end tile into the hand (EP-A4) */
        int side = id == M_PICKUP_CW ? S_CW : id == M_PICKUP_CCW ? S_CCW : d->last_end, v;
        picked_up(&old->d, side, &v, &d->start, &d->length);
        d->phase = P_PLAY;
        d->picked = (uint8_t)v;
        hand[v]++;
        settle_legal(d);
    } else { /* contest, spec §6.3 */
        int v = id - M_CONTEST + 1, taken = 0;
        for (int seat = 0; seat < SEATS; seat++)
            if (seat != me) taken += d->hands[seat][v];
        if (taken != 4 || d->gone >> v & 1) {
            PyErr_Format(PyExc_AssertionError, "contest of %d finds %d tiles", v, taken);
            goto fail;
        }
        if (d->ndiscards >= DISCARDS_MAX) {
            PyErr_SetString(PyExc_ValueError, "epizodiak core: too many sets");
            goto fail;
        }
        for (int seat = 0; seat < SEATS; seat++) d->hands[seat][v] = seat == me;
        d->phase = P_CONTEST_PLACE;
        d->contested = (uint8_t)v;
        d->gone |= 1U << v;
        d->discards[d->ndiscards][0] = (uint8_t)v;
        d->discards[d->ndiscards++][1] = (uint8_t)me;
        settle_legal(d);
    }
    if (rc < 0) goto fail;
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

static PyObject *core_to_reference(PyObject *module, PyObject *state) {
    if (check_state(state) < 0) return NULL;
    return to_reference_with((CState *)state, ((CState *)state)->result);
}

/* Pickled as its reference state (the module's from_reference rebuilds it); copies are the
 * state itself, as for the reference State: both are immutable. */
static PyObject *state_reduce(PyObject *self, PyObject *unused) {
    PyObject *rebuild = attribute("arena.games.epizodiak._core", "from_reference");
    if (rebuild == NULL) return NULL;
    PyObject *ref = core_to_reference(NULL, self);
    if (ref == NULL) {
        Py_DECREF(rebuild);
        return NULL;
    }
    return Py_BuildValue("(N(N))", rebuild, ref);
}

static PyObject *state_self(PyObject *self, PyObject *unused) {
    Py_INCREF(self);
    return self;
}

static PyMethodDef state_methods[] = {
    {"__reduce__", state_reduce, METH_NOARGS, "Pickled as its reference state."},
    {"__copy__", state_self, METH_NOARGS, "The state itself (immutable)."},
    {"__deepcopy__", state_self, METH_O, "The state itself (immutable)."},
    {NULL, NULL, 0, NULL},
};

/* ---- observations (arena/env/observations/epizodiak.py, from the state) ----------------- */

/* An int field of a reference State (a NamedTuple) in [lo, hi], or -1 with an error set. */
static long obs_field(PyObject *state, Py_ssize_t field, long lo, long hi)
{
    long v = PyLong_AsLong(PyTuple_GET_ITEM(state, field));
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "State field %zd must be %ld to %ld, not %ld", field, lo,
                     hi, v);
        return -1;
    }
    return v;
}

/* A tuple of 3 (a value a seat) of a reference State, or NULL with an error set. */
static PyObject *obs_seats(PyObject *state, Py_ssize_t field)
{
    PyObject *t = PyTuple_GET_ITEM(state, field);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 3) {
        PyErr_Format(PyExc_TypeError, "State field %zd must hold a value a seat", field);
        return NULL;
    }
    return t;
}

static void obs_one_hot(float *part, long size, long index)
{
    if (index >= 0 && index < size)
        part[index] = 1.0f;
}

/* encode(state, seat, out): the seat's observation vector of a reference State into `out`
 * (float32, arena.env's layout), as observations/epizodiak.py's fill_list writes it from the
 * seat's view. */
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
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 19) {
        PyErr_SetString(PyExc_TypeError, "encode() takes a reference epizodiak State");
        return NULL;
    }
    enum { N = 3 };
    PyObject *hands = obs_seats(state, 3), *completed = obs_seats(state, 14);
    PyObject *totals = obs_seats(state, 18), *pile = PyTuple_GET_ITEM(state, 4);
    PyObject *discards = PyTuple_GET_ITEM(state, 13), *options = PyTuple_GET_ITEM(state, 0);
    if (!hands || !completed || !totals)
        return NULL;
    if (!PyTuple_Check(pile) || !PyTuple_Check(discards)) {
        PyErr_SetString(PyExc_TypeError, "State.pile and State.discards are tuples");
        return NULL;
    }
    long phase = obs_field(state, 1, 0, 3), start, length, picked, contested, last, skips;
    long round, turns;
    if (phase < 0 || (start = obs_field(state, 5, 1, 12)) < 0 ||
        (length = obs_field(state, 6, 0, 12)) < 0 || (picked = obs_field(state, 8, 0, 12)) < 0 ||
        (contested = obs_field(state, 9, 0, 12)) < 0 ||
        (last = obs_field(state, 10, 0, 2)) < 0 ||
        (skips = obs_field(state, 11, 0, 1000000)) < 0 ||
        (round = obs_field(state, 15, 0, LONG_MAX)) < 0 ||
        (turns = obs_field(state, 17, 0, LONG_MAX)) < 0)
        return NULL;
    Py_buffer buffer;
    if (observe_out(args[2], 130 + 16 * N, &buffer) < 0)
        return NULL;
    float *v = (float *)buffer.buf;
    float *hand = v, *dial = v + 12, *block_start = v + 24, *block_end = v + 36;
    float *open_values = v + 48, *hand_sizes = v + 60, *pile_out = hand_sizes + N;
    float *owners = pile_out + 1, *set_counts = owners + 12 * (N + 1);
    float *done = set_counts + N, *totals_out = done + N, *skips_out = totals_out + N;
    float *pickup = skips_out + 4, *picked_out = pickup + 13, *contested_out = picked_out + 13;
    float *phase_out = contested_out + 13, *end_out = phase_out + 4, *flags = end_out + 3;
    float *round_out = flags + 5, *turn_out = round_out + 1;
    long counts[N] = {0, 0, 0};
    for (long p = 0; p < N; p++) {
        PyObject *h = PyTuple_GET_ITEM(hands, p);
        if (!PyTuple_Check(h) || PyTuple_GET_SIZE(h) != 13) {
            PyErr_SetString(PyExc_TypeError, "a hand holds a count per value 0..12");
            goto fail;
        }
        for (int value = 0; value <= 12; value++) { /* the view's hand size sums all 13 */
            long c = PyLong_AsLong(PyTuple_GET_ITEM(h, value));
            if (c == -1 && PyErr_Occurred())
                goto fail;
            counts[p] += c;
            if (p == seat && value > 0)
                hand[value - 1] = (float)(c * 0.25);
        }
    }
    for (long i = 0, value = start; i < length; i++, value = value % 12 + 1)
        dial[value - 1] = 1.0f;
    const long end = (start + length - 2 + 1200) % 12 + 1;
    block_start[start - 1] = 1.0f;
    block_end[end - 1] = 1.0f;
    if (length < 12) {
        open_values[end % 12] = 1.0f;             /* CW[end] - 1 */
        open_values[(start + 10) % 12] = 1.0f;    /* CCW[start] - 1 */
    }
    *pile_out = (float)(PyTuple_GET_SIZE(pile) / 48.0);
    long owner_of[12], sets[N] = {0, 0, 0};
    for (int i = 0; i < 12; i++)
        owner_of[i] = -1;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(discards); i++) {
        PyObject *set = PyTuple_GET_ITEM(discards, i);
        if (!PyTuple_Check(set) || PyTuple_GET_SIZE(set) != 2) {
            PyErr_SetString(PyExc_TypeError, "a discarded set is (value, seat)");
            goto fail;
        }
        long value = PyLong_AsLong(PyTuple_GET_ITEM(set, 0));
        long owner = PyLong_AsLong(PyTuple_GET_ITEM(set, 1));
        if (PyErr_Occurred())
            goto fail;
        if (value < 1 || value > 12 || owner < 0 || owner >= N) {
            PyErr_SetString(PyExc_ValueError, "a discarded set of a value 1..12 and a seat");
            goto fail;
        }
        sets[owner]++;
        owner_of[value - 1] = owner;
    }
    for (int value = 0; value < 12; value++) {
        long owner = owner_of[value];
        owners[value * (N + 1) + (owner < 0 ? 0 : 1 + ((owner - seat) % N + N) % N)] = 1.0f;
    }
    for (long k = 0; k < N; k++) {
        const long p = ((seat + k) % N + N) % N;
        long total = PyLong_AsLong(PyTuple_GET_ITEM(totals, p));
        if (total == -1 && PyErr_Occurred())
            goto fail;
        int finished = PyObject_IsTrue(PyTuple_GET_ITEM(completed, p));
        if (finished < 0)
            goto fail;
        hand_sizes[k] = (float)(counts[p] / 24.0);
        set_counts[k] = (float)(sets[p] / 12.0);
        totals_out[k] = (float)(total / 10.0);
        done[k] = finished ? 1.0f : 0.0f;
    }
    obs_one_hot(skips_out, 4, skips);
    obs_one_hot(pickup, 13, last == 1 ? end : last == 2 ? start : 0);
    obs_one_hot(picked_out, 13, picked);
    obs_one_hot(contested_out, 13, contested);
    phase_out[phase] = 1.0f;
    end_out[last == 1 ? 0 : last == 2 ? 1 : 2] = 1.0f;
    static const char *const score7[1] = {"score7"};
    int mode = observe_choice(options, "mode", score7, 1);
    long target;
    if (mode < 0 || observe_long(options, "target", &target) < 0)
        goto fail;
    flags[0] = mode == 0 ? 1.0f : 0.0f;
    flags[1] = target != 7 ? 1.0f : 0.0f;
    static const char *const named[3] = {"dial_double", "pickup_legacy", "score7_legacy"};
    for (int i = 0; i < 3; i++) {
        int truth = observe_true(options, named[i]);
        if (truth < 0)
            goto fail;
        flags[2 + i] = (float)truth;
    }
    double scaled = round / 50.0;
    *round_out = (float)(scaled < 2.0 ? scaled : 2.0);
    scaled = (turns + (phase == 3 ? 0 : 1)) / 600.0;
    *turn_out = (float)(scaled < 2.0 ? scaled : 2.0);
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buffer);
    return NULL;
}

static PyMethodDef core_methods[] = {
    {"deal", (PyCFunction)(void (*)(void))core_deal, METH_FASTCALL,
     "deal(options, starter, stream): round 1's state (state.setup after its two draws)."},
    {"to_move", core_to_move, METH_O, "to_move(state): the seats to move."},
    {"legal_moves", (PyCFunction)(void (*)(void))core_legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the seat's legal moves, a new list."},
    {"play", (PyCFunction)(void (*)(void))core_play, METH_FASTCALL,
     "play(state, seat, move): the state after the move (the reference engine's error if not "
     "legal)."},
    {"outcome", core_outcome, METH_O, "outcome(state): the Outcome once over, else None."},
    {"from_reference", from_reference, METH_O, "from_reference(state): the compiled state."},
    {"to_reference", core_to_reference, METH_O, "to_reference(state): the reference State."},
    {"encode", (PyCFunction)(void (*)(void))core_encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference state, written "
     "into `out` (float32, arena.env's layout)."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CStateType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "arena.games.epizodiak._core.State",
    .tp_basicsize = sizeof(CState),
    .tp_dealloc = (destructor)state_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_methods = state_methods,
    .tp_doc = "An immutable Epizodiak position of the compiled core (to_reference reads it).",
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "_core", "Epizodiak's compiled core (see arena/games/epizodiak/compiled.py).",
    -1, core_methods,
};

static PyObject *attribute(const char *module, const char *name) {
    PyObject *m = PyImport_ImportModule(module);
    if (m == NULL) return NULL;
    PyObject *a = PyObject_GetAttrString(m, name);
    Py_DECREF(m);
    return a;
}

/* The text of move `id` (notation.py's spelling). */
static PyObject *move_text(int id) {
    static const char *fixed[4] = {"draw", "pickup", "pickup cw", "pickup ccw"};
    char buf[64];
    if (id < M_PLACE_CW) return PyUnicode_InternFromString(fixed[id]);
    if (id == M_PASS) return PyUnicode_InternFromString("pass");
    if (id >= M_CONTEST) return PyUnicode_FromFormat("contest %d", id - M_CONTEST + 1);
    if (id >= M_SET) return PyUnicode_FromFormat("set %d", id - M_SET + 1);
    int side = id < M_PLACE_CCW ? S_CW : S_CCW;
    int offset = id - (side == S_CW ? M_PLACE_CW : M_PLACE_CCW);
    int v = offset / 11 + 1, k = offset % 11 + 1, at;
    at = snprintf(buf, sizeof buf, "place %s", side == S_CW ? "cw" : "ccw");
    for (int i = 0; i < k; i++) {
        at += snprintf(buf + at, sizeof buf - (size_t)at, " %d", v);
        v = side == S_CW ? cw(v) : ccw(v);
    }
    return PyUnicode_InternFromString(buf);
}

PyMODINIT_FUNC PyInit__core(void) {
    if (PyType_Ready(&CStateType) < 0) return NULL;
    chance_init();
    if (TEXT_IDS == NULL) { /* the tables: built once per process */
        if ((TEXT_IDS = PyDict_New()) == NULL) return NULL;
        for (int id = 0; id < NUM_MOVES; id++) {
            if ((TEXT[id] = move_text(id)) == NULL) return NULL;
            PyUnicode_InternInPlace(&TEXT[id]);
            PyObject *number = PyLong_FromLong(id);
            if (number == NULL || PyDict_SetItem(TEXT_IDS, TEXT[id], number) < 0) return NULL;
            Py_DECREF(number);
        }
        for (int seat = 0; seat < SEATS; seat++)
            if ((SEAT_MOVERS[seat] = Py_BuildValue("(i)", seat)) == NULL) return NULL;
        if ((NO_MOVERS = PyTuple_New(0)) == NULL) return NULL;
        if ((TURN_SEP = PyUnicode_InternFromString("; ")) == NULL) return NULL;
        static const char *ends[3] = {"", "normal", "turn_cap"};
        for (int t = 0; t < 3; t++)
            if ((TERMINATIONS[t] = PyUnicode_InternFromString(ends[t])) == NULL) return NULL;
        if ((State_type = attribute("arena.games.epizodiak.state", "State")) == NULL ||
            (RoundResult_type = attribute("arena.games.epizodiak.state", "RoundResult")) == NULL ||
            (Stream_type = attribute("arena.core.chance", "Stream")) == NULL ||
            (final_outcome = attribute("arena.games.epizodiak.rounds", "final_outcome")) == NULL ||
            (reference_play = attribute("arena.games.epizodiak.rules", "play")) == NULL)
            return NULL;
    }
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL) return NULL;
    Py_INCREF(&CStateType);
    if (PyModule_AddObject(m, "State", (PyObject *)&CStateType) < 0) {
        Py_DECREF(&CStateType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
