/* Arctic Scavengers' compiled core: the base game's rules of arena/games/arctic_scavengers
 * (state.py, rounds.py, gathering.py, skirmish.py, rules.py) in C.
 *
 * The pure-Python engine is the reference; this core plays the same rules bit for bit (the same
 * legal moves in the same order, the same deck reshuffles and junkyard shuffles from the state's
 * stream, the same public events, the same end) and
 * tests/games/arctic_scavengers/test_arctic_scavengers_compiled.py plays both in step. It plays
 * the base game only (no expansion module: a state's `ext` is None); compiled.py wraps an
 * `Engine` of this module in arena.core.compiled's CompiledEngine protocol.
 *
 * `setup` deals from a random.Random as dealing.setup does (its shuffles, randrange and the 64 bits
 * of the stream, through the rng's own getrandbits); any other rng or options get the reference
 * setup (compiled.py's `_setup`, which refuses expansion modules), converted.
 * A `State` is immutable: `play` copies the position into a new object and changes the copy.
 * The public events (state.events: (round, text) pairs) are kept as the reference's own Python
 * tuples in an append-only buffer that states share (a state sees its slice; appending where a
 * state's slice ends the buffer writes in place, anywhere else copies).
 * Whatever is not on the fast path (a move of a seat not to decide, a malformed or illegal move,
 * a position the rules cannot continue) is handed to the pure engine's `play` on the state
 * converted back, so that its answer or its error is the reference's own. Chance: every shuffle
 * is arena.core.chance's `shuffled_chained` (CPython's Mersenne Twister seeded by the stream value,
 * whose next 64 bits are the next value), written out below.
 *
 * Module state is init-time tables only (card tables, the move strings and their index): several
 * threads may use one Engine (each call holds the GIL).
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../_observe.h" /* arena.env's tensors as lists of floats */

#include "../_chance.h" /* arena/core/chance.py in C */

#define NCARDS 149 /* the base game's cards (cards.py NUM_CARDS) */
#define NKINDS 24
#define MAXP 5
#define NSTACKS 8
#define PLAYED_CAP 320 /* a card is played at most twice a round (the draw's reshuffle) */
#define MAX_LEGAL 2048
#define TEXT_CAP 4096
#define SETWORDS 3

/* Phases (state.py). */
#define GATHER 0
#define BUILD 1
#define KEEP 2
#define DECLARE 3
#define OVER 4

/* Gathering actions, bits of `used`. */
#define A_DRAW 0
#define A_DIG 1
#define A_HUNT 2
#define A_HIRE 3
#define A_TRASH 4

/* Card statistics. */
#define S_DRAW 0
#define S_DIG 1
#define S_HUNT 2
#define S_FIGHT 3

#define NO_CARD (-1)
#define NO_SEAT (-1)
#define HAND_SIZE 5
#define FIRST_SKIRMISH_ROUND 3
#define PEEK_FROM_ROUND 3
#define EVENT_ROUNDS 2
#define TWO_PLAYER_MARGIN 2
#define GROUP_LEADER_BONUS 2

/* Kinds used by name. */
#define K_SCA 1
#define K_SAB 4
#define K_GRL 6
#define K_SNI 7
#define K_SHO 23

/* Move kinds of a move code kind << 16 | a << 8 | b. */
#define M_OPEN 0 /* a: action, b: card */
#define M_HIRE 1 /* a: kind */
#define M_ADD 2
#define M_PAY 3
#define M_GO 4
#define M_KEEP 5
#define M_KEEP_NONE 6
#define M_END 7
#define M_SNIPE 8 /* a: unit, b: target */
#define M_DISARM 9
#define M_DONE 10
#define MV(kind, a, b) ((int32_t)((kind) << 16 | (a) << 8 | (b)))

/* Rule outcomes. */
#define OK 0
#define DEFER 1 /* off the fast path: the reference engine plays it */
#define FAIL (-1) /* a Python error is set */

typedef struct {
    uint8_t n;
    uint8_t c[NCARDS];
} Seq;

typedef struct {
    uint16_t n;
    uint8_t c[PLAYED_CAP];
} Played;

typedef struct {
    Seq deck, discard, hand, force;
    Played played;
} Player;

/* The public events: (round, text) tuples owned by the buffer; states see [start, end). */
typedef struct {
    Py_ssize_t refs, len, cap;
    int32_t *rounds;
    PyObject **items;
} EvBuf;

typedef struct {
    uint64_t stream;
    EvBuf *ev;
    Py_ssize_t ev_start, ev_end;
    int32_t round, used, food;
    int8_t n, shovel, phase, current, initiator, action, hire_kind, nresult;
    int16_t peek;
    int32_t result[MAXP];
    uint64_t spent[SETWORDS], sniped[SETWORDS], disarmed[SETWORDS];
    Seq junkyard, contested, stacks[NSTACKS], removed, chosen, dug;
    Player p[MAXP]; /* last: a copy takes the first n only */
} Core;

typedef struct {
    PyObject_HEAD
    Core c;
} StateObject;

#define ENGINE_FIELDS(X) /* the reference engine's callables it calls back */         \
    X(name)          /* the game's name (a str) */                                    \
    X(pure_setup)    /* (num_players, options, rng) -> reference state (base game) */ \
    X(pure_play)     /* (reference state, seat, move) -> reference state */           \
    X(make_outcome)  /* (people list, round) -> Outcome */                            \
    X(make_state)    /* (raw tuple) -> reference state */                             \
    X(config_error)  /* arena.errors.ConfigError */
#include "../_engine.h"

static PyTypeObject StateType;

/* ---- init-time tables (cards.py) ------------------------------------------------------ */

#define N (-1)
typedef struct {
    const char *code;
    int qty, people, printed[4], bonus[4], food, med, any_mix, medicine, leader;
} KindRow;

static const KindRow KINDS[NKINDS] = {
    {"REF", 20, 1, {N, 0, 0, N}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"SCA", 20, 1, {1, 1, 1, 1}, {0, 0, 0, 0}, 1, 0, 0, 0, 0},
    {"BRA", 10, 1, {N, 1, N, 2}, {0, 0, 0, 0}, 2, 0, 0, 0, 0},
    {"HUN", 8, 1, {N, N, 2, 1}, {0, 0, 0, 0}, 0, 1, 0, 0, 0},
    {"SAB", 8, 1, {N, 1, N, 1}, {0, 0, 0, 0}, 1, 1, 0, 0, 0},
    {"SCO", 8, 1, {2, N, N, 2}, {0, 0, 0, 0}, 2, 1, 0, 0, 0},
    {"GRL", 5, 2, {N, N, N, N}, {0, 0, 0, 0}, 2, 2, 0, 0, 1},
    {"SNI", 5, 2, {N, N, N, N}, {0, 0, 0, 0}, 2, 2, 0, 0, 0},
    {"THU", 5, 3, {N, 1, N, 3}, {0, 0, 0, 0}, 0, 0, 6, 0, 0},
    {"SLE", 2, 2, {2, N, N, 1}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"FIE", 2, 4, {N, 2, 2, 2}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"TF3", 2, 3, {N, N, 0, 0}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"TF4", 2, 4, {N, N, 0, 0}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"TF5", 2, 5, {N, N, 0, 0}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"WOL", 2, 0, {N, N, N, N}, {0, 0, 3, 2}, 0, 0, 0, 0, 0},
    {"GRE", 2, 0, {N, N, N, N}, {0, 0, 0, 3}, 0, 0, 0, 0, 0},
    {"JUN", 7, 0, {N, N, N, N}, {0, 0, 0, 0}, 0, 0, 0, 0, 0},
    {"PIL", 9, 0, {N, N, N, N}, {0, 0, 0, 0}, 0, 0, 0, 1, 0},
    {"MDK", 6, 0, {N, N, N, N}, {0, 0, 0, 0}, 0, 0, 0, 2, 0},
    {"MUL", 4, 0, {N, N, N, N}, {0, 1, 1, 1}, 0, 0, 0, 0, 0},
    {"NET", 4, 0, {N, N, N, N}, {0, 0, 2, 1}, 0, 0, 0, 0, 0},
    {"SPE", 6, 0, {N, N, N, N}, {0, 0, 1, 2}, 0, 0, 0, 0, 0},
    {"PIC", 4, 0, {N, N, N, N}, {0, 1, 0, 2}, 0, 0, 0, 0, 0},
    {"SHO", 6, 0, {N, N, N, N}, {0, 2, 0, 1}, 0, 0, 0, 0, 0}, /* dig: the option (AS-A1) */
};
#undef N

static uint8_t CARD_KIND[NCARDS];
static int FIRST_CARD[NKINDS];
static char CARD_ID[NCARDS][8];
static uint8_t CARD_ID_LEN[NCARDS];
static int8_t PRINTED[4][NCARDS]; /* -1: not printed */
static int8_t BONUS[3][4][NCARDS]; /* [shovel dig][action][card] */
static uint8_t CONTRIBUTES[4][NCARDS];
static uint8_t PEOPLE[NCARDS], MEDICINE[NCARDS], IS_PERSON[NCARDS], IS_TOOL[NCARDS];
static uint8_t IS_LEADER[NCARDS], IS_SNIPER[NCARDS], IS_SABOTEUR[NCARDS];

/* The move strings (notation.py), interned, and their index. */
static PyObject *OPEN_S[5][NCARDS]; /* draw, dig, hunt, -, trash */
static PyObject *ADD_S[NCARDS], *PAY_S[NCARDS], *KEEP_S[NCARDS];
static PyObject *HIRE_S[NKINDS];
static PyObject *GO_S, *END_S, *DONE_S, *KEEP_NONE_S;
static PyObject *SNIPE_S[5][NCARDS];   /* [sniper serial - 1][target] */
static PyObject *DISARM_S[8][NCARDS];  /* [saboteur serial - 1][target] */
static PyObject *MOVE_INDEX;           /* move text -> code */
static PyObject *SEATS[MAXP];          /* (0,), (1,), ... */
static PyObject *NO_SEATS;             /* () */
static PyObject *RANDOM_TYPE;          /* random.Random: setup draws its deal from one itself */
static PyObject *GETRANDBITS, *MODULES_ATTR, *SHOVEL_ATTR;

