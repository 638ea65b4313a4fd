/* Azul's compiled core: the rules of arena/games/azul (state.py, rules.py, rounds.py) in C.
 *
 * The pure-Python engine is the reference; this core plays the same rules bit for bit (the same
 * legal moves in the same order, the same bag draws and lid reshuffles from the state's stream,
 * the same end) and tests/games/azul/test_azul_compiled.py plays both in step. compiled.py wraps
 * an `Engine` of this module in arena.core.compiled's CompiledEngine protocol.
 *
 * `setup` deals from a random.Random as state.setup does (shuffle, 64 bits for the stream, the
 * start player, through the rng's own getrandbits); any other rng gets the reference deal.
 * A `State` is immutable: `play` copies the position into a new object and changes the copy.
 * Whatever is not on the fast path (a move of a seat not to decide, a malformed or illegal move,
 * a move once the game is over) is handed to the pure engine's `play` on the state converted
 * back, so that its answer or its error is the reference's own. Chance: a lid reshuffle draws the
 * next splitmix64 output of the state's stream and shuffles with CPython's Mersenne Twister
 * seeded by it (random.Random(seed).shuffle, as arena.core.chance does), both written out below.
 *
 * Module state is init-time tables only (the move strings, their index, small tables): several
 * threads may use one Engine (each call holds the GIL).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>

#include "../_observe.h" /* arena.env's tensors as lists of floats */

#include "../_chance.h" /* arena/core/chance.py in C */

#define NUM_COLOURS 5
#define MAX_PLAYERS 4
#define MAX_DISPLAYS 9
#define TILES_PER_DISPLAY 4
#define FLOOR_SPACES 7
#define MARKER 5
#define CENTRE 9 /* source index of the centre (notation.py) */
#define FLOOR 5  /* destination index of the floor line */
#define ROUND_CAP 100
#define BAG_CAP 200 /* tiles a state may hold outside the walls (a real game has 100) */
#define NO_SEAT (-1)

#define OFFER 0
#define WALL 1
#define OVER 2

#define TERM_NONE 0
#define TERM_NORMAL 1
#define TERM_CAPPED 2

#define TAKE_CODES 300 /* move code src*30 + colour*6 + dest; 300 + line*5 + col: wall */
#define NUM_MOVES 325
#define MAX_LEGAL 300

typedef struct {
    int32_t score;
    uint32_t wall;    /* bit r*5+c */
    uint32_t wall_t;  /* bit c*5+r */
    uint32_t crow;    /* bit k*6+r: colour k is on wall row r */
    uint32_t ccol;    /* bit k*5+c: colour k is on wall column c */
    uint64_t cells_lo; /* `cells` (3 bits a space: colour+1) bits 0..63 */
    uint64_t cells_hi; /* bits 64..74 */
    uint8_t lines[5]; /* count*8 + colour, 0 when empty */
    uint8_t floor[FLOOR_SPACES];
    uint8_t nfloor;
} Board;

typedef struct {
    uint64_t stream;
    int32_t round;
    int32_t offer_left;
    int16_t lid[NUM_COLOURS];
    int8_t n, gray, phase, current, start, taker, in_centre, nfac, pending, term;
    uint8_t fac[MAX_DISPLAYS][NUM_COLOURS];
    uint8_t centre[NUM_COLOURS];
    uint8_t nbag;
    Board boards[MAX_PLAYERS];
    uint8_t bag[BAG_CAP];
} Core;

typedef struct {
    PyObject_HEAD
    Core c;
} StateObject;

#define ENGINE_FIELDS(X) /* the reference engine's callables it calls back */           \
    X(name)          /* the game's name (a str) */                                      \
    X(pure_setup)    /* (num_players, options, rng) -> reference state */               \
    X(pure_play)     /* (reference state, seat, move) -> reference state */             \
    X(pure_apply)    /* the same after the turn check (GameBase.apply) */               \
    X(make_outcome)  /* (scores, full rows, termination code, round) -> Outcome */      \
    X(make_state)    /* (raw tuple) -> reference state */                               \
    X(terminations)  /* the reference's termination strings by code: "", normal, cap */
#include "../_engine.h"

static PyTypeObject StateType;

/* ---- init-time tables ---------------------------------------------------------------- */

static uint8_t RUN[32][5];
static uint8_t POINTS[6][6];
static uint32_t ALLOW[5][64];
static uint32_t FLOOR_BITS;
static const int FLOOR_PENALTY[8] = {0, 1, 2, 4, 6, 8, 11, 14};
static const char COLOURS[] = "BYRKW";
static PyObject *MOVE_STR[NUM_MOVES]; /* the move texts (notation.py), interned */
static PyObject *MOVE_INDEX;          /* move text -> code */
static PyObject *SEATS[MAX_PLAYERS];  /* (0,), (1,), ... */
static PyObject *NO_SEATS;            /* () */
static PyObject *RANDOM_TYPE;         /* random.Random: setup draws its deal from one itself */
static PyObject *GETRANDBITS;         /* "getrandbits" */
static PyObject *WALL_ATTR;           /* "wall" */

static int run_length(int mask, int pos)
{
    int length = 1;
    for (int i = pos - 1; i >= 0 && (mask >> i & 1); i--)
        length++;
    for (int i = pos + 1; i < 5 && (mask >> i & 1); i++)
        length++;
    return length;
}

static uint32_t allow_bits(int row, int code)
{
    int count = code >> 3, colour = code & 7;
    if (count == 0) {
        uint32_t bits = 0;
        for (int k = 0; k < 5; k++)
            bits |= 1u << (6 * k + row);
        return bits;
    }
    if (count <= row && colour < 5)
        return 1u << (6 * colour + row);
    return 0;
}

static void init_tables(void)
{
    for (int m = 0; m < 32; m++)
        for (int p = 0; p < 5; p++)
            RUN[m][p] = (uint8_t)run_length(m | 1 << p, p);
    for (int h = 0; h < 6; h++)
        for (int v = 0; v < 6; v++) {
            int pts = 0;
            if (h && v)
                pts = (h == 1 && v == 1) ? 1 : (h > 1 ? h : 0) + (v > 1 ? v : 0);
            POINTS[h][v] = (uint8_t)pts;
        }
    for (int r = 0; r < 5; r++)
        for (int code = 0; code < 64; code++)
            ALLOW[r][code] = allow_bits(r, code);
    FLOOR_BITS = 0;
    for (int k = 0; k < 5; k++)
        FLOOR_BITS |= 1u << (6 * k + 5);
}

static int bit_length(uint32_t n)
{
    int k = 0;
    while (n) {
        k++;
        n >>= 1;
    }
    return k;
}

/* ---- boards and walls (state.py) ------------------------------------------------------ */

static int place_points(const Board *b, int row, int col)
{
    return POINTS[RUN[b->wall >> 5 * row & 31][col]][RUN[b->wall_t >> 5 * col & 31][row]];
}

