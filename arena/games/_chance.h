/* arena/core/chance.py in C, for the games' compiled cores (`#include "../_chance.h"`): the draws a
 * state's Stream makes after setup, bit for bit, so that a core deals, reshuffles and rolls as
 * the reference engine does. Every stored record depends on these numbers: like chance.py's,
 * these derivations must never change (each core's tests compare them with arena.core.chance).
 *
 * - chance_next64: Stream.next64, splitmix64 (add the golden gamma, mix).
 * - chance_shuffle: random.Random(seed).shuffle(items) for a 64-bit seed, CPython's Mersenne
 *   Twister seeded from an int (init_by_array over its 32-bit words) and `_randbelow`'s
 *   getrandbits rejection loop.
 * - chance_shuffled: Stream.shuffled (a shuffle seeded by the next output).
 * - chance_shuffled_chained: Stream.shuffled_chained (the stream value seeds the shuffle; the
 *   generator's next 64 bits are the next value).
 * - chance_dice_pair: Stream.dice_pair (two dice from one output's low and high 32 bits).
 *
 * Call chance_init() once from the module's init (it fills a table). Items are bytes: a core
 * shuffles indices of at most 256 things. */
#ifndef ARENA_CHANCE_H
#define ARENA_CHANCE_H

#include <stdint.h>
#include <string.h>

#define CHANCE_MT_N 624
#define CHANCE_MT_M 397

typedef struct {
    uint32_t mt[CHANCE_MT_N];
    int i;
} ChanceMT;

/* init_genrand(19650218), where every init_by_array starts: filled by chance_init(). */
static uint32_t CHANCE_MT_START[CHANCE_MT_N];

static void chance_init(void)
{
    CHANCE_MT_START[0] = 19650218U;
    for (int i = 1; i < CHANCE_MT_N; i++)
        CHANCE_MT_START[i] = 1812433253U * (CHANCE_MT_START[i - 1] ^ (CHANCE_MT_START[i - 1] >> 30)) +
                             (uint32_t)i;
}

static inline uint64_t chance_next64(uint64_t *stream)
{
    uint64_t state = *stream + 0x9E3779B97F4A7C15ULL;
    uint64_t z = (state ^ state >> 30) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ z >> 27) * 0x94D049BB133111EBULL;
    *stream = state;
    return z ^ z >> 31;
}

/* random.Random(seed) for a seed below 2**64: CPython's init_by_array (Modules/_randommodule.c)
 * over the seed's 32-bit words, the word before the one being mixed carried in `prev`. */
static void chance_mt_seed(ChanceMT *m, uint64_t seed)
{
    const uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    const int key_length = key[1] ? 2 : 1;
    uint32_t *mt = m->mt;
    memcpy(mt, CHANCE_MT_START, sizeof CHANCE_MT_START);
    uint32_t prev = mt[0];
    int i = 1, j = 0;
    for (int k = CHANCE_MT_N; k; k--) {
        prev = mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1664525U)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= CHANCE_MT_N) {
            mt[0] = prev;
            i = 1;
        }
        if (j >= key_length)
            j = 0;
    }
    for (int k = CHANCE_MT_N - 1; k; k--) {
        prev = mt[i] = (mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941U)) - (uint32_t)i;
        i++;
        if (i >= CHANCE_MT_N) {
            mt[0] = prev;
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
    m->i = 0;
}

/* genrand_uint32 with the twist done word by word as the outputs need it: twisting word kk in
 * place reads words kk + 1 and kk + M (still old) or kk + M - N (already new), exactly as the
 * whole-array twist does in order, so the outputs are the same; a short shuffle twists only the
 * words it uses. */
static inline uint32_t chance_mt_next(ChanceMT *m)
{
    uint32_t *mt = m->mt;
    int kk = m->i, next = kk + 1 == CHANCE_MT_N ? 0 : kk + 1;
    int far = kk + CHANCE_MT_M < CHANCE_MT_N ? kk + CHANCE_MT_M : kk + CHANCE_MT_M - CHANCE_MT_N;
    uint32_t y = (mt[kk] & 0x80000000U) | (mt[next] & 0x7fffffffU);
    y = mt[kk] = mt[far] ^ (y >> 1) ^ (y & 1U ? 0x9908b0dfU : 0U);
    m->i = next;
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* Random.shuffle's loop on a seeded generator: j = _randbelow(i + 1) by getrandbits. */
static inline void chance_mt_shuffle(ChanceMT *m, uint8_t *items, int len)
{
    for (int i = len - 1; i > 0; i--) {
        uint32_t n = (uint32_t)i + 1, k = 0, j;
        while ((n >> k) != 0)
            k++; /* n's bit length */
        do
            j = chance_mt_next(m) >> (32 - k);
        while (j >= n);
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

static inline void chance_shuffle(uint64_t seed, uint8_t *items, int len)
{
    ChanceMT m;
    chance_mt_seed(&m, seed);
    chance_mt_shuffle(&m, items, len);
}

static inline void chance_shuffled(uint64_t *stream, uint8_t *items, int len)
{
    chance_shuffle(chance_next64(stream), items, len);
}

/* Returns the next stream value. */
static inline uint64_t chance_shuffled_chained(uint64_t stream, uint8_t *items, int len)
{
    ChanceMT m;
    chance_mt_seed(&m, stream);
    chance_mt_shuffle(&m, items, len);
    uint64_t lo = chance_mt_next(&m);
    uint64_t hi = chance_mt_next(&m);
    return lo | hi << 32;
}

static inline void chance_dice_pair(uint64_t *stream, int sides, uint8_t dice[2])
{
    const uint64_t z = chance_next64(stream);
    dice[0] = (uint8_t)((z & 0xFFFFFFFFULL) % (uint64_t)sides + 1);
    dice[1] = (uint8_t)((z >> 32) % (uint64_t)sides + 1);
}

#endif