static void init_tables(void)
{
    int c = 0;
    for (int k = 0; k < NKINDS; k++) {
        FIRST_CARD[k] = c;
        for (int s = 1; s <= KINDS[k].qty; s++, c++) {
            CARD_KIND[c] = (uint8_t)k;
            int len = snprintf(CARD_ID[c], sizeof CARD_ID[c], "%s.%d", KINDS[k].code, s);
            CARD_ID_LEN[c] = (uint8_t)len;
        }
    }
    for (c = 0; c < NCARDS; c++) {
        const KindRow *k = &KINDS[CARD_KIND[c]];
        int any_bonus = 0;
        for (int a = 0; a < 4; a++) {
            PRINTED[a][c] = (int8_t)k->printed[a];
            for (int dig = 0; dig < 3; dig++) {
                int b = k->bonus[a];
                if (CARD_KIND[c] == K_SHO && a == S_DIG)
                    b = dig;
                BONUS[dig][a][c] = (int8_t)b;
            }
            any_bonus |= k->bonus[a] != 0;
            CONTRIBUTES[a][c] = (uint8_t)(k->printed[a] >= 0 || k->bonus[a] > 0 || k->leader);
        }
        PEOPLE[c] = (uint8_t)k->people;
        MEDICINE[c] = (uint8_t)k->medicine;
        IS_PERSON[c] = CARD_KIND[c] <= 13;
        IS_TOOL[c] = (uint8_t)any_bonus;
        IS_LEADER[c] = (uint8_t)k->leader;
        IS_SNIPER[c] = CARD_KIND[c] == K_SNI;
        IS_SABOTEUR[c] = CARD_KIND[c] == K_SAB;
    }
}

/* ---- sequences and card sets ---------------------------------------------------------- */

static int seq_extend(Seq *s, const uint8_t *cards, int k)
{
    if (k <= 0)
        return OK;
    if (s->n + k > NCARDS)
        return DEFER;
    memcpy(s->c + s->n, cards, (size_t)k);
    s->n = (uint8_t)(s->n + k);
    return OK;
}

static void seq_drop_front(Seq *s, int k)
{
    if (k >= s->n) {
        s->n = 0;
        return;
    }
    memmove(s->c, s->c + k, (size_t)(s->n - k));
    s->n = (uint8_t)(s->n - k);
}

static int seq_has(const Seq *s, int card)
{
    for (int i = 0; i < s->n; i++)
        if (s->c[i] == card)
            return 1;
    return 0;
}

static void seq_sort(Seq *s)
{
    for (int i = 1; i < s->n; i++) {
        uint8_t v = s->c[i];
        int j = i - 1;
        while (j >= 0 && s->c[j] > v) {
            s->c[j + 1] = s->c[j];
            j--;
        }
        s->c[j + 1] = v;
    }
}

static int bit_has(const uint64_t *set, int card)
{
    return (int)(set[card >> 6] >> (card & 63) & 1);
}

static void bit_set(uint64_t *set, int card)
{
    set[card >> 6] |= (uint64_t)1 << (card & 63);
}

static int people_of(const Seq *s)
{
    int total = 0;
    for (int i = 0; i < s->n; i++)
        total += PEOPLE[s->c[i]];
    return total;
}

static int medicine_of(const uint8_t *cards, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += MEDICINE[cards[i]];
    return total;
}

/* cards.action_value: the best-pairing total of `cards` for one action (AS-A10). */
static int action_value(const Core *c, int action, const uint8_t *cards, int n)
{
    const int8_t *bonus = BONUS[c->shovel][action];
    int total = 0, eligible = 0, leaders = 0, ntools = 0;
    int tools[NCARDS];
    for (int i = 0; i < n; i++) {
        int card = cards[i], p = PRINTED[action][card];
        if (p >= 0) {
            total += p;
            eligible++;
        } else if (IS_LEADER[card]) {
            leaders++;
        } else if (bonus[card]) {
            int b = bonus[card], j = ntools++;
            while (j > 0 && tools[j - 1] < b) { /* kept in descending order */
                tools[j] = tools[j - 1];
                j--;
            }
            tools[j] = b;
        }
    }
    if (!eligible)
        return 0;
    for (int i = 0; i < ntools && i < eligible; i++)
        total += tools[i];
    return total + GROUP_LEADER_BONUS * (leaders < eligible ? leaders : eligible);
}

/* ---- events (state.add_event) ----------------------------------------------------------- */

static void ev_release(EvBuf *ev)
{
    if (!ev || --ev->refs > 0)
        return;
    for (Py_ssize_t i = 0; i < ev->len; i++)
        Py_DECREF(ev->items[i]);
    PyMem_Free(ev->items);
    PyMem_Free(ev->rounds);
    PyMem_Free(ev);
}

static EvBuf *ev_new(Py_ssize_t cap)
{
    EvBuf *ev = PyMem_Malloc(sizeof(EvBuf));
    if (!ev) {
        PyErr_NoMemory();
        return NULL;
    }
    if (cap < 16)
        cap = 16;
    ev->refs = 1;
    ev->len = 0;
    ev->cap = cap;
    ev->items = PyMem_Malloc((size_t)cap * sizeof(PyObject *));
    ev->rounds = PyMem_Malloc((size_t)cap * sizeof(int32_t));
    if (!ev->items || !ev->rounds) {
        PyMem_Free(ev->items);
        PyMem_Free(ev->rounds);
        PyMem_Free(ev);
        PyErr_NoMemory();
        return NULL;
    }
    return ev;
}

/* Gives the core a buffer of its own holding its events that pass `keep` (all if keep < 0:
 * rounds > keep otherwise), with room to append. */
static int ev_rebuild(Core *c, int32_t keep)
{
    EvBuf *old = c->ev;
    EvBuf *ev = ev_new(2 * (c->ev_end - c->ev_start) + 16);
    if (!ev)
        return FAIL;
    for (Py_ssize_t i = c->ev_start; i < c->ev_end; i++) {
        if (keep >= 0 && old->rounds[i] <= keep)
            continue;
        Py_INCREF(old->items[i]);
        ev->items[ev->len] = old->items[i];
        ev->rounds[ev->len++] = old->rounds[i];
    }
    ev_release(old);
    c->ev = ev;
    c->ev_start = 0;
    c->ev_end = ev->len;
    return OK;
}

/* Appends (round, text); `prune`: add_event's drop of events older than EVENT_ROUNDS rounds
 * (the other appends of the reference, `events += ...`, do not prune). */
static int add_event(Core *c, int prune, const char *text, Py_ssize_t len)
{
    if (prune && c->ev_end > c->ev_start &&
        c->ev->rounds[c->ev_start] <= c->round - EVENT_ROUNDS) {
        int32_t limit = c->round - EVENT_ROUNDS;
        Py_ssize_t i = c->ev_start;
        while (i < c->ev_end && c->ev->rounds[i] <= limit)
            i++;
        Py_ssize_t j = i;
        while (j < c->ev_end && c->ev->rounds[j] > limit)
            j++;
        if (j == c->ev_end) {
            c->ev_start = i; /* the dropped ones were a prefix */
        } else if (ev_rebuild(c, limit) < 0) {
            return FAIL;
        }
    }
    if (c->ev_end != c->ev->len || c->ev->len == c->ev->cap) {
        if (ev_rebuild(c, -1) < 0)
            return FAIL;
    }
    PyObject *str = PyUnicode_New(len, 127);
    if (!str)
        return FAIL;
    memcpy(PyUnicode_DATA(str), text, (size_t)len);
    PyObject *rnd = PyLong_FromLong(c->round);
    if (!rnd) {
        Py_DECREF(str);
        return FAIL;
    }
    PyObject *item = PyTuple_New(2);
    if (!item) {
        Py_DECREF(str);
        Py_DECREF(rnd);
        return FAIL;
    }
    PyTuple_SET_ITEM(item, 0, rnd);
    PyTuple_SET_ITEM(item, 1, str);
    EvBuf *ev = c->ev;
    ev->items[ev->len] = item;
    ev->rounds[ev->len++] = c->round;
    c->ev_end = ev->len;
    return OK;
}

/* A text being written (an event). */
typedef struct {
    Py_ssize_t len;
    char buf[TEXT_CAP];
} Text;

static void t_str(Text *t, const char *s)
{
    size_t k = strlen(s);
    if (t->len + (Py_ssize_t)k < TEXT_CAP) {
        memcpy(t->buf + t->len, s, k);
        t->len += (Py_ssize_t)k;
    }
}

static void t_int(Text *t, long v)
{
    char tmp[24];
    snprintf(tmp, sizeof tmp, "%ld", v);
    t_str(t, tmp);
}

static void t_ids(Text *t, const uint8_t *cards, int n)
{
    for (int i = 0; i < n; i++) {
        if (i)
            t_str(t, " ");
        t_str(t, CARD_ID[cards[i]]);
    }
}

static void t_seat(Text *t, int seat, const char *after)
{
    t->len = 0;
    t_str(t, "seat ");
    t_int(t, seat);
    t_str(t, after);
}

static int put(Core *c, int prune, Text *t)
{
    return add_event(c, prune, t->buf, t->len);
}

/* ---- the round structure (rounds.py) ---------------------------------------------------- */

/* state.draw_cards for one seat; *reshuffled tells whether the discard became the deck. */
static int draw_cards(Core *c, Player *z, int count, int *reshuffled)
{
    *reshuffled = 0;
    if (count < 0)
        count = 0;
    if (z->deck.n < count && z->discard.n) {
        Seq more = z->discard;
        c->stream = chance_shuffled_chained(c->stream, more.c, more.n);
        int need = count - z->deck.n;
        if (seq_extend(&z->hand, z->deck.c, z->deck.n))
            return DEFER;
        int take = need < more.n ? need : more.n;
        if (seq_extend(&z->hand, more.c, take))
            return DEFER;
        seq_drop_front(&more, take);
        z->deck = more;
        z->discard.n = 0;
        *reshuffled = 1;
    } else {
        int take = count < z->deck.n ? count : z->deck.n;
        if (seq_extend(&z->hand, z->deck.c, take))
            return DEFER;
        seq_drop_front(&z->deck, take);
    }
    seq_sort(&z->hand);
    return OK;
}