static void cells_set(Board *b, int space, unsigned value)
{
    int shift = 3 * space;
    if (shift < 64) {
        b->cells_lo |= (uint64_t)value << shift;
        if (shift > 61)
            b->cells_hi |= (uint64_t)value >> (64 - shift);
    } else {
        b->cells_hi |= (uint64_t)value << (shift - 64);
    }
}

/* state.place_tile: `colour` tiled at (row, col), scored, pattern line `row` emptied. */
static void place_tile(Board *b, int row, int col, int colour)
{
    b->score += place_points(b, row, col);
    b->lines[row] = 0;
    b->wall |= 1u << (5 * row + col);
    b->wall_t |= 1u << (5 * col + row);
    b->crow |= 1u << (6 * colour + row);
    b->ccol |= 1u << (5 * colour + col);
    cells_set(b, 5 * row + col, (unsigned)colour + 1);
}

static int full_rows(const Board *b)
{
    int rows = 0;
    for (int r = 0; r < 5; r++)
        rows += (b->wall >> 5 * r & 31) == 31;
    return rows;
}

static int has_full_row(const Board *b)
{
    uint32_t w = b->wall;
    return (w & w >> 1 & w >> 2 & w >> 3 & w >> 4 & 0x108421u) != 0;
}

static int end_bonus(const Board *b)
{
    int cols = 0, colours = 0;
    for (int c = 0; c < 5; c++)
        cols += (b->wall_t >> 5 * c & 31) == 31;
    for (int k = 0; k < 5; k++)
        colours += (b->crow >> 6 * k & 31) == 31;
    return 2 * full_rows(b) + 7 * cols + 10 * colours;
}

static unsigned gray_column_mask(const Board *b, int row, int colour)
{
    if (b->crow >> (6 * colour + row) & 1)
        return 0;
    return ~(b->wall >> 5 * row) & 31 & ~(b->ccol >> 5 * colour) & 31;
}

/* ---- the round structure (rounds.py) ------------------------------------------------- */

static void game_over(Core *c, int term)
{
    for (int s = 0; s < c->n; s++)
        c->boards[s].score += end_bonus(&c->boards[s]);
    c->phase = OVER;
    c->pending = -1;
    c->term = (int8_t)term;
}

/* rounds.refill: fill the displays in index order from the bag, then from the lid. */
static void refill(Core *c, int displays)
{
    uint8_t drawn[TILES_PER_DISPLAY * MAX_DISPLAYS];
    int need = TILES_PER_DISPLAY * displays, ndrawn;
    if (c->nbag >= need) {
        memcpy(drawn, c->bag, (size_t)need);
        ndrawn = need;
        c->nbag = (uint8_t)(c->nbag - need);
        memmove(c->bag, c->bag + need, c->nbag);
    } else {
        ndrawn = c->nbag;
        memcpy(drawn, c->bag, (size_t)ndrawn);
        int len = 0; /* shuffle_lid: the lid's tiles, colour by colour, freshly shuffled */
        for (int k = 0; k < NUM_COLOURS; k++) {
            for (int t = 0; t < c->lid[k] && len < BAG_CAP; t++)
                c->bag[len++] = (uint8_t)k;
            c->lid[k] = 0;
        }
        chance_shuffled(&c->stream, c->bag, len);
        int more = need - ndrawn;
        if (more > len)
            more = len;
        memcpy(drawn + ndrawn, c->bag, (size_t)more);
        ndrawn += more;
        c->nbag = (uint8_t)(len - more);
        memmove(c->bag, c->bag + more, c->nbag);
    }
    memset(c->fac, 0, sizeof c->fac);
    for (int i = 0; i < ndrawn; i++)
        c->fac[i / TILES_PER_DISPLAY][drawn[i]]++;
    c->nfac = (int8_t)displays;
}

static void start_round(Core *c, int start)
{
    refill(c, 2 * c->n + 1);
    int offer = 0;
    for (int i = 0; i < c->nfac; i++)
        for (int k = 0; k < NUM_COLOURS; k++)
            offer += c->fac[i][k];
    c->phase = OFFER;
    c->current = (int8_t)start;
    c->round++;
    c->start = (int8_t)start;
    c->taker = NO_SEAT;
    c->in_centre = 1;
    memset(c->centre, 0, sizeof c->centre);
    c->offer_left = offer;
    c->pending = -1;
    c->term = TERM_NONE;
    if (offer == 0) /* [ENGINE DECISION AZ-E2] every tile sits on the boards */
        game_over(c, TERM_CAPPED);
}

static void finish_round(Core *c)
{
    for (int s = 0; s < c->n; s++)
        if (has_full_row(&c->boards[s])) {
            game_over(c, TERM_NORMAL);
            return;
        }
    if (c->round >= ROUND_CAP) {
        game_over(c, TERM_CAPPED);
        return;
    }
    start_round(c, c->taker != NO_SEAT ? c->taker : c->start);
}

static void score_floor(Board *b, int16_t *lid)
{
    for (int i = 0; i < b->nfloor; i++)
        if (b->floor[i] != MARKER)
            lid[b->floor[i]]++;
    b->score -= FLOOR_PENALTY[b->nfloor];
    if (b->score < 0)
        b->score = 0;
    b->nfloor = 0;
}

/* rounds._tile_colored: complete lines top to bottom, then the floor. */
static void tile_colored(Board *b, int16_t *lid)
{
    for (int r = 0; r < 5; r++) {
        int code = b->lines[r];
        if (code >> 3 == r + 1) {
            int k = code & 7;
            place_tile(b, r, (k + r) % 5, k);
            lid[k] = (int16_t)(lid[k] + r);
        }
    }
    if (b->nfloor)
        score_floor(b, lid);
}

/* rounds._line_to_floor [ASSUMPTION AZ-A4]. */
static void line_to_floor(Board *b, int row, int16_t *lid)
{
    int code = b->lines[row], colour = code & 7, count = code >> 3;
    b->lines[row] = 0;
    int put = FLOOR_SPACES - b->nfloor;
    if (count < put)
        put = count;
    lid[colour] = (int16_t)(lid[colour] + count - put);
    for (int i = 0; i < put; i++)
        b->floor[b->nfloor++] = (uint8_t)colour;
}

/* rounds.advance_wall: gray-wall tiling from (seat, line) until a seat must choose. */
static void advance_wall(Core *c, int seat, int line)
{
    for (; seat < c->n; seat++, line = 0) {
        Board *b = &c->boards[seat];
        for (int r = line; r < 5; r++) {
            int code = b->lines[r];
            if (code >> 3 != r + 1)
                continue;
            if (gray_column_mask(b, r, code & 7)) {
                c->phase = WALL;
                c->current = (int8_t)seat;
                c->pending = (int8_t)r;
                return;
            }
            line_to_floor(b, r, c->lid);
        }
        if (b->nfloor)
            score_floor(b, c->lid);
    }
    finish_round(c);
}

