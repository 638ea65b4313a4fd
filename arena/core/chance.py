"""The seeded stream a game state holds for the chance played after setup: dice and shuffles.

`setup` draws everything it needs from the match's rng; whatever chance comes later (a reshuffle,
a new deal, the next roll) is drawn from a `Stream` kept in the state, so a state alone decides
its future and (game, options, seed, moves) replays exactly. Every stored record depends on
these numbers: the derivations below must never change.
"""

from __future__ import annotations

import _random
import random
import threading
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # splitmix64's increment (the golden ratio in 64 bits)
_LOW32 = 0xFFFFFFFF


_LOCAL = threading.local()  # one generator per thread, reseeded for every shuffle


def _shuffle(seed: int, out: list[T]) -> None:
    """`random.Random(seed).shuffle(out)`, the same order at a fraction of the cost.

    Building a Random costs more than the shuffle of a small pile, and `shuffle` calls a Python
    method per item: so a generator kept per thread is reseeded (the C seeding a new Random's
    `seed` ends in, on an int) and `shuffle`'s loop runs here with `_randbelow` written out (the
    getrandbits rejection loop of CPython's Random). tests/test_chance.py checks both agree.
    """
    rng = getattr(_LOCAL, "rng", None)
    if rng is None:
        rng = _LOCAL.rng = random.Random()
    _random.Random.seed(rng, seed)
    getrandbits = rng.getrandbits
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        out[i], out[j] = out[j], out[i]


class Stream(int):
    """An immutable 64-bit stream value: equal, hashable and picklable as the int it is.

    Each draw returns what it drew and the stream after it. Two derivations exist, both kept
    because records replay through them:
    - splitmix64 (`next64`, `shuffled`, `dice_pair`): each step adds the golden gamma and mixes;
    - chained (`shuffled_chained`): the value itself seeds a Mersenne Twister, which shuffles
      and whose next 64 bits are the next value.
    """

    __slots__ = ()

    @classmethod
    def from_rng(cls, rng: random.Random) -> Stream:
        """A stream seeded by 64 bits of `rng` (setup's last use of the match rng)."""
        return cls(rng.getrandbits(64))

    def next64(self) -> tuple[int, Stream]:
        """A 64-bit output and the stream after it (splitmix64)."""
        state = (self + _GAMMA) & _MASK64
        z = ((state ^ state >> 30) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ z >> 27) * 0x94D049BB133111EB) & _MASK64
        return z ^ z >> 31, Stream(state)

    def shuffled(self, items: Iterable[T]) -> tuple[tuple[T, ...], Stream]:
        """`items` in a fresh order (a Random seeded by the next output) and the next stream."""
        seed, stream = self.next64()
        out = list(items)
        _shuffle(seed, out)
        return tuple(out), stream

    def dice_pair(self, sides: int = 6) -> tuple[tuple[int, int], Stream]:
        """Two dice from one output, its low and high 32 bits, and the next stream."""
        # next64's step written out here: a roll is drawn every turn, and the call it would
        # cost is a third of a roll (tests/core/test_chance.py checks both give the same numbers).
        state = (self + _GAMMA) & _MASK64
        z = ((state ^ state >> 30) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ z >> 27) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        return ((z & _LOW32) % sides + 1, (z >> 32) % sides + 1), Stream(state)

    def shuffled_chained(self, items: Iterable[T]) -> tuple[tuple[T, ...], Stream]:
        """`items` shuffled by a Random seeded with this value; its next 64 bits follow."""
        out = list(items)
        _shuffle(self, out)  # seeded by the int value, as a plain int would be
        # The per-thread generator _shuffle used is where the shuffle left it: its next 64 bits
        # are those of `random.Random(self)` after `shuffle` (tests/core/test_chance.py).
        return tuple(out), Stream(_LOCAL.rng.getrandbits(64))