static int start_skirmish(Core *c);

static int start_round(Core *c)
{
    Text t;
    c->round++;
    t.len = 0;
    t_str(&t, "round ");
    t_int(&t, c->round);
    t_str(&t, ": seat ");
    t_int(&t, c->initiator);
    t_str(&t, " is the initiator");
    if (put(c, 1, &t) < 0)
        return FAIL;
    for (int seat = 0; seat < c->n; seat++) {
        Player *z = &c->p[seat];
        if (seq_extend(&z->discard, z->hand.c, z->hand.n) ||
            seq_extend(&z->discard, z->force.c, z->force.n))
            return DEFER;
        z->hand.n = 0;
        z->force.n = 0;
        int reshuffled, r = draw_cards(c, z, HAND_SIZE, &reshuffled);
        if (r)
            return r;
        if (reshuffled) {
            t_seat(&t, seat, " shuffles the discard pile into a new deck");
            if (put(c, 0, &t) < 0)
                return FAIL;
        }
    }
    c->peek = NO_CARD;
    if (c->round >= PEEK_FROM_ROUND && c->n > 2 && c->contested.n) {
        c->peek = c->contested.c[0];
        t_seat(&t, c->initiator, " peeks at the top contested resource");
        if (put(c, 0, &t) < 0)
            return FAIL;
    }
    c->phase = GATHER;
    c->current = c->initiator;
    c->used = 0;
    c->food = 0;
    c->action = -1;
    c->chosen.n = 0;
    c->hire_kind = -1;
    c->dug.n = 0;
    memset(c->spent, 0, sizeof c->spent);
    memset(c->sniped, 0, sizeof c->sniped);
    memset(c->disarmed, 0, sizeof c->disarmed);
    for (int seat = 0; seat < c->n; seat++)
        c->p[seat].played.n = 0;
    return OK;
}

static int end_gathering(Core *c)
{
    Text t;
    int seat = c->current;
    t_seat(&t, seat, ": end (");
    t_int(&t, c->p[seat].hand.n);
    t_str(&t, " cards kept)");
    if (put(c, 1, &t) < 0)
        return FAIL;
    int following = (seat + 1) % c->n;
    if (following != c->initiator) {
        c->phase = GATHER;
        c->current = (int8_t)following;
        c->used = 0;
        c->food = 0;
        c->action = -1;
        c->chosen.n = 0;
        c->hire_kind = -1;
        return OK;
    }
    if (c->round < FIRST_SKIRMISH_ROUND)
        return start_round(c);
    return start_skirmish(c);
}

static int finish_round(Core *c)
{
    c->initiator = (int8_t)((c->initiator + 1) % c->n);
    if (c->contested.n)
        return start_round(c);
    Text t;
    t.len = 0;
    t_str(&t, "game over: people");
    for (int seat = 0; seat < c->n; seat++) {
        const Player *z = &c->p[seat];
        c->result[seat] = people_of(&z->deck) + people_of(&z->discard) + people_of(&z->hand) +
                          people_of(&z->force);
        t_str(&t, " ");
        t_int(&t, c->result[seat]);
    }
    c->nresult = c->n;
    c->phase = OVER;
    c->current = NO_SEAT;
    c->peek = NO_CARD;
    return put(c, 1, &t);
}

/* ---- the skirmish (skirmish.py) ------------------------------------------------------- */

/* skirmish.declarations: the codes of `seat`'s snipes and disarms, in the reference order. */
static int declarations(const Core *c, int seat, int32_t *out)
{
    uint8_t units[NCARDS], persons[NCARDS], tools[NCARDS];
    int nu = 0, np = 0, nt = 0, k = 0;
    const Seq *force = &c->p[seat].force;
    for (int i = 0; i < force->n; i++) {
        int u = force->c[i];
        if ((IS_SNIPER[u] || IS_SABOTEUR[u]) && !bit_has(c->sniped, u) && !bit_has(c->spent, u))
            units[nu++] = (uint8_t)u;
    }
    if (!nu)
        return 0;
    for (int other = 0; other < c->n; other++) {
        if (other == seat)
            continue;
        const Seq *f = &c->p[other].force;
        for (int i = 0; i < f->n; i++)
            if (IS_PERSON[f->c[i]] && !bit_has(c->sniped, f->c[i]))
                persons[np++] = f->c[i];
        for (int i = 0; i < f->n; i++)
            if (IS_TOOL[f->c[i]] && !bit_has(c->disarmed, f->c[i]))
                tools[nt++] = f->c[i];
    }
    for (int i = 0; i < nu; i++) {
        int u = units[i];
        if (IS_SNIPER[u])
            for (int j = 0; j < np; j++)
                out[k++] = MV(M_SNIPE, u, persons[j]);
        else
            for (int j = 0; j < nt; j++)
                out[k++] = MV(M_DISARM, u, tools[j]);
    }
    return k;
}

static int skirmish_winner(const Core *c, const int *fights, const int *people)
{
    int n = c->n, top = fights[0], second = fights[0], at = 0;
    for (int s = 1; s < n; s++) {
        if (fights[s] > top) {
            top = fights[s];
            at = s;
        }
        if (fights[s] < second)
            second = fights[s];
    }
    if (n == 2)
        return top - second >= TWO_PLAYER_MARGIN ? at : NO_SEAT;
    int tied = 0, most = -1;
    for (int s = 0; s < n; s++)
        if (fights[s] == top) {
            tied++;
            if (people[s] > most)
                most = people[s];
        }
    if (tied == 1)
        return at;
    int best = NO_SEAT, count = 0;
    for (int s = 0; s < n; s++)
        if (fights[s] == top && people[s] == most) {
            if (!count)
                best = s;
            count++;
        }
    return count == 1 ? best : NO_SEAT;
}

static int resolve(Core *c)
{
    int fights[MAXP], people[MAXP];
    for (int seat = 0; seat < c->n; seat++) {
        const Seq *f = &c->p[seat].force;
        uint8_t active[NCARDS];
        int na = 0;
        people[seat] = 0;
        for (int i = 0; i < f->n; i++)
            if (!bit_has(c->sniped, f->c[i]) && !bit_has(c->disarmed, f->c[i])) {
                active[na++] = f->c[i];
                people[seat] += PEOPLE[f->c[i]];
            }
        fights[seat] = action_value(c, S_FIGHT, active, na);
    }
    if (!c->contested.n)
        return DEFER; /* the reference fails (no contested resource left) */
    int winner = skirmish_winner(c, fights, people);
    uint8_t prize = c->contested.c[0];
    seq_drop_front(&c->contested, 1);
    Text t;
    t.len = 0;
    t_str(&t, "skirmish: fight");
    for (int s = 0; s < c->n; s++) {
        t_str(&t, " ");
        t_int(&t, fights[s]);
    }
    t_str(&t, ", people");
    for (int s = 0; s < c->n; s++) {
        t_str(&t, " ");
        t_int(&t, people[s]);
    }
    if (winner == NO_SEAT) {
        if (seq_extend(&c->junkyard, &prize, 1))
            return DEFER;
        c->stream = chance_shuffled_chained(c->stream, c->junkyard.c, c->junkyard.n);
        t_str(&t, ": deadlock, the contested resource goes into the junkyard");
    } else {
        if (seq_extend(&c->p[winner].discard, &prize, 1))
            return DEFER;
        t_str(&t, ": seat ");
        t_int(&t, winner);
        t_str(&t, " wins the contested resource");
    }
    if (put(c, 1, &t) < 0)
        return FAIL;
    return finish_round(c);
}

static int next_declarer(Core *c, int seat)
{
    int32_t codes[MAX_LEGAL];
    for (int i = 0; i < c->n; i++) {
        if (declarations(c, seat, codes)) {
            c->phase = DECLARE;
            c->current = (int8_t)seat;
            return OK;
        }
        seat = (seat + 1) % c->n;
        if (seat == c->initiator)
            break;
    }
    return resolve(c);
}

static int start_skirmish(Core *c)
{
    Text t;
    for (int seat = 0; seat < c->n; seat++) {
        Player *z = &c->p[seat];
        z->force = z->hand;
        z->hand.n = 0;
        t_seat(&t, seat, " reveals ");
        if (z->force.n)
            t_ids(&t, z->force.c, z->force.n);
        else
            t_str(&t, "nothing");
        if (put(c, 0, &t) < 0)
            return FAIL;
    }
    c->used = 0;
    c->food = 0;
    return next_declarer(c, c->initiator);
}

static int pass_declaration(Core *c)
{
    int following = (c->current + 1) % c->n;
    if (following == c->initiator)
        return resolve(c);
    return next_declarer(c, following);
}

static int declare(Core *c, int is_snipe, int unit, int target)
{
    bit_set(is_snipe ? c->sniped : c->disarmed, target);
    bit_set(c->spent, unit);
    Text t;
    t_seat(&t, c->current, is_snipe ? ": snipe " : ": disarm ");
    t_str(&t, CARD_ID[unit]);
    t_str(&t, " ");
    t_str(&t, CARD_ID[target]);
    if (put(c, 1, &t) < 0)
        return FAIL;
    int32_t codes[MAX_LEGAL];
    if (declarations(c, c->current, codes))
        return OK;
    return pass_declaration(c);
}

/* ---- gathering (gathering.py) --------------------------------------------------------- */

static const int STAT_OF[5] = {S_DRAW, S_DIG, S_HUNT, -1, -1};

static int affordable(int kind, int food, int medicine)
{
    const KindRow *k = &KINDS[kind];
    if (k->any_mix)
        return food + medicine >= k->any_mix;
    return food >= k->food && medicine >= k->med;
}