static void end_offer(Core *c)
{
    if (c->gray) {
        advance_wall(c, 0, 0);
        return;
    }
    for (int s = 0; s < c->n; s++)
        tile_colored(&c->boards[s], c->lid);
    finish_round(c);
}

/* ---- decisions (rules.py) ------------------------------------------------------------- */

/* rules._apply_take for the seat to decide; 0 (c untouched in what matters) if not allowed. */
static int apply_take(Core *c, int seat, int code)
{
    int src = code / 30, colour = code / 6 % 5, dest = code % 6, taken, marker;
    if (c->phase != OFFER)
        return 0;
    if (src == CENTRE) {
        taken = c->centre[colour];
        if (!taken)
            return 0;
        c->centre[colour] = 0;
        marker = c->in_centre;
    } else {
        if (src >= c->nfac)
            return 0;
        uint8_t *fac = c->fac[src];
        taken = fac[colour];
        if (!taken)
            return 0;
        for (int k = 0; k < NUM_COLOURS; k++)
            if (k != colour)
                c->centre[k] = (uint8_t)(c->centre[k] + fac[k]);
        memset(fac, 0, NUM_COLOURS);
        marker = 0;
    }
    Board *b = &c->boards[seat];
    int have = 0;
    if (dest != FLOOR) {
        int line = b->lines[dest];
        if ((line && (line & 7) != colour) || line >> 3 == dest + 1 ||
            (b->crow >> (6 * colour + dest) & 1))
            return 0;
        have = line >> 3;
    }
    if (marker && b->nfloor < FLOOR_SPACES)
        b->floor[b->nfloor++] = MARKER;
    int over = taken;
    if (dest != FLOOR) {
        int placed = dest + 1 - have;
        if (taken < placed)
            placed = taken;
        over = taken - placed;
        b->lines[dest] = (uint8_t)(((have + placed) << 3) + colour);
    }
    if (over > 0) {
        int room = FLOOR_SPACES - b->nfloor;
        if (over > room) { /* a full floor line discards the rest to the lid */
            c->lid[colour] = (int16_t)(c->lid[colour] + over - room);
            over = room;
        }
        for (int i = 0; i < over; i++)
            b->floor[b->nfloor++] = (uint8_t)colour;
    }
    c->offer_left -= taken;
    if (marker) {
        c->taker = (int8_t)seat;
        c->in_centre = 0;
    }
    c->current = (int8_t)(seat + 1 < c->n ? seat + 1 : 0);
    c->pending = -1;
    c->term = TERM_NONE;
    if (c->offer_left == 0)
        end_offer(c);
    return 1;
}

/* rules._apply_wall for the seat to decide; 0 if not allowed. */
static int apply_wall(Core *c, int seat, int code)
{
    int line = (code - TAKE_CODES) / 5, col = (code - TAKE_CODES) % 5;
    if (c->phase != WALL || line != c->pending)
        return 0;
    Board *b = &c->boards[seat];
    int colour = b->lines[line] & 7;
    if (colour >= NUM_COLOURS || !(gray_column_mask(b, line, colour) >> col & 1))
        return 0;
    place_tile(b, line, col, colour);
    c->lid[colour] = (int16_t)(c->lid[colour] + line);
    advance_wall(c, seat, line + 1);
    return 1;
}

/* rules.legal_moves as move codes, in the canonical order; how many. */
static int legal_codes(const Core *c, int seat, int16_t *out)
{
    int count = 0;
    if (seat != c->current || c->phase == OVER)
        return 0;
    const Board *b = &c->boards[seat];
    if (c->phase == WALL) {
        int r = c->pending;
        unsigned mask = gray_column_mask(b, r, b->lines[r] & 7);
        for (int col = 0; col < 5; col++)
            if (mask >> col & 1)
                out[count++] = (int16_t)(TAKE_CODES + 5 * r + col);
        return count;
    }
    const uint8_t *a = b->lines;
    uint32_t d = ((ALLOW[0][a[0]] | ALLOW[1][a[1]] | ALLOW[2][a[2]] | ALLOW[3][a[3]] |
                   ALLOW[4][a[4]]) &
                  ~b->crow) |
                 FLOOR_BITS;
    for (int src = 0; src <= CENTRE; src++) {
        const uint8_t *tiles;
        if (src < c->nfac)
            tiles = c->fac[src];
        else if (src == CENTRE)
            tiles = c->centre;
        else
            continue;
        for (int k = 0; k < NUM_COLOURS; k++) {
            if (!tiles[k])
                continue;
            unsigned dests = d >> 6 * k & 63;
            int base = src * 30 + k * 6;
            for (int dest = 0; dest < 6; dest++)
                if (dests >> dest & 1)
                    out[count++] = (int16_t)(base + dest);
        }
    }
    return count;
}

/* ---- conversion to and from the reference state -------------------------------------- */

static int get_int(PyObject *o, long lo, long hi, long *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "azul state: %s is not an int", what);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "azul state: %s out of range [%ld, %ld]", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *get_tuple(PyObject *o, Py_ssize_t lo, Py_ssize_t hi, const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "azul state: %s is not a tuple", what);
        return NULL;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(o);
    if (size < lo || size > hi) {
        PyErr_Format(PyExc_ValueError, "azul state: %s has %zd items, not %zd to %zd", what, size,
                     lo, hi);
        return NULL;
    }
    return o;
}

static int get_counts(PyObject *o, long hi, uint8_t *out, const char *what)
{
    if (!get_tuple(o, NUM_COLOURS, NUM_COLOURS, what))
        return -1;
    for (int k = 0; k < NUM_COLOURS; k++) {
        long v;
        if (get_int(PyTuple_GET_ITEM(o, k), 0, hi, &v, what) < 0)
            return -1;
        out[k] = (uint8_t)v;
    }
    return 0;
}