static int legal_codes(const Core *c, int32_t *out)
{
    int k = 0, seat = c->current;
    const Seq *hand = &c->p[seat].hand;
    switch (c->phase) {
    case GATHER:
        for (int action = A_DRAW; action <= A_HUNT; action++) {
            if (c->used >> action & 1)
                continue;
            const uint8_t *useful = CONTRIBUTES[STAT_OF[action]];
            for (int i = 0; i < hand->n; i++)
                if (useful[hand->c[i]])
                    out[k++] = MV(M_OPEN, action, hand->c[i]);
        }
        if (!(c->used >> A_HIRE & 1)) {
            int medicine = medicine_of(hand->c, hand->n);
            for (int s = 0; s < NSTACKS; s++)
                if (c->stacks[s].n && affordable(K_SCA + s, c->food, medicine))
                    out[k++] = MV(M_HIRE, K_SCA + s, 0);
        }
        if (!(c->used >> A_TRASH & 1))
            for (int i = 0; i < hand->n; i++)
                out[k++] = MV(M_OPEN, A_TRASH, hand->c[i]);
        out[k++] = MV(M_END, 0, 0);
        return k;
    case BUILD:
        if (c->action == A_HIRE) {
            for (int i = 0; i < hand->n; i++)
                if (MEDICINE[hand->c[i]] && !seq_has(&c->chosen, hand->c[i]))
                    out[k++] = MV(M_PAY, hand->c[i], 0);
            if (c->hire_kind >= 0 && c->hire_kind < NKINDS &&
                affordable(c->hire_kind, c->food, medicine_of(c->chosen.c, c->chosen.n)))
                out[k++] = MV(M_GO, 0, 0);
            return k;
        }
        if (c->action == A_TRASH) {
            for (int i = 0; i < hand->n; i++)
                if (!seq_has(&c->chosen, hand->c[i]))
                    out[k++] = MV(M_ADD, hand->c[i], 0);
        } else {
            const uint8_t *useful = CONTRIBUTES[STAT_OF[c->action]];
            for (int i = 0; i < hand->n; i++)
                if (useful[hand->c[i]] && !seq_has(&c->chosen, hand->c[i]))
                    out[k++] = MV(M_ADD, hand->c[i], 0);
        }
        out[k++] = MV(M_GO, 0, 0);
        return k;
    case KEEP:
        for (int i = 0; i < c->dug.n; i++)
            out[k++] = MV(M_KEEP, c->dug.c[i], 0);
        out[k++] = MV(M_KEEP_NONE, 0, 0);
        return k;
    case DECLARE:
        k = declarations(c, seat, out);
        out[k++] = MV(M_DONE, 0, 0);
        return k;
    }
    return 0;
}

static int played_extend(Player *z, const Seq *cards)
{
    if (z->played.n + cards->n > PLAYED_CAP)
        return DEFER;
    memcpy(z->played.c + z->played.n, cards->c, cards->n);
    z->played.n = (uint16_t)(z->played.n + cards->n);
    return OK;
}

static int hire(Core *c, Player *z, const Seq *paid)
{
    int seat = c->current, kind = c->hire_kind, index = kind - K_SCA;
    if (index < 0 || index >= NSTACKS || !c->stacks[index].n)
        return DEFER;
    Seq *stack = &c->stacks[index];
    uint8_t top = stack->c[0];
    if (seq_extend(&z->discard, paid->c, paid->n) || seq_extend(&z->discard, &top, 1))
        return DEFER;
    Text t;
    t_seat(&t, seat, ": hire ");
    t_str(&t, KINDS[kind].code);
    t_str(&t, " as ");
    t_str(&t, CARD_ID[top]);
    if (paid->n) {
        t_str(&t, " pay ");
        t_ids(&t, paid->c, paid->n);
    }
    seq_drop_front(stack, 1);
    c->food = 0;
    c->hire_kind = -1;
    return put(c, 1, &t);
}

static int go(Core *c)
{
    int action = c->action, seat = c->current;
    Seq chosen = c->chosen;
    Player *z = &c->p[seat];
    int kept = 0;
    for (int i = 0; i < z->hand.n; i++)
        if (!seq_has(&chosen, z->hand.c[i]))
            z->hand.c[kept++] = z->hand.c[i];
    z->hand.n = (uint8_t)kept;
    c->phase = GATHER;
    c->action = -1;
    c->chosen.n = 0;
    c->used |= 1 << action;
    if (played_extend(z, &chosen))
        return DEFER;
    if (action == A_HIRE)
        return hire(c, z, &chosen);
    Text t;
    if (action == A_TRASH) {
        if (seq_extend(&c->junkyard, chosen.c, chosen.n))
            return DEFER;
        c->stream = chance_shuffled_chained(c->stream, c->junkyard.c, c->junkyard.n);
        t_seat(&t, seat, ": trash ");
        t_ids(&t, chosen.c, chosen.n);
        return put(c, 1, &t);
    }
    int value = action_value(c, STAT_OF[action], chosen.c, chosen.n);
    if (action == A_DRAW) {
        int reshuffled, r = draw_cards(c, z, value, &reshuffled);
        if (r)
            return r;
        t_seat(&t, seat, ": draw ");
        t_ids(&t, chosen.c, chosen.n);
        t_str(&t, " (draws ");
        t_int(&t, value);
        t_str(&t, ")");
        if (reshuffled)
            t_str(&t, ", shuffling the discard pile into a new deck");
        if (seq_extend(&z->discard, chosen.c, chosen.n))
            return DEFER;
        return put(c, 1, &t);
    }
    if (seq_extend(&z->discard, chosen.c, chosen.n))
        return DEFER;
    if (action == A_HUNT) {
        t_seat(&t, seat, ": hunt ");
        t_ids(&t, chosen.c, chosen.n);
        t_str(&t, " (food ");
        t_int(&t, value);
        t_str(&t, ")");
        c->food = value;
        return put(c, 1, &t);
    }
    int looked = value < c->junkyard.n ? value : c->junkyard.n;
    if (looked < 0)
        looked = 0;
    Seq dug;
    dug.n = (uint8_t)looked;
    memcpy(dug.c, c->junkyard.c, (size_t)looked);
    seq_drop_front(&c->junkyard, looked);
    t_seat(&t, seat, ": dig ");
    t_ids(&t, chosen.c, chosen.n);
    t_str(&t, " (looks at ");
    t_int(&t, looked);
    t_str(&t, ")");
    if (put(c, 1, &t) < 0)
        return FAIL;
    if (looked) {
        c->phase = KEEP;
        c->dug = dug;
    }
    return OK;
}

static int keep(Core *c, int card)
{
    int seat = c->current;
    Seq rest;
    rest.n = 0;
    for (int i = 0; i < c->dug.n; i++)
        if (c->dug.c[i] != card)
            rest.c[rest.n++] = c->dug.c[i];
    if (card >= 0) {
        uint8_t k = (uint8_t)card;
        if (seq_extend(&c->p[seat].discard, &k, 1))
            return DEFER;
    }
    Text t;
    t_seat(&t, seat, card < 0 ? ": keeps none" : ": keeps one card");
    c->phase = GATHER;
    if (seq_extend(&c->junkyard, rest.c, rest.n))
        return DEFER;
    c->dug.n = 0;
    return put(c, 1, &t);
}

/* Plays a legal move code on the core (the copy of the state). */
static int apply(Core *c, int32_t code)
{
    int kind = code >> 16, a = code >> 8 & 255, b = code & 255;
    switch (kind) {
    case M_OPEN:
        c->phase = BUILD;
        c->action = (int8_t)a;
        c->chosen.n = 1;
        c->chosen.c[0] = (uint8_t)b;
        return OK;
    case M_HIRE:
        c->phase = BUILD;
        c->action = A_HIRE;
        c->chosen.n = 0;
        c->hire_kind = (int8_t)a;
        return OK;
    case M_ADD:
    case M_PAY: {
        uint8_t card = (uint8_t)a;
        return seq_extend(&c->chosen, &card, 1);
    }
    case M_GO:
        return go(c);
    case M_KEEP:
        return keep(c, a);
    case M_KEEP_NONE:
        return keep(c, -1);
    case M_END:
        return end_gathering(c);
    case M_SNIPE:
    case M_DISARM:
        return declare(c, kind == M_SNIPE, a, b);
    case M_DONE:
        return pass_declaration(c);
    }
    return DEFER;
}

static PyObject *move_str(int32_t code)
{
    int kind = code >> 16, a = code >> 8 & 255, b = code & 255;
    switch (kind) {
    case M_OPEN:
        return OPEN_S[a][b];
    case M_HIRE:
        return HIRE_S[a];
    case M_ADD:
        return ADD_S[a];
    case M_PAY:
        return PAY_S[a];
    case M_GO:
        return GO_S;
    case M_KEEP:
        return KEEP_S[a];
    case M_KEEP_NONE:
        return KEEP_NONE_S;
    case M_END:
        return END_S;
    case M_SNIPE:
        return SNIPE_S[a - FIRST_CARD[K_SNI]][b];
    case M_DISARM:
        return DISARM_S[a - FIRST_CARD[K_SAB]][b];
    }
    return DONE_S;
}

/* ---- conversion from and to the reference state ------------------------------------------ */

/* State field indices (state.State). */
enum {
    F_NUM_PLAYERS, F_SHOVEL, F_ROUND, F_PHASE, F_CURRENT, F_INITIATOR, F_PLAYERS, F_JUNKYARD,
    F_CONTESTED, F_STACKS, F_REMOVED, F_USED, F_FOOD, F_ACTION, F_CHOSEN, F_HIRE_KIND, F_DUG,
    F_PEEK, F_SPENT, F_SNIPED, F_DISARMED, F_PLAYED, F_EVENTS, F_STREAM, F_RESULT, F_EXT,
    NUM_FIELDS
};

static int get_int(PyObject *o, long lo, long hi, long *out, const char *what)
{
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: expected an int", what);
        return -1;
    }
    int overflow;
    long v = PyLong_AsLongAndOverflow(o, &overflow);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s: %ld..%ld expected", what, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static PyObject *get_tuple(PyObject *o, Py_ssize_t size, const char *what)
{
    if (!PyTuple_Check(o) || (size >= 0 && PyTuple_GET_SIZE(o) != size)) {
        PyErr_Format(PyExc_ValueError, "%s: a tuple of %zd expected", what, size);
        return NULL;
    }
    return o;
}

/* A tuple of card indices; `seen` (if given) refuses a card in two places. */
static int get_cards(PyObject *o, uint8_t *out, int cap, uint64_t *seen, const char *what)
{
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: a tuple of cards expected", what);
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    if (len > cap) {
        PyErr_Format(PyExc_ValueError, "%s: more than %d cards", what, cap);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v;
        if (get_int(PyTuple_GET_ITEM(o, i), 0, NCARDS - 1, &v, what) < 0)
            return -1;
        if (seen) {
            if (bit_has(seen, (int)v)) {
                PyErr_Format(PyExc_ValueError,
                             "%s: card %ld is in two places (the compiled core plays the base "
                             "game's cards, each in one place)",
                             what, v);
                return -1;
            }
            bit_set(seen, (int)v);
        }
        out[i] = (uint8_t)v;
    }
    return (int)len;
}

static int get_seq(PyObject *o, Seq *s, uint64_t *seen, const char *what)
{
    int n = get_cards(o, s->c, NCARDS, seen, what);
    if (n < 0)
        return -1;
    s->n = (uint8_t)n;
    return 0;
}

static int get_set(PyObject *o, uint64_t *set, const char *what)
{
    memset(set, 0, SETWORDS * sizeof(uint64_t));
    PyObject *it = PyObject_GetIter(o), *item;
    if (!it)
        return -1;
    while ((item = PyIter_Next(it))) {
        long v;
        int bad = get_int(item, 0, NCARDS - 1, &v, what);
        Py_DECREF(item);
        if (bad < 0) {
            Py_DECREF(it);
            return -1;
        }
        bit_set(set, (int)v);
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

static int get_events(PyObject *o, Core *c)
{
    if (!PyTuple_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "events: a tuple expected");
        return -1;
    }
    Py_ssize_t len = PyTuple_GET_SIZE(o);
    EvBuf *ev = ev_new(2 * len + 16);
    if (!ev)
        return -1;
    c->ev = ev;
    c->ev_start = c->ev_end = 0;
    for (Py_ssize_t i = 0; i < len; i++) {
        PyObject *item = PyTuple_GET_ITEM(o, i);
        long rnd;
        if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) != 2 ||
            !PyUnicode_Check(PyTuple_GET_ITEM(item, 1))) {
            PyErr_SetString(PyExc_ValueError, "events: (round, text) pairs expected");
            return -1;
        }
        if (get_int(PyTuple_GET_ITEM(item, 0), -1000000, 1000000, &rnd, "an event's round") < 0)
            return -1;
        Py_INCREF(item);
        ev->items[ev->len] = item;
        ev->rounds[ev->len++] = (int32_t)rnd;
    }
    c->ev_end = ev->len;
    return 0;
}