/* cells >> 64 as an int below 2**11; -1 with an error set otherwise. */
static int cells_high(PyObject *cells, uint64_t *out)
{
    PyObject *shift = PyLong_FromLong(64);
    if (!shift)
        return -1;
    PyObject *high = PyNumber_Rshift(cells, shift);
    Py_DECREF(shift);
    if (!high)
        return -1;
    int overflow;
    long long v = PyLong_AsLongLongAndOverflow(high, &overflow);
    Py_DECREF(high);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < 0 || v >= (1LL << 11)) {
        PyErr_SetString(PyExc_ValueError, "azul state: cells out of range");
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

/* A reference Board (a tuple of 8); adds its tiles outside the wall to *tiles. */
static int get_board(PyObject *o, Board *b, int *tiles)
{
    long v;
    if (!get_tuple(o, 8, 8, "a board"))
        return -1;
    memset(b, 0, sizeof *b);
    if (get_int(PyTuple_GET_ITEM(o, 0), -1000000, 1000000, &v, "a score") < 0)
        return -1;
    b->score = (int32_t)v;
    PyObject *lines = get_tuple(PyTuple_GET_ITEM(o, 1), 5, 5, "the pattern lines");
    if (!lines)
        return -1;
    for (int r = 0; r < 5; r++) {
        if (get_int(PyTuple_GET_ITEM(lines, r), 0, 63, &v, "a pattern line") < 0)
            return -1;
        int count = (int)v >> 3, colour = (int)v & 7;
        if (count > r + 1 || (count && colour >= NUM_COLOURS) || (!count && colour)) {
            PyErr_Format(PyExc_ValueError, "azul state: pattern line %d cannot be %ld", r + 1, v);
            return -1;
        }
        b->lines[r] = (uint8_t)v;
        *tiles += count;
    }
    static const char *names[4] = {"wall", "wall_t", "colour_rows", "colour_cols"};
    static const long his[4] = {(1L << 25) - 1, (1L << 25) - 1, (1L << 30) - 1, (1L << 25) - 1};
    uint32_t *fields[4] = {&b->wall, &b->wall_t, &b->crow, &b->ccol};
    for (int i = 0; i < 4; i++) {
        if (get_int(PyTuple_GET_ITEM(o, 2 + i), 0, his[i], &v, names[i]) < 0)
            return -1;
        *fields[i] = (uint32_t)v;
    }
    PyObject *cells = PyTuple_GET_ITEM(o, 6);
    if (!PyLong_Check(cells)) {
        PyErr_SetString(PyExc_TypeError, "azul state: cells is not an int");
        return -1;
    }
    if (cells_high(cells, &b->cells_hi) < 0)
        return -1;
    b->cells_lo = PyLong_AsUnsignedLongLongMask(cells);
    if (b->cells_lo == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    PyObject *floor = get_tuple(PyTuple_GET_ITEM(o, 7), 0, FLOOR_SPACES, "a floor");
    if (!floor)
        return -1;
    b->nfloor = (uint8_t)PyTuple_GET_SIZE(floor);
    for (int i = 0; i < b->nfloor; i++) {
        if (get_int(PyTuple_GET_ITEM(floor, i), 0, MARKER, &v, "a floor item") < 0)
            return -1;
        b->floor[i] = (uint8_t)v;
        *tiles += v != MARKER;
    }
    return 0;
}

/* The core of a reference State (a tuple of 17 fields, state.State's order). */
static int core_from_reference(EngineObject *engine, PyObject *o, Core *c)
{
    long v;
    int tiles = 0;
    if (!get_tuple(o, 17, 17, "the state"))
        return -1;
    memset(c, 0, sizeof *c);
#define ITEM(i) PyTuple_GET_ITEM(o, i)
    if (get_int(ITEM(0), 1, MAX_PLAYERS, &v, "num_players") < 0)
        return -1;
    int n = (int)v;
    c->n = (int8_t)n;
    int truth = PyObject_IsTrue(ITEM(1));
    if (truth < 0)
        return -1;
    c->gray = (int8_t)truth;
    if (get_int(ITEM(2), OFFER, OVER, &v, "phase") < 0)
        return -1;
    c->phase = (int8_t)v;
    if (get_int(ITEM(3), 0, n - 1, &v, "current") < 0)
        return -1;
    c->current = (int8_t)v;
    if (get_int(ITEM(4), 0, 1L << 30, &v, "round") < 0)
        return -1;
    c->round = (int32_t)v;
    if (get_int(ITEM(5), 0, n - 1, &v, "start_player") < 0)
        return -1;
    c->start = (int8_t)v;
    if (get_int(ITEM(6), NO_SEAT, n - 1, &v, "marker_taker") < 0)
        return -1;
    c->taker = (int8_t)v;
    if ((truth = PyObject_IsTrue(ITEM(7))) < 0)
        return -1;
    c->in_centre = (int8_t)truth;
    PyObject *facs = get_tuple(ITEM(8), 0, MAX_DISPLAYS, "factories");
    if (!facs)
        return -1;
    c->nfac = (int8_t)PyTuple_GET_SIZE(facs);
    for (int i = 0; i < c->nfac; i++) {
        if (get_counts(PyTuple_GET_ITEM(facs, i), TILES_PER_DISPLAY, c->fac[i], "a display") < 0)
            return -1;
        int sum = 0;
        for (int k = 0; k < NUM_COLOURS; k++)
            sum += c->fac[i][k];
        if (sum > TILES_PER_DISPLAY) {
            PyErr_SetString(PyExc_ValueError, "azul state: a display holds more than 4 tiles");
            return -1;
        }
        tiles += sum;
    }
    if (get_counts(ITEM(9), BAG_CAP, c->centre, "the centre") < 0)
        return -1;
    for (int k = 0; k < NUM_COLOURS; k++)
        tiles += c->centre[k];
    if (get_int(ITEM(10), -1000, 1000, &v, "offer_left") < 0)
        return -1;
    c->offer_left = (int32_t)v;
    PyObject *boards = get_tuple(ITEM(11), n, n, "boards");
    if (!boards)
        return -1;
    for (int s = 0; s < n; s++)
        if (get_board(PyTuple_GET_ITEM(boards, s), &c->boards[s], &tiles) < 0)
            return -1;
    PyObject *bag = get_tuple(ITEM(12), 0, BAG_CAP, "the bag");
    if (!bag)
        return -1;
    c->nbag = (uint8_t)PyTuple_GET_SIZE(bag);
    for (int i = 0; i < c->nbag; i++) {
        if (get_int(PyTuple_GET_ITEM(bag, i), 0, NUM_COLOURS - 1, &v, "a bag tile") < 0)
            return -1;
        c->bag[i] = (uint8_t)v;
    }
    tiles += c->nbag;
    PyObject *lid = get_tuple(ITEM(13), NUM_COLOURS, NUM_COLOURS, "the lid");
    if (!lid)
        return -1;
    for (int k = 0; k < NUM_COLOURS; k++) {
        if (get_int(PyTuple_GET_ITEM(lid, k), -BAG_CAP, BAG_CAP, &v, "a lid count") < 0)
            return -1;
        c->lid[k] = (int16_t)v;
        tiles += v > 0 ? (int)v : 0;
    }
    if (!PyLong_Check(ITEM(14))) {
        PyErr_SetString(PyExc_TypeError, "azul state: the stream is not an int");
        return -1;
    }
    c->stream = PyLong_AsUnsignedLongLong(ITEM(14));
    if (c->stream == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (get_int(ITEM(15), -1, 4, &v, "pending_line") < 0)
        return -1;
    c->pending = (int8_t)v;
    if (c->phase == WALL && c->pending < 0) {
        PyErr_SetString(PyExc_ValueError, "azul state: a wall choice with no pending line");
        return -1;
    }
    c->term = -1;
    for (int t = 0; t < 3; t++) {
        int same = PyObject_RichCompareBool(ITEM(16), PyTuple_GET_ITEM(engine->terminations, t),
                                            Py_EQ);
        if (same < 0)
            return -1;
        if (same) {
            c->term = (int8_t)t;
            break;
        }
    }
    if (c->term < 0) {
        PyErr_SetString(PyExc_ValueError, "azul state: unknown termination");
        return -1;
    }
#undef ITEM
    if (tiles > BAG_CAP) {
        PyErr_Format(PyExc_ValueError, "azul state: %d tiles off the walls (at most %d)", tiles,
                     BAG_CAP);
        return -1;
    }
    return 0;
}

static PyObject *counts_tuple(const uint8_t *counts)
{
    return Py_BuildValue("(iiiii)", counts[0], counts[1], counts[2], counts[3], counts[4]);
}

static PyObject *cells_int(const Board *b)
{
    PyObject *lo = PyLong_FromUnsignedLongLong(b->cells_lo);
    if (!lo || !b->cells_hi)
        return lo;
    PyObject *hi = PyLong_FromUnsignedLongLong(b->cells_hi);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = hi && shift ? PyNumber_Lshift(hi, shift) : NULL;
    PyObject *out = shifted ? PyNumber_Or(shifted, lo) : NULL;
    Py_XDECREF(hi);
    Py_XDECREF(shift);
    Py_XDECREF(shifted);
    Py_DECREF(lo);
    return out;
}

static PyObject *board_raw(const Board *b)
{
    PyObject *floor = PyTuple_New(b->nfloor);
    if (!floor)
        return NULL;
    for (int i = 0; i < b->nfloor; i++) {
        PyObject *item = PyLong_FromLong(b->floor[i]);
        if (!item) {
            Py_DECREF(floor);
            return NULL;
        }
        PyTuple_SET_ITEM(floor, i, item);
    }
    return Py_BuildValue("(i(iiiii)kkkkNN)", b->score, b->lines[0], b->lines[1], b->lines[2],
                         b->lines[3], b->lines[4], (unsigned long)b->wall,
                         (unsigned long)b->wall_t, (unsigned long)b->crow,
                         (unsigned long)b->ccol, cells_int(b), floor);
}

/* The state's fields in state.State's order as plain tuples and ints (boards as 8-tuples,
 * the stream as an int, the termination as its code): compiled.py builds the State. */
static PyObject *core_raw(const Core *c)
{
    PyObject *facs = PyTuple_New(c->nfac), *boards = PyTuple_New(c->n),
             *bag = PyTuple_New(c->nbag);
    if (!facs || !boards || !bag)
        goto fail;
    for (int i = 0; i < c->nfac; i++) {
        PyObject *item = counts_tuple(c->fac[i]);
        if (!item)
            goto fail;
        PyTuple_SET_ITEM(facs, i, item);
    }
    for (int s = 0; s < c->n; s++) {
        PyObject *item = board_raw(&c->boards[s]);
        if (!item)
            goto fail;
        PyTuple_SET_ITEM(boards, s, item);
    }
    for (int i = 0; i < c->nbag; i++) {
        PyObject *item = PyLong_FromLong(c->bag[i]);
        if (!item)
            goto fail;
        PyTuple_SET_ITEM(bag, i, item);
    }
    return Py_BuildValue("(iNiiiiiNNNiNN(iiiii)Kii)", c->n, PyBool_FromLong(c->gray), c->phase,
                         c->current, c->round, c->start, c->taker,
                         PyBool_FromLong(c->in_centre), facs, counts_tuple(c->centre),
                         c->offer_left, boards, bag, c->lid[0], c->lid[1], c->lid[2], c->lid[3],
                         c->lid[4], (unsigned long long)c->stream, c->pending, c->term);
fail:
    Py_XDECREF(facs);
    Py_XDECREF(boards);
    Py_XDECREF(bag);
    return NULL;
}

/* ---- the State type ------------------------------------------------------------------- */

static StateObject *new_state(void)
{
    return PyObject_New(StateObject, &StateType);
}

static PyObject *state_repr(StateObject *self)
{
    static const char *phases[3] = {"offer", "wall", "over"};
    const Core *c = &self->c;
    return PyUnicode_FromFormat("<azul core state: %d players, round %d, %s, seat %d>", c->n,
                                (int)c->round, phases[c->phase], c->current);
}

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.azul._core.State",
    .tp_doc = PyDoc_STR("An Azul position of the compiled core (immutable; opaque)."),
    .tp_basicsize = sizeof(StateObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_repr = (reprfunc)state_repr,
    .tp_free = PyObject_Free,
};

/* ---- the Engine type ------------------------------------------------------------------ */

static const Core *state_arg(PyObject *o)
{
    if (!Py_IS_TYPE(o, &StateType)) {
        PyErr_Format(PyExc_TypeError, "expected an azul core State, not %.100s",
                     Py_TYPE(o)->tp_name);
        return NULL;
    }
    return &((StateObject *)o)->c;
}

static PyObject *from_reference_core(EngineObject *self, PyObject *ref)
{
    StateObject *out = new_state();
    if (!out)
        return NULL;
    if (core_from_reference(self, ref, &out->c) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return (PyObject *)out;
}

static PyObject *to_reference_core(EngineObject *self, const Core *c)
{
    PyObject *raw = core_raw(c);
    if (!raw)
        return NULL;
    PyObject *ref = PyObject_CallOneArg(self->make_state, raw);
    Py_DECREF(raw);
    return ref;
}

/* random.Random._randbelow_with_getrandbits(n) on `rng`; -1 with an error set. */
static int rng_below(PyObject *rng, uint32_t n, uint32_t *out)
{
    PyObject *call[2] = {rng, PyLong_FromLong(bit_length(n))};
    if (!call[1])
        return -1;
    for (;;) {
        PyObject *bits = PyObject_VectorcallMethod(GETRANDBITS, call,
                                                   2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        if (!bits)
            break;
        unsigned long v = PyLong_AsUnsignedLong(bits);
        Py_DECREF(bits);
        if (v == (unsigned long)-1 && PyErr_Occurred())
            break;
        if (v < n) {
            Py_DECREF(call[1]);
            *out = (uint32_t)v;
            return 0;
        }
    }
    Py_DECREF(call[1]);
    return -1;
}

/* state.setup drawn from a random.Random: the bag shuffled (Random.shuffle), the stream's 64
 * bits, the start player (randrange), then the first round dealt. 0: not this case (the
 * reference deals it); -1: an error. */
static int deal(PyObject *const *args, Py_ssize_t nargs, Core *c)
{
    if (nargs != 3 || !Py_IS_TYPE(args[2], (PyTypeObject *)RANDOM_TYPE) ||
        !PyLong_CheckExact(args[0]))
        return 0;
    long n = PyLong_AsLong(args[0]);
    if (n < 2 || n > MAX_PLAYERS) {
        PyErr_Clear();
        return 0;
    }
    PyObject *wall = PyObject_GetAttr(args[1], WALL_ATTR);
    if (!wall) {
        PyErr_Clear();
        return 0;
    }
    int gray = PyUnicode_CheckExact(wall) ? PyUnicode_CompareWithASCIIString(wall, "gray") == 0
                                          : -1;
    Py_DECREF(wall);
    if (gray < 0)
        return 0;
    PyObject *rng = args[2];
    memset(c, 0, sizeof *c);
    c->nbag = NUM_COLOURS * 20;
    for (int i = 0; i < c->nbag; i++)
        c->bag[i] = (uint8_t)(i / 20);
    for (uint32_t i = c->nbag - 1u; i > 0; i--) { /* Random.shuffle */
        uint32_t j;
        if (rng_below(rng, i + 1, &j) < 0)
            return -1;
        uint8_t t = c->bag[i];
        c->bag[i] = c->bag[j];
        c->bag[j] = t;
    }
    PyObject *call[2] = {rng, PyLong_FromLong(64)}; /* Stream.from_rng */
    if (!call[1])
        return -1;
    PyObject *bits =
        PyObject_VectorcallMethod(GETRANDBITS, call, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(call[1]);
    if (!bits)
        return -1;
    c->stream = PyLong_AsUnsignedLongLong(bits);
    Py_DECREF(bits);
    if (c->stream == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    uint32_t start;
    if (rng_below(rng, (uint32_t)n, &start) < 0) /* randrange(num_players) [AZ-A1] */
        return -1;
    c->n = (int8_t)n;
    c->gray = (int8_t)gray;
    c->current = c->start = (int8_t)start;
    c->taker = NO_SEAT;
    c->in_centre = 1;
    c->pending = -1;
    start_round(c, (int)start);
    return 1;
}

static PyObject *engine_setup(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    StateObject *fresh = new_state();
    if (!fresh)
        return NULL;
    int dealt = deal(args, nargs, &fresh->c);
    if (dealt > 0)
        return (PyObject *)fresh;
    Py_DECREF(fresh);
    if (dealt < 0)
        return NULL;
    PyObject *ref = PyObject_Vectorcall(self->pure_setup, args, nargs, NULL);
    if (!ref)
        return NULL;
    PyObject *out = from_reference_core(self, ref);
    Py_DECREF(ref);
    return out;
}

static PyObject *engine_to_move(EngineObject *self, PyObject *state)
{
    const Core *c = state_arg(state);
    if (!c)
        return NULL;
    PyObject *out = c->phase == OVER ? NO_SEATS : SEATS[c->current];
    Py_INCREF(out);
    return out;
}

static PyObject *engine_legal_moves(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "legal_moves(state, seat)");
        return NULL;
    }
    const Core *c = state_arg(args[0]);
    if (!c)
        return NULL;
    long seat;
    if (!seat_value(args[1], &seat) || seat != c->current) {
        Py_INCREF(NO_SEATS);
        return NO_SEATS;
    }
    int16_t codes[MAX_LEGAL];
    int count = legal_codes(c, (int)seat, codes);
    PyObject *out = PyTuple_New(count);
    if (!out)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *move = MOVE_STR[codes[i]];
        Py_INCREF(move);
        PyTuple_SET_ITEM(out, i, move);
    }
    return out;
}

static PyObject *engine_play(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "play(state, seat, move)");
        return NULL;
    }
    const Core *c = state_arg(args[0]);
    if (!c)
        return NULL;
    long seat;
    if (seat_value(args[1], &seat) && seat == c->current && c->phase != OVER &&
        PyUnicode_CheckExact(args[2])) {
        PyObject *index = PyDict_GetItemWithError(MOVE_INDEX, args[2]);
        if (index) {
            int code = (int)PyLong_AsLong(index);
            StateObject *out = new_state();
            if (!out)
                return NULL;
            out->c = *c;
            if (code < TAKE_CODES ? apply_take(&out->c, (int)seat, code)
                                  : apply_wall(&out->c, (int)seat, code))
                return (PyObject *)out;
            Py_DECREF(out);
        } else if (PyErr_Occurred()) {
            return NULL;
        }
    }
    /* Not the fast path: the reference engine plays it (or refuses it with its own error). */
    PyObject *ref = to_reference_core(self, c);
    if (!ref)
        return NULL;
    PyObject *call[3] = {ref, args[1], args[2]};
    PyObject *after = PyObject_Vectorcall(self->pure_play, call, 3, NULL);
    Py_DECREF(ref);
    if (!after)
        return NULL;
    PyObject *out = from_reference_core(self, after);
    Py_DECREF(after);
    return out;
}

/* GameBase.apply: `play` once the turn is checked (the reference refuses any other seat). */
static PyObject *engine_apply(EngineObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "apply(state, seat, move)");
        return NULL;
    }
    const Core *c = state_arg(args[0]);
    if (!c)
        return NULL;
    long seat;
    if (seat_value(args[1], &seat) && seat == c->current && c->phase != OVER)
        return engine_play(self, args, nargs);
    PyObject *ref = to_reference_core(self, c);
    if (!ref)
        return NULL;
    PyObject *call[3] = {ref, args[1], args[2]};
    PyObject *after = PyObject_Vectorcall(self->pure_apply, call, 3, NULL);
    Py_DECREF(ref);
    if (!after)
        return NULL;
    PyObject *out = from_reference_core(self, after);
    Py_DECREF(after);
    return out;
}

static PyObject *engine_outcome(EngineObject *self, PyObject *state)
{
    const Core *c = state_arg(state);
    if (!c)
        return NULL;
    if (c->phase != OVER)
        Py_RETURN_NONE;
    PyObject *scores = PyList_New(c->n), *rows = PyList_New(c->n);
    if (!scores || !rows)
        goto fail;
    for (int s = 0; s < c->n; s++) {
        PyObject *score = PyLong_FromLong(c->boards[s].score);
        if (!score)
            goto fail;
        PyList_SET_ITEM(scores, s, score);
        PyObject *full = PyLong_FromLong(full_rows(&c->boards[s]));
        if (!full)
            goto fail;
        PyList_SET_ITEM(rows, s, full);
    }
    return PyObject_CallFunction(self->make_outcome, "NNii", scores, rows, c->term,
                                 (int)c->round);
fail:
    Py_XDECREF(scores);
    Py_XDECREF(rows);
    return NULL;
}

static PyObject *engine_from_reference(EngineObject *self, PyObject *ref)
{
    return from_reference_core(self, ref);
}

static PyObject *engine_to_reference(EngineObject *self, PyObject *state)
{
    const Core *c = state_arg(state);
    return c ? to_reference_core(self, c) : NULL;
}

static PyObject *engine_raw(EngineObject *self, PyObject *state)
{
    const Core *c = state_arg(state);
    return c ? core_raw(c) : NULL;
}