static int core_from_reference(EngineObject *engine, PyObject *ref, Core *c)
{
    c->ev = NULL;
    if (!PyTuple_Check(ref) || PyTuple_GET_SIZE(ref) != NUM_FIELDS) {
        PyErr_SetString(PyExc_TypeError, "expected an arctic_scavengers State");
        return -1;
    }
    PyObject **f = &PyTuple_GET_ITEM(ref, 0);
    if (f[F_EXT] != Py_None) {
        PyErr_SetString(engine->config_error,
                        "the compiled core plays the base game only; with an expansion module "
                        "on, play the pure-Python engine");
        return -1;
    }
    long v;
    if (get_int(f[F_NUM_PLAYERS], 2, MAXP, &v, "num_players") < 0)
        return -1;
    c->n = (int8_t)v;
    if (get_int(f[F_SHOVEL], 1, 2, &v, "shovel_dig") < 0)
        return -1;
    c->shovel = (int8_t)v;
    if (get_int(f[F_ROUND], 0, 1000000, &v, "round") < 0)
        return -1;
    c->round = (int32_t)v;
    if (get_int(f[F_PHASE], GATHER, OVER, &v, "phase") < 0)
        return -1;
    c->phase = (int8_t)v;
    if (get_int(f[F_CURRENT], c->phase == OVER ? NO_SEAT : 0, c->n - 1, &v, "current") < 0)
        return -1;
    c->current = (int8_t)v;
    if (get_int(f[F_INITIATOR], 0, c->n - 1, &v, "initiator") < 0)
        return -1;
    c->initiator = (int8_t)v;
    uint64_t seen[SETWORDS] = {0, 0, 0};
    PyObject *players = get_tuple(f[F_PLAYERS], c->n, "players");
    if (!players)
        return -1;
    for (int s = 0; s < c->n; s++) {
        PyObject *z = PyTuple_GET_ITEM(players, s);
        if (!get_tuple(z, 4, "zones"))
            return -1;
        Player *p = &c->p[s];
        if (get_seq(PyTuple_GET_ITEM(z, 0), &p->deck, seen, "deck") < 0 ||
            get_seq(PyTuple_GET_ITEM(z, 1), &p->discard, seen, "discard") < 0 ||
            get_seq(PyTuple_GET_ITEM(z, 2), &p->hand, seen, "hand") < 0 ||
            get_seq(PyTuple_GET_ITEM(z, 3), &p->force, seen, "force") < 0)
            return -1;
    }
    if (get_seq(f[F_JUNKYARD], &c->junkyard, seen, "junkyard") < 0 ||
        get_seq(f[F_CONTESTED], &c->contested, seen, "contested") < 0 ||
        get_seq(f[F_REMOVED], &c->removed, seen, "removed") < 0 ||
        get_seq(f[F_DUG], &c->dug, seen, "dug") < 0 ||
        get_seq(f[F_CHOSEN], &c->chosen, NULL, "chosen") < 0)
        return -1;
    PyObject *stacks = get_tuple(f[F_STACKS], NSTACKS, "stacks");
    if (!stacks)
        return -1;
    for (int s = 0; s < NSTACKS; s++)
        if (get_seq(PyTuple_GET_ITEM(stacks, s), &c->stacks[s], seen, "a stack") < 0)
            return -1;
    if (get_int(f[F_USED], 0, 0x7fffffff, &v, "used") < 0)
        return -1;
    c->used = (int32_t)v;
    if (get_int(f[F_FOOD], -1000000, 1000000, &v, "food") < 0)
        return -1;
    c->food = (int32_t)v;
    if (get_int(f[F_ACTION], -1, A_TRASH, &v, "action") < 0)
        return -1;
    c->action = (int8_t)v;
    if (get_int(f[F_HIRE_KIND], -1, NKINDS - 1, &v, "hire_kind") < 0)
        return -1;
    c->hire_kind = (int8_t)v;
    if (c->phase == BUILD && (c->action < 0 || (c->action == A_HIRE && c->hire_kind < K_SCA))) {
        PyErr_SetString(PyExc_ValueError, "an open action expected in the build phase");
        return -1;
    }
    if (get_int(f[F_PEEK], NO_CARD, NCARDS - 1, &v, "peek") < 0)
        return -1;
    c->peek = (int16_t)v;
    if (get_set(f[F_SPENT], c->spent, "spent") < 0 ||
        get_set(f[F_SNIPED], c->sniped, "sniped") < 0 ||
        get_set(f[F_DISARMED], c->disarmed, "disarmed") < 0)
        return -1;
    PyObject *played = get_tuple(f[F_PLAYED], c->n, "played");
    if (!played)
        return -1;
    for (int s = 0; s < c->n; s++) {
        int k = get_cards(PyTuple_GET_ITEM(played, s), c->p[s].played.c, PLAYED_CAP, NULL,
                          "played");
        if (k < 0)
            return -1;
        c->p[s].played.n = (uint16_t)k;
    }
    c->stream = PyLong_AsUnsignedLongLong(f[F_STREAM]);
    if (c->stream == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    PyObject *result = f[F_RESULT];
    if (!PyTuple_Check(result) || PyTuple_GET_SIZE(result) > MAXP) {
        PyErr_SetString(PyExc_ValueError, "result: a tuple of people per seat expected");
        return -1;
    }
    c->nresult = (int8_t)PyTuple_GET_SIZE(result);
    for (int s = 0; s < c->nresult; s++) {
        if (get_int(PyTuple_GET_ITEM(result, s), -1000000, 1000000, &v, "result") < 0)
            return -1;
        c->result[s] = (int32_t)v;
    }
    return get_events(f[F_EVENTS], c);
}

static PyObject *cards_tuple(const uint8_t *cards, int n)
{
    PyObject *out = PyTuple_New(n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(cards[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *seq_tuple(const Seq *s)
{
    return cards_tuple(s->c, s->n);
}

static PyObject *set_frozen(const uint64_t *set)
{
    PyObject *list = PyList_New(0);
    if (!list)
        return NULL;
    for (int card = 0; card < NCARDS; card++) {
        if (!bit_has(set, card))
            continue;
        PyObject *v = PyLong_FromLong(card);
        if (!v || PyList_Append(list, v) < 0) {
            Py_XDECREF(v);
            Py_DECREF(list);
            return NULL;
        }
        Py_DECREF(v);
    }
    PyObject *out = PyFrozenSet_New(list);
    Py_DECREF(list);
    return out;
}

/* The fields in state.State's order (without ext): zones as 4-tuples, the stream an int. */
static PyObject *core_raw(const Core *c)
{
    PyObject *players = PyTuple_New(c->n), *played = PyTuple_New(c->n);
    PyObject *stacks = PyTuple_New(NSTACKS), *events = NULL, *result = NULL;
    if (!players || !played || !stacks)
        goto fail;
    for (int s = 0; s < c->n; s++) {
        const Player *z = &c->p[s];
        PyObject *zones = Py_BuildValue("(NNNN)", seq_tuple(&z->deck), seq_tuple(&z->discard),
                                        seq_tuple(&z->hand), seq_tuple(&z->force));
        if (!zones)
            goto fail;
        PyTuple_SET_ITEM(players, s, zones);
        PyObject *mine = cards_tuple(z->played.c, z->played.n);
        if (!mine)
            goto fail;
        PyTuple_SET_ITEM(played, s, mine);
    }
    for (int s = 0; s < NSTACKS; s++) {
        PyObject *stack = seq_tuple(&c->stacks[s]);
        if (!stack)
            goto fail;
        PyTuple_SET_ITEM(stacks, s, stack);
    }
    events = PyTuple_New(c->ev_end - c->ev_start);
    if (!events)
        goto fail;
    for (Py_ssize_t i = c->ev_start; i < c->ev_end; i++) {
        Py_INCREF(c->ev->items[i]);
        PyTuple_SET_ITEM(events, i - c->ev_start, c->ev->items[i]);
    }
    result = PyTuple_New(c->nresult);
    if (!result)
        goto fail;
    for (int s = 0; s < c->nresult; s++) {
        PyObject *v = PyLong_FromLong(c->result[s]);
        if (!v)
            goto fail;
        PyTuple_SET_ITEM(result, s, v);
    }
    return Py_BuildValue("(iiiiiiNNNNNiiiNiNiNNNNNKN)", c->n, c->shovel, (int)c->round, c->phase,
                         c->current, c->initiator, players, seq_tuple(&c->junkyard),
                         seq_tuple(&c->contested), stacks, seq_tuple(&c->removed), (int)c->used,
                         (int)c->food, c->action, seq_tuple(&c->chosen), c->hire_kind,
                         seq_tuple(&c->dug), c->peek, set_frozen(c->spent),
                         set_frozen(c->sniped), set_frozen(c->disarmed), played, events,
                         (unsigned long long)c->stream, result);
fail:
    Py_XDECREF(players);
    Py_XDECREF(played);
    Py_XDECREF(stacks);
    Py_XDECREF(events);
    Py_XDECREF(result);
    return NULL;
}

/* ---- the State type ------------------------------------------------------------------- */

static StateObject *new_state(void)
{
    StateObject *s = PyObject_New(StateObject, &StateType);
    if (s)
        s->c.ev = NULL;
    return s;
}

/* A new state object holding a copy of `c` (sharing its event buffer). */
static StateObject *copy_state(const Core *c)
{
    StateObject *out = new_state();
    if (!out)
        return NULL;
    memcpy(&out->c, c, offsetof(Core, p) + (size_t)c->n * sizeof(Player));
    out->c.ev->refs++;
    return out;
}

static void state_dealloc(StateObject *self)
{
    ev_release(self->c.ev);
    PyObject_Free(self);
}

static PyObject *state_repr(StateObject *self)
{
    static const char *phases[5] = {"gather", "build", "keep", "declare", "over"};
    const Core *c = &self->c;
    return PyUnicode_FromFormat("<arctic_scavengers core state: %d players, round %d, %s, seat %d>",
                                c->n, (int)c->round, phases[c->phase], c->current);
}

static PyTypeObject StateType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.arctic_scavengers._core.State",
    .tp_doc = PyDoc_STR("An Arctic Scavengers base-game position of the compiled core "
                        "(immutable; opaque)."),
    .tp_basicsize = sizeof(StateObject),
    .tp_itemsize = 0,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_dealloc = (destructor)state_dealloc,
    .tp_repr = (reprfunc)state_repr,
};

/* ---- the Engine type ------------------------------------------------------------------ */

static const Core *state_arg(PyObject *o)
{
    if (!Py_IS_TYPE(o, &StateType)) {
        PyErr_Format(PyExc_TypeError, "expected an arctic_scavengers core State, not %.100s",
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
    PyObject *out = PyObject_CallOneArg(self->make_state, raw);
    Py_DECREF(raw);
    return out;
}

/* One getrandbits(k) of the match rng, as a C value. */
static int rng_bits(PyObject *rng, int k, uint64_t *out)
{
    PyObject *call[2] = {rng, PyLong_FromLong(k)};
    if (!call[1])
        return -1;
    PyObject *bits =
        PyObject_VectorcallMethod(GETRANDBITS, call, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(call[1]);
    if (!bits)
        return -1;
    *out = PyLong_AsUnsignedLongLong(bits);
    Py_DECREF(bits);
    return *out == (unsigned long long)-1 && PyErr_Occurred() ? -1 : 0;
}

/* Random._randbelow_with_getrandbits(n). */
static int rng_below(PyObject *rng, uint32_t n, uint32_t *out)
{
    int k = 0;
    while ((n >> k) != 0)
        k++;
    for (;;) {
        uint64_t v;
        if (rng_bits(rng, k, &v) < 0)
            return -1;
        if (v < n) {
            *out = (uint32_t)v;
            return 0;
        }
    }
}

/* Random.shuffle(items). */
static int rng_shuffle(PyObject *rng, uint8_t *items, int len)
{
    for (int i = len - 1; i > 0; i--) {
        uint32_t j;
        if (rng_below(rng, (uint32_t)i + 1, &j) < 0)
            return -1;
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
    return 0;
}

/* dealing.setup for the base game from a random.Random, drawing as it does (the same calls to
 * the rng's getrandbits); 0 (nothing drawn) when the call is not that case: the reference
 * setup then deals (or refuses) it. */
static int deal(PyObject *const *args, Py_ssize_t nargs, Core *c)
{
    static const int start_deck[5][2] = {{0, 4}, {K_SCA, 3}, {2, 1}, {21, 1}, {K_SHO, 1}};
    static const int junkyard_kinds[8] = {16, 17, 18, 19, 20, 21, 22, 23};
    if (nargs != 3 || !Py_IS_TYPE(args[2], (PyTypeObject *)RANDOM_TYPE) ||
        !PyLong_CheckExact(args[0]))
        return 0;
    long n = PyLong_AsLong(args[0]);
    if (n < 2 || n > MAXP) {
        PyErr_Clear();
        return 0;
    }
    PyObject *modules = PyObject_GetAttr(args[1], MODULES_ATTR);
    PyObject *shovel = modules ? PyObject_GetAttr(args[1], SHOVEL_ATTR) : NULL;
    int dig = 0;
    if (shovel && PyUnicode_CheckExact(shovel) && PyTuple_CheckExact(modules) &&
        PyTuple_GET_SIZE(modules) == 0) {
        if (PyUnicode_CompareWithASCIIString(shovel, "plus2") == 0)
            dig = 2;
        else if (PyUnicode_CompareWithASCIIString(shovel, "plus1") == 0)
            dig = 1;
    }
    Py_XDECREF(modules);
    Py_XDECREF(shovel);
    PyErr_Clear();
    if (!dig)
        return 0;
    PyObject *rng = args[2];
    memset(c, 0, offsetof(Core, p));
    c->n = (int8_t)n;
    c->shovel = (int8_t)dig;
    c->peek = NO_CARD;
    c->action = -1;
    c->hire_kind = -1;
    int next[NKINDS]; /* the first card of each kind not dealt yet */
    for (int k = 0; k < NKINDS; k++)
        next[k] = FIRST_CARD[k];
    for (int seat = 0; seat < n; seat++) {
        Player *z = &c->p[seat];
        memset(z, 0, sizeof *z);
        for (int i = 0; i < 5; i++)
            for (int q = 0; q < start_deck[i][1]; q++)
                z->deck.c[z->deck.n++] = (uint8_t)next[start_deck[i][0]]++;
        if (rng_shuffle(rng, z->deck.c, z->deck.n) < 0)
            return -1;
    }
    for (int card = next[0]; card < FIRST_CARD[0] + KINDS[0].qty; card++)
        c->removed.c[c->removed.n++] = (uint8_t)card; /* Refugees not dealt */
    for (int i = 0; i < 8; i++) {
        int k = junkyard_kinds[i], end = FIRST_CARD[k] + KINDS[k].qty;
        if (n == 2) { /* the two highest serials leave the game (AS-A15) */
            for (int card = end - 2; card < end; card++)
                c->removed.c[c->removed.n++] = (uint8_t)card;
            end -= 2;
        }
        for (int card = next[k]; card < end; card++)
            c->junkyard.c[c->junkyard.n++] = (uint8_t)card;
    }
    seq_sort(&c->removed);
    if (rng_shuffle(rng, c->junkyard.c, c->junkyard.n) < 0)
        return -1;
    for (int k = 9; k <= 15; k++) /* SLE FIE TF3 TF4 TF5 WOL GRE */
        for (int card = FIRST_CARD[k]; card < FIRST_CARD[k] + KINDS[k].qty; card++)
            c->contested.c[c->contested.n++] = (uint8_t)card;
    if (rng_shuffle(rng, c->contested.c, c->contested.n) < 0)
        return -1;
    for (int s = 0; s < NSTACKS; s++)
        for (int card = next[K_SCA + s]; card < FIRST_CARD[K_SCA + s] + KINDS[K_SCA + s].qty;
             card++)
            c->stacks[s].c[c->stacks[s].n++] = (uint8_t)card;
    uint32_t initiator;
    if (rng_below(rng, (uint32_t)n, &initiator) < 0) /* randrange(num_players) [AS-A3] */
        return -1;
    c->initiator = c->current = (int8_t)initiator;
    if (rng_bits(rng, 64, &c->stream) < 0) /* Stream.from_rng */
        return -1;
    if (!(c->ev = ev_new(64)))
        return -1;
    int r = start_round(c);
    if (r == DEFER) {
        PyErr_SetString(PyExc_RuntimeError, "the core could not deal round 1");
        return -1;
    }
    return r < 0 ? -1 : 1;
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
    PyObject *ref = PyObject_Vectorcall(self->pure_setup, args, (size_t)nargs, NULL);
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
    if (c->phase == OVER || !seat_value(args[1], &seat) || seat != c->current) {
        Py_INCREF(NO_SEATS);
        return NO_SEATS;
    }
    int32_t codes[MAX_LEGAL];
    int count = legal_codes(c, codes);
    PyObject *out = PyTuple_New(count);
    if (!out)
        return NULL;
    for (int i = 0; i < count; i++) {
        PyObject *move = move_str(codes[i]);
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
        /* The move is most often one of the strings legal_moves returned: found by identity. */
        int32_t code = -1, codes[MAX_LEGAL];
        int count = legal_codes(c, codes), legal = 0;
        for (int i = 0; i < count && !legal; i++)
            if (move_str(codes[i]) == args[2]) {
                code = codes[i];
                legal = 1;
            }
        if (!legal) { /* an equal string: the move index */
            PyObject *index = PyDict_GetItemWithError(MOVE_INDEX, args[2]);
            if (!index && PyErr_Occurred())
                return NULL;
            if (index) {
                code = (int32_t)PyLong_AsLong(index);
                for (int i = 0; i < count && !legal; i++)
                    legal = codes[i] == code;
            }
        }
        if (legal) {
            StateObject *out = copy_state(c);
            if (!out)
                return NULL;
            int r = apply(&out->c, code);
            if (r == OK)
                return (PyObject *)out;
            Py_DECREF(out);
            if (r == FAIL)
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

static PyObject *engine_outcome(EngineObject *self, PyObject *state)
{
    const Core *c = state_arg(state);
    if (!c)
        return NULL;
    if (c->phase != OVER)
        Py_RETURN_NONE;
    PyObject *people = PyList_New(c->nresult ? c->nresult : c->n);
    if (!people)
        return NULL;
    for (int s = 0; s < PyList_GET_SIZE(people); s++) {
        long v;
        if (c->nresult) {
            v = c->result[s];
        } else {
            const Player *z = &c->p[s];
            v = people_of(&z->deck) + people_of(&z->discard) + people_of(&z->hand) +
                people_of(&z->force);
        }
        PyObject *value = PyLong_FromLong(v);
        if (!value) {
            Py_DECREF(people);
            return NULL;
        }
        PyList_SET_ITEM(people, s, value);
    }
    return PyObject_CallFunction(self->make_outcome, "Ni", people, (int)c->round);
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
    static char *kwlist[] = {"name",       "setup",        "play", "make_outcome",
                             "make_state", "config_error", NULL};
    PyObject *name, *setup, *play, *make_outcome, *make_state, *config_error;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UOOOOO:Engine", kwlist, &name, &setup, &play,
                                     &make_outcome, &make_state, &config_error))
        return NULL;
    return engine_alloc(type, (PyObject *const[]){name, setup, play, make_outcome, make_state,
                                              config_error});
}

static PyMethodDef engine_methods[] = {
    {"setup", (PyCFunction)(void (*)(void))engine_setup, METH_FASTCALL,
     "setup(num_players, options, rng): the reference engine's deal, as a core State."},
    {"to_move", (PyCFunction)engine_to_move, METH_O, "to_move(state): the seats to decide."},
    {"legal_moves", (PyCFunction)(void (*)(void))engine_legal_moves, METH_FASTCALL,
     "legal_moves(state, seat): the move texts, in the reference engine's order (a tuple)."},
    {"play", (PyCFunction)(void (*)(void))engine_play, METH_FASTCALL,
     "play(state, seat, move): the state after the move; the reference engine's error if not."},
    {"outcome", (PyCFunction)engine_outcome, METH_O, "outcome(state): the Outcome, or None."},
    {"from_reference", (PyCFunction)engine_from_reference, METH_O,
     "from_reference(state): the core State of a base-game reference state."},
    {"to_reference", (PyCFunction)engine_to_reference, METH_O,
     "to_reference(state): the reference state equal to a core State."},
    {"raw", (PyCFunction)engine_raw, METH_O,
     "raw(state): the fields in state.State's order (no ext) as plain tuples and ints."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "arena.games.arctic_scavengers._core.Engine",
    .tp_doc = PyDoc_STR("Engine(name, setup, play, make_outcome, make_state, config_error): "
                        "Arctic Scavengers' base-game rules on core States."),
    ENGINE_TYPE_SLOTS,
};

/* ---- the module ----------------------------------------------------------------------- */

static int add_move(PyObject **slot, int32_t code, const char *text)
{
    PyObject *s = PyUnicode_InternFromString(text);
    if (!s)
        return -1;
    *slot = s;
    PyObject *value = PyLong_FromLong(code);
    if (!value || PyDict_SetItem(MOVE_INDEX, s, value) < 0) {
        Py_XDECREF(value);
        return -1;
    }
    Py_DECREF(value);
    return 0;
}

static int init_moves(void)
{
    static const char *verbs[5] = {"draw", "dig", "hunt", NULL, "trash"};
    char text[64];
    MOVE_INDEX = PyDict_New();
    if (!MOVE_INDEX)
        return -1;
    for (int c = 0; c < NCARDS; c++) {
        for (int a = 0; a < 5; a++) {
            if (!verbs[a])
                continue;
            snprintf(text, sizeof text, "%s %s", verbs[a], CARD_ID[c]);
            if (add_move(&OPEN_S[a][c], MV(M_OPEN, a, c), text) < 0)
                return -1;
        }
        snprintf(text, sizeof text, "add %s", CARD_ID[c]);
        if (add_move(&ADD_S[c], MV(M_ADD, c, 0), text) < 0)
            return -1;
        snprintf(text, sizeof text, "pay %s", CARD_ID[c]);
        if (add_move(&PAY_S[c], MV(M_PAY, c, 0), text) < 0)
            return -1;
        snprintf(text, sizeof text, "keep %s", CARD_ID[c]);
        if (add_move(&KEEP_S[c], MV(M_KEEP, c, 0), text) < 0)
            return -1;
        for (int u = 0; u < KINDS[K_SNI].qty; u++) {
            int unit = FIRST_CARD[K_SNI] + u;
            snprintf(text, sizeof text, "snipe %s %s", CARD_ID[unit], CARD_ID[c]);
            if (add_move(&SNIPE_S[u][c], MV(M_SNIPE, unit, c), text) < 0)
                return -1;
        }
        for (int u = 0; u < KINDS[K_SAB].qty; u++) {
            int unit = FIRST_CARD[K_SAB] + u;
            snprintf(text, sizeof text, "disarm %s %s", CARD_ID[unit], CARD_ID[c]);
            if (add_move(&DISARM_S[u][c], MV(M_DISARM, unit, c), text) < 0)
                return -1;
        }
    }
    for (int k = K_SCA; k < K_SCA + NSTACKS; k++) {
        snprintf(text, sizeof text, "hire %s", KINDS[k].code);
        if (add_move(&HIRE_S[k], MV(M_HIRE, k, 0), text) < 0)
            return -1;
    }
    if (add_move(&GO_S, MV(M_GO, 0, 0), "go") < 0 || add_move(&END_S, MV(M_END, 0, 0), "end") < 0 ||
        add_move(&DONE_S, MV(M_DONE, 0, 0), "done") < 0 ||
        add_move(&KEEP_NONE_S, MV(M_KEEP_NONE, 0, 0), "keep none") < 0)
        return -1;
    NO_SEATS = PyTuple_New(0);
    GETRANDBITS = PyUnicode_InternFromString("getrandbits");
    MODULES_ATTR = PyUnicode_InternFromString("modules");
    SHOVEL_ATTR = PyUnicode_InternFromString("shovel");
    if (!NO_SEATS || !GETRANDBITS || !MODULES_ATTR || !SHOVEL_ATTR)
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
    for (int s = 0; s < MAXP; s++)
        if (!(SEATS[s] = Py_BuildValue("(i)", s)))
            return -1;
    return 0;
}

static PyObject *core_shuffled_chained(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    /* shuffled_chained(stream, items): (tuple, next stream) as arena.core.chance's, for tests:
     * items are card indices, at most NCARDS of them. */
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "shuffled_chained(stream, items)");
        return NULL;
    }
    uint64_t stream = PyLong_AsUnsignedLongLong(args[0]);
    if (stream == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    PyObject *items = PySequence_Tuple(args[1]);
    if (!items)
        return NULL;
    uint8_t buf[NCARDS];
    int len = get_cards(items, buf, NCARDS, NULL, "items");
    Py_DECREF(items);
    if (len < 0)
        return NULL;
    stream = chance_shuffled_chained(stream, buf, len);
    return Py_BuildValue("NK", cards_tuple(buf, len), (unsigned long long)stream);
}

/* ---- observations (arena/env/observations/arctic_scavengers.py, from the state) --------- */

/* What configure_observation gives, once: the observation's place of every card (its row in
 * the vector's card table, -1 for none), of every kind's hire stack, of every phase and of
 * every gathering action (-1: not in the vector), and how many cards the table holds. */
#define OBS_MAX 1024
static int OBS_READY;
static int OBS_CARDS;
static int16_t OBS_CARD[OBS_MAX], OBS_HIRE[OBS_MAX], OBS_PHASE[64], OBS_ACTION[64];
static int OBS_NCARD, OBS_NHIRE, OBS_NPHASE, OBS_NACTION;
enum { OBS_MINE = 6, OBS_SHOWN = 4, OBS_STACKS = 8, OBS_PHASES = 5, OBS_ACTIONS = 5 };

static int obs_table(PyObject *items, int16_t *table, int cap, int *count)
{
    PyObject *seq = PySequence_Fast(items, "a table is a sequence of ints");
    if (!seq)
        return -1;
    const Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a table too long for the core");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        table[i] = (int16_t)v;
    }
    *count = (int)n;
    Py_DECREF(seq);
    return 0;
}

static PyObject *core_configure_observation(PyObject *module, PyObject *args)
{
    PyObject *cards, *hires, *phases, *actions;
    int size;
    if (!PyArg_ParseTuple(args, "OOOOi:configure_observation", &cards, &hires, &phases, &actions,
                          &size))
        return NULL;
    if (obs_table(cards, OBS_CARD, OBS_MAX, &OBS_NCARD) < 0 ||
        obs_table(hires, OBS_HIRE, OBS_MAX, &OBS_NHIRE) < 0 ||
        obs_table(phases, OBS_PHASE, 64, &OBS_NPHASE) < 0 ||
        obs_table(actions, OBS_ACTION, 64, &OBS_NACTION) < 0)
        return NULL;
    OBS_CARDS = size;
    OBS_READY = 1;
    Py_RETURN_NONE;
}

/* The vector's row of a card (an int of a tuple), or -1 with an error set. */
static int obs_card(PyObject *item)
{
    long c = PyLong_AsLong(item);
    if (c == -1 && PyErr_Occurred())
        return -1;
    if (c < 0 || c >= OBS_NCARD || OBS_CARD[c] < 0 || OBS_CARD[c] >= OBS_CARDS) {
        PyErr_Format(PyExc_ValueError, "card %ld has no place in the observation", c);
        return -1;
    }
    return OBS_CARD[c];
}

/* Mark every card of a tuple in column `column` of a card table of `width` columns. */
static int obs_mark(PyObject *cards, float *table, int width, int column)
{
    if (!PyTuple_Check(cards)) {
        PyErr_SetString(PyExc_TypeError, "cards are a tuple");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(cards); i++) {
        int row = obs_card(PyTuple_GET_ITEM(cards, i));
        if (row < 0)
            return -1;
        table[row * width + column] = 1.0f;
    }
    return 0;
}

static long obs_mod(long a, long n) { return (a % n + n) % n; }

static Py_ssize_t obs_len(PyObject *o)
{
    return PyTuple_Check(o) ? PyTuple_GET_SIZE(o) : PyObject_Length(o);
}

/* encode(state, seat, out): the seat's observation vector of a reference State of a base game
 * into `out` (float32, arena.env's layout), as observations/arctic_scavengers.py's fill writes
 * it from the seat's view. */
static PyObject *core_encode(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "encode(state, seat, out) takes 3 arguments");
        return NULL;
    }
    if (!OBS_READY) {
        PyErr_SetString(PyExc_RuntimeError, "configure_observation() first");
        return NULL;
    }
    PyObject *state = args[0];
    long seat = PyLong_AsLong(args[1]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) < 26) {
        PyErr_SetString(PyExc_TypeError, "encode() takes a reference arctic_scavengers State");
        return NULL;
    }
    if (PyTuple_GET_ITEM(state, 25) != Py_None) {
        PyErr_SetString(PyExc_ValueError, "the observation covers the base game (no add-ons)");
        return NULL;
    }
    long f[26];
    static const int ints[] = {0, 2, 3, 4, 5, 11, 12, 13, 15, 17};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
        f[ints[i]] = PyLong_AsLong(PyTuple_GET_ITEM(state, ints[i]));
        if (f[ints[i]] == -1 && PyErr_Occurred())
            return NULL;
    }
    const long n = f[0], round = f[2], phase = f[3], current = f[4], initiator = f[5];
    const long used = f[11], food = f[12], action = f[13], hire = f[15], peek = f[17];
    PyObject *players = PyTuple_GET_ITEM(state, 6), *stacks = PyTuple_GET_ITEM(state, 9);
    PyObject *played = PyTuple_GET_ITEM(state, 21);
    PyObject *sniped = PyTuple_GET_ITEM(state, 19), *disarmed = PyTuple_GET_ITEM(state, 20);
    if (n < 1 || n > 8 || !PyTuple_Check(players) || PyTuple_GET_SIZE(players) != n ||
        !PyTuple_Check(played) || PyTuple_GET_SIZE(played) != n || !PyTuple_Check(stacks) ||
        PyTuple_GET_SIZE(stacks) != OBS_STACKS || phase < 0 || phase >= OBS_NPHASE) {
        PyErr_SetString(PyExc_ValueError, "not a base game State");
        return NULL;
    }
    const long C = OBS_CARDS;
    Py_buffer buffer;
    if (observe_out(args[2], 6 * C + 4 * n * C + 5 * n + 51, &buffer) < 0)
        return NULL;
    float *v = (float *)buffer.buf;
    float *mine = v, *shown = v + OBS_MINE * C, *piles = shown + n * C * OBS_SHOWN;
    float *stacks_out = piles + 3 * n, *junkyard = stacks_out + OBS_STACKS;
    float *contested = junkyard + 1, *round_out = contested + 1, *phase_out = round_out + 17;
    float *initiator_out = phase_out + OBS_PHASES, *mover = initiator_out + n;
    float *used_out = mover + n, *open_out = used_out + OBS_ACTIONS;
    float *hire_out = open_out + OBS_ACTIONS, *food_out = hire_out + OBS_STACKS;
    const int own = seat >= 0 && seat < n, over = phase == OVER;
    const int acting = own && seat == current && !over;
    if (own) {
        PyObject *z = PyTuple_GET_ITEM(players, seat);
        if (!PyTuple_Check(z) || PyTuple_GET_SIZE(z) != 4) {
            PyErr_SetString(PyExc_TypeError, "a seat's cards are Zones");
            goto fail;
        }
        /* hand, chosen, deck_cards, discard_cards, dug; then the peek */
        if (obs_mark(PyTuple_GET_ITEM(z, 2), mine, OBS_MINE, 0) < 0 ||
            (acting && obs_mark(PyTuple_GET_ITEM(state, 14), mine, OBS_MINE, 1) < 0) ||
            obs_mark(PyTuple_GET_ITEM(z, 0), mine, OBS_MINE, 2) < 0 ||
            obs_mark(PyTuple_GET_ITEM(z, 1), mine, OBS_MINE, 3) < 0 ||
            (acting && obs_mark(PyTuple_GET_ITEM(state, 16), mine, OBS_MINE, 4) < 0))
            goto fail;
        if (seat == initiator && peek != -1) {
            PyObject *card = PyLong_FromLong(peek);
            int row = card ? obs_card(card) : -1;
            Py_XDECREF(card);
            if (row < 0)
                goto fail;
            mine[row * OBS_MINE + 5] = 1.0f;
        }
    }
    const int any_sniped = PyObject_IsTrue(sniped), any_disarmed = PyObject_IsTrue(disarmed);
    if (any_sniped < 0 || any_disarmed < 0)
        goto fail;
    for (long k = 0; k < n; k++) {
        const long p = obs_mod(seat + k, n);
        PyObject *z = PyTuple_GET_ITEM(players, p);
        if (!PyTuple_Check(z) || PyTuple_GET_SIZE(z) != 4 ||
            !PyTuple_Check(PyTuple_GET_ITEM(z, 3))) {
            PyErr_SetString(PyExc_TypeError, "a seat's cards are Zones");
            goto fail;
        }
        float *table = shown + k * C * OBS_SHOWN;
        PyObject *force = PyTuple_GET_ITEM(z, 3);
        if (obs_mark(force, table, OBS_SHOWN, 0) < 0 ||
            obs_mark(PyTuple_GET_ITEM(played, p), table, OBS_SHOWN, 1) < 0)
            goto fail;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(force); i++) {
            PyObject *card = PyTuple_GET_ITEM(force, i);
            int in_sniped = any_sniped ? PySequence_Contains(sniped, card) : 0;
            int in_disarmed = any_disarmed ? PySequence_Contains(disarmed, card) : 0;
            if (in_sniped < 0 || in_disarmed < 0)
                goto fail;
            if (in_sniped || in_disarmed) {
                int row = obs_card(card);
                if (row < 0)
                    goto fail;
                if (in_sniped)
                    table[row * OBS_SHOWN + 2] = 1.0f;
                if (in_disarmed)
                    table[row * OBS_SHOWN + 3] = 1.0f;
            }
        }
        for (int j = 0; j < 3; j++) { /* deck, discard, hand sizes */
            Py_ssize_t size = obs_len(PyTuple_GET_ITEM(z, j));
            if (size < 0)
                goto fail;
            piles[3 * k + j] = (float)(size / 20.0);
        }
    }
    for (int i = 0; i < OBS_STACKS; i++) {
        Py_ssize_t size = obs_len(PyTuple_GET_ITEM(stacks, i));
        if (size < 0)
            goto fail;
        stacks_out[i] = (float)(size / 20.0);
    }
    Py_ssize_t size = obs_len(PyTuple_GET_ITEM(state, 7));
    if (size < 0)
        goto fail;
    *junkyard = (float)(size / 149.0);
    if ((size = obs_len(PyTuple_GET_ITEM(state, 8))) < 0)
        goto fail;
    *contested = (float)(size / 14.0);
    if (round >= 0 && round <= 16)
        round_out[round] = 1.0f;
    const long shown_phase = phase == BUILD && !acting ? GATHER : phase;
    if (OBS_PHASE[shown_phase] < 0) {
        PyErr_SetString(PyExc_ValueError, "a phase of the add-ons: not in the observation");
        goto fail;
    }
    phase_out[OBS_PHASE[shown_phase]] = 1.0f;
    initiator_out[obs_mod(initiator - seat, n)] = 1.0f;
    if (!over)
        mover[obs_mod(current - seat, n)] = 1.0f;
    for (int i = 0; i < OBS_NACTION && !over; i++)
        if (used >> i & 1) {
            if (OBS_ACTION[i] < 0) {
                PyErr_SetString(PyExc_ValueError, "an action of the add-ons: not observed");
                goto fail;
            }
            used_out[OBS_ACTION[i]] = 1.0f;
        }
    if (acting && action >= 0) {
        if (action >= OBS_NACTION || OBS_ACTION[action] < 0) {
            PyErr_SetString(PyExc_ValueError, "an action of the add-ons: not observed");
            goto fail;
        }
        open_out[OBS_ACTION[action]] = 1.0f;
    }
    if (acting && hire >= 0) {
        if (hire >= OBS_NHIRE || OBS_HIRE[hire] < 0) {
            PyErr_SetString(PyExc_ValueError, "a kind with no hire stack");
            goto fail;
        }
        hire_out[OBS_HIRE[hire]] = 1.0f;
    }
    *food_out = (float)(food / 10.0);
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
fail:
    PyBuffer_Release(&buffer);
    return NULL;
}

static PyMethodDef core_methods[] = {
    {"shuffled_chained", (PyCFunction)(void (*)(void))core_shuffled_chained, METH_FASTCALL,
     "shuffled_chained(stream, items): arena.core.chance.Stream(stream).shuffled_chained(items) as "
     "the core draws it (items: card indices)."},
    {"configure_observation", core_configure_observation, METH_VARARGS,
     "configure_observation(cards, hires, phases, actions, size): arena.env's places of every "
     "card, hire kind, phase and gathering action (-1: none), and its card table's size."},
    {"encode", (PyCFunction)(void (*)(void))core_encode, METH_FASTCALL,
     "encode(state, seat, out): the seat's observation vector of a reference base-game state, "
     "written into `out` (float32, arena.env's layout for the state's player count)."},
    OBSERVE_FLOATS_METHOD,
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "arena.games.arctic_scavengers._core",
    .m_doc = "Arctic Scavengers' compiled core (see arena/games/arctic_scavengers/compiled.py).",
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
    if (!MOVE_INDEX && init_moves() < 0) {
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