static PyObject *engine_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"name",       "setup",        "play", "apply", "make_outcome",
                             "make_state", "terminations", NULL};
    PyObject *name, *setup, *play, *apply, *make_outcome, *make_state, *terminations;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UOOOOOO!:Engine", kwlist, &name, &setup, &play,
                                     &apply, &make_outcome, &make_state, &PyTuple_Type,
                                     &terminations))
        return NULL;
    if (PyTuple_GET_SIZE(terminations) != 3) {
        PyErr_SetString(PyExc_ValueError, "terminations: the strings of codes 0, 1 and 2");
        return NULL;
    }
    return engine_alloc(type, (PyObject *const[]){name, setup, play, apply, make_outcome,
                                              make_state, terminations});
}

static PyMethodDef engine_methods[] = {
    {"setup", (PyCFunction)(void (*)(void))engine_setup, METH_FASTCALL,
     "setup(num_players, options, rng): the reference engine's deal, as a core State."},
    {"to_move", (PyCFunction)engine_to_move, METH_O, "to_move(state): the seats to decide."},
    {"legal_moves", (PyCFunction)(void (*)(void))engine_legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the move texts, in the reference engine's order (a tuple)."},
    {"play", (PyCFunction)(void (*)(void))engine_play, METH_FASTCALL,
     "play(state, seat, move): the state after the move; the reference engine's error if not."},
    {"apply", (PyCFunction)(void (*)(void))engine_apply, METH_FASTCALL,
     "apply(state, seat, move): `play` after the turn check (GameBase.apply)."},
    {"outcome", (PyCFunction)engine_outcome, METH_O, "outcome(state): the Outcome, or None."},
    {"from_reference", (PyCFunction)engine_from_reference, METH_O,
     "from_reference(state): the core State of a reference state."},
    {"to_reference", (PyCFunction)engine_to_reference, METH_O,
     "to_reference(state): the reference state equal to a core State."},
    {"raw", (PyCFunction)engine_raw, METH_O,
     "raw(state): the fields in state.State's order as plain tuples and ints."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.azul._core.Engine",
    .tp_doc = PyDoc_STR("Engine(name, setup, play, apply, make_outcome, make_state, terminations): "
                        "Azul's rules on core States (arena.core.compiled.CompiledEngine)."),
    ENGINE_TYPE_SLOTS,
};

/* ---- the module ----------------------------------------------------------------------- */

static int init_moves(PyObject *module)
{
    static const char *dests[6] = {"1", "2", "3", "4", "5", "floor"};
    MOVE_INDEX = PyDict_New();
    if (!MOVE_INDEX)
        return -1;
    for (int code = 0; code < NUM_MOVES; code++) {
        PyObject *text;
        if (code < TAKE_CODES) {
            int src = code / 30, colour = code / 6 % 5, dest = code % 6;
            if (src == CENTRE)
                text = PyUnicode_FromFormat("take c %c %s", COLOURS[colour], dests[dest]);
            else
                text = PyUnicode_FromFormat("take f%d %c %s", src + 1, COLOURS[colour],
                                            dests[dest]);
        } else {
            int line = (code - TAKE_CODES) / 5, col = (code - TAKE_CODES) % 5;
            text = PyUnicode_FromFormat("wall %d %d", line + 1, col + 1);
        }
        if (!text)
            return -1;
        PyUnicode_InternInPlace(&text);
        MOVE_STR[code] = text;
        PyObject *value = PyLong_FromLong(code);
        if (!value || PyDict_SetItem(MOVE_INDEX, text, value) < 0) {
            Py_XDECREF(value);
            return -1;
        }
        Py_DECREF(value);
    }
    NO_SEATS = PyTuple_New(0);
    GETRANDBITS = PyUnicode_InternFromString("getrandbits");
    WALL_ATTR = PyUnicode_InternFromString("wall");
    if (!NO_SEATS || !GETRANDBITS || !WALL_ATTR)
        return -1;
    PyObject *random = PyImport_ImportModule("random");
    if (!random)
        return -1;
    RANDOM_TYPE = PyObject_GetAttrString(random, "Random");
    Py_DECREF(random);
    if (!RANDOM_TYPE || !PyType_Check(RANDOM_TYPE)) {
        PyErr_SetString(PyExc_ImportError, "random.Random is not a type");
        return -1;
    }
    for (int s = 0; s < MAX_PLAYERS; s++)
        if (!(SEATS[s] = Py_BuildValue("(i)", s)))
            return -1;
    PyObject *moves = PyTuple_New(NUM_MOVES);
    if (!moves)
        return -1;
    for (int code = 0; code < NUM_MOVES; code++) {
        Py_INCREF(MOVE_STR[code]);
        PyTuple_SET_ITEM(moves, code, MOVE_STR[code]);
    }
    return PyModule_AddObject(module, "MOVES", moves) < 0 ? (Py_DECREF(moves), -1) : 0;
}

static PyObject *core_shuffled(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    /* shuffled(stream, items): (tuple, next stream) as arena.core.chance.Stream.shuffled, for
     * tests: items are ints 0..255, at most BAG_CAP of them. */
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffled(stream, items)");
        return NULL;
    }
    uint64_t stream = PyLong_AsUnsignedLongLong(args[0]);
    if (stream == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    PyObject *items = PySequence_Tuple(args[1]);
    if (!items)
        return NULL;
    Py_ssize_t len = PyTuple_GET_SIZE(items);
    uint8_t buf[BAG_CAP];
    if (len > BAG_CAP) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "too many items");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v;
        if (get_int(PyTuple_GET_ITEM(items, i), 0, 255, &v, "an item") < 0) {
            Py_DECREF(items);
            return NULL;
        }
        buf[i] = (uint8_t)v;
    }
    Py_DECREF(items);
    chance_shuffled(&stream, buf, (int)len);
    PyObject *out = PyTuple_New(len);
    if (!out)
        return NULL;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *v = PyLong_FromLong(buf[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return Py_BuildValue("NK", out, (unsigned long long)stream);
}

/* ---- observations (arena/env/observations/azul.py, from the state) ---------------------- */

/* An int of a tuple in [lo, hi], or -1 with an error set (lo >= 0). */
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

/* Five counts (a colour each) of a tuple, scaled into `out`; -1 with an error set. */
static int obs_counts(PyObject *counts, float *out, double scale)
{
    if (!PyTuple_Check(counts) || PyTuple_GET_SIZE(counts) != 5) {
        PyErr_SetString(PyExc_TypeError, "tile counts are a tuple of 5");
        return -1;
    }
    for (int c = 0; c < 5; c++) {
        long count = obs_int(PyTuple_GET_ITEM(counts, c), 0, 1000);
        if (count < 0)
            return -1;
        out[c] = (float)(count / scale);
    }
    return 0;
}

/* One board (a reference Board) from the viewer's k-th seat on: score, lines, wall, floor. */
static int obs_board(PyObject *board, int k, int marker, float *scores, float *lines,
                     float *walls, float *floors)
{
    if (!PyTuple_Check(board) || PyTuple_GET_SIZE(board) != 8 ||
        !PyTuple_Check(PyTuple_GET_ITEM(board, 1)) ||
        PyTuple_GET_SIZE(PyTuple_GET_ITEM(board, 1)) != 5 ||
        !PyTuple_Check(PyTuple_GET_ITEM(board, 7))) {
        PyErr_SetString(PyExc_TypeError, "a board is a reference Board");
        return -1;
    }
    long score = PyLong_AsLong(PyTuple_GET_ITEM(board, 0));
    if (score == -1 && PyErr_Occurred())
        return -1;
    scores[k] = (float)(score / 100.0);
    floors[2 * k] = (float)(PyTuple_GET_SIZE(PyTuple_GET_ITEM(board, 7)) / 7.0);
    floors[2 * k + 1] = marker ? 1.0f : 0.0f;
    PyObject *codes = PyTuple_GET_ITEM(board, 1);
    for (int i = 0; i < 5; i++) {
        long code = obs_int(PyTuple_GET_ITEM(codes, i), 0, 63);
        if (code < 0)
            return -1;
        const long count = code >> 3, colour = code & 7;
        if (count > 0 && colour < 5) { /* the view's line text is empty otherwise */
            float *row = lines + (5 * k + i) * 6;
            row[colour] = 1.0f;
            row[5] = (float)((double)count / (double)(i + 1));
        }
    }
    /* 3 bits a wall space r*5+c (0 empty, else colour + 1): 75 bits, read in 15-bit rows */
    PyObject *cells = PyTuple_GET_ITEM(board, 6);
    Py_INCREF(cells);
    for (int r = 0; r < 5; r++) {
        const long row = (long)(PyLong_AsUnsignedLongLongMask(cells) & 0x7FFF); /* low bits */
        if (PyErr_Occurred()) {
            Py_DECREF(cells);
            return -1;
        }
        for (int c = 0; c < 5; c++) {
            const long v = row >> 3 * c & 7;
            if (v >= 1 && v <= 5)
                walls[125 * k + 5 * (5 * r + c) + v - 1] = 1.0f;
        }
        if (r < 4) {
            PyObject *shift = PyLong_FromLong(15);
            PyObject *next = shift ? PyNumber_Rshift(cells, shift) : NULL;
            Py_XDECREF(shift);
            Py_DECREF(cells);
            if (!next)
                return -1;
            cells = next;
        }
    }
    Py_DECREF(cells);
    return 0;
}

/* encode(state, seat, out): the seat's observation vector of a reference State into `out`
 * (float32, arena.env's layout), as observations/azul.py's fill_list writes it from the seat's
 * view. */
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
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 16) {
        PyErr_SetString(PyExc_TypeError, "encode() takes a reference azul State");
        return NULL;
    }
    const long n = obs_int(PyTuple_GET_ITEM(state, 0), 1, 8);
    if (n < 0)
        return NULL;
    PyObject *factories = PyTuple_GET_ITEM(state, 8), *boards = PyTuple_GET_ITEM(state, 11);
    PyObject *bag = PyTuple_GET_ITEM(state, 12);
    if (!PyTuple_Check(factories) || PyTuple_GET_SIZE(factories) != 2 * n + 1 ||
        !PyTuple_Check(boards) || PyTuple_GET_SIZE(boards) != n || !PyTuple_Check(bag)) {
        PyErr_SetString(PyExc_ValueError, "a State of 2n + 1 displays and n boards");
        return NULL;
    }
    long phase, marker_taker, pending, round;
    if ((phase = obs_int(PyTuple_GET_ITEM(state, 2), 0, 2)) < 0 ||
        (round = obs_int(PyTuple_GET_ITEM(state, 4), 0, LONG_MAX)) < 0)
        return NULL;
    marker_taker = PyLong_AsLong(PyTuple_GET_ITEM(state, 6));
    pending = PyLong_AsLong(PyTuple_GET_ITEM(state, 15));
    int gray = PyObject_IsTrue(PyTuple_GET_ITEM(state, 1));
    int in_centre = PyObject_IsTrue(PyTuple_GET_ITEM(state, 7));
    if (PyErr_Occurred())
        return NULL;
    Py_buffer buffer;
    if (observe_out(args[2], 168 * n + 32, &buffer) < 0)
        return NULL;
    float *v = (float *)buffer.buf;
    float *displays = v, *centre = v + 5 * (2 * n + 1), *marker = centre + 5;
    float *scores = marker + 1, *lines = scores + n, *walls = lines + 30 * n;
    float *floors = walls + 125 * n, *bag_out = floors + 2 * n, *lid = bag_out + 5;
    float *phase_out = lid + 5, *pending_out = phase_out + 3, *flags = pending_out + 6;
    float *round_out = flags + 1;
    for (long f = 0; f < 2 * n + 1; f++)
        if (obs_counts(PyTuple_GET_ITEM(factories, f), displays + 5 * f, 4.0) < 0)
            goto fail;
    if (obs_counts(PyTuple_GET_ITEM(state, 9), centre, 10.0) < 0)
        goto fail;
    *marker = in_centre ? 1.0f : 0.0f;
    for (long k = 0; k < n; k++) {
        const long p = ((seat + k) % n + n) % n;
        if (obs_board(PyTuple_GET_ITEM(boards, p), (int)k, marker_taker == p, scores, lines,
                      walls, floors) < 0)
            goto fail;
    }
    long in_bag[5] = {0, 0, 0, 0, 0};
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(bag); i++) {
        long colour = PyLong_AsLong(PyTuple_GET_ITEM(bag, i));
        if (colour == -1 && PyErr_Occurred())
            goto fail;
        if (colour >= 0 && colour < 5)
            in_bag[colour]++;
    }
    for (int c = 0; c < 5; c++)
        bag_out[c] = (float)(in_bag[c] / 20.0);
    if (obs_counts(PyTuple_GET_ITEM(state, 13), lid, 20.0) < 0)
        goto fail;
    phase_out[phase] = 1.0f;
    if (pending + 1 >= 0 && pending + 1 < 6)
        pending_out[pending + 1] = 1.0f;
    *flags = gray ? 1.0f : 0.0f;
    *round_out = (float)(round / 100.0);
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buffer);
    return NULL;
}

static PyMethodDef core_methods[] = {
    {"shuffled", (PyCFunction)(void (*)(void))core_shuffled, METH_FASTCALL,
     "shuffled(stream, items): arena.core.chance.Stream(stream).shuffled(items) as the core draws "
     "it (items: small ints)."},
    {"encode", (PyCFunction)(void (*)(void))core_encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference state, written "
     "into `out` (float32, arena.env's layout for the state's player count)."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arena.games.azul._core",
    .m_doc = "Azul's compiled core (see arena/games/azul/compiled.py).",
    .m_size = -1,
    .m_methods = core_methods,
};

PyMODINIT_FUNC PyInit__core(void)
{
    init_tables();
    chance_init();
    if (PyType_Ready(&StateType) < 0 || PyType_Ready(&EngineType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module)
        return NULL;
    if (!MOVE_INDEX && init_moves(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&StateType);
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(module, "State", (PyObject *)&StateType) < 0 ||
        PyModule_AddObject(module, "Engine", (PyObject *)&EngineType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
