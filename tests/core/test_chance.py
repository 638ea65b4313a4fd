"""The seeded stream games keep in their states: the very numbers every stored record replays
through (the literals below were drawn by the engines before they shared one stream type)."""

from __future__ import annotations

import pickle
import random

from arena.core.chance import Stream


def test_splitmix64_outputs_and_steps_are_the_historical_ones() -> None:
    output, after = Stream(12345).next64()
    assert (after, output) == (11400714819323210830, 2454886589211414944)
    assert after.next64() == (3778200017661327597, 4354685564936857699)
    assert isinstance(after, Stream)


def test_a_shuffle_is_seeded_by_the_next_output() -> None:
    tiles, after = Stream(2024).shuffled(range(10))
    assert tiles == (1, 6, 3, 9, 8, 0, 2, 5, 7, 4)
    assert after == 11400714819323200509
    output, _ = Stream(2024).next64()
    expected = list(range(10))
    random.Random(output).shuffle(expected)
    assert list(tiles) == expected


def test_the_fast_shuffle_gives_the_order_of_a_fresh_random() -> None:
    for seed in range(300):
        value = Stream(seed * 0x9E3779B97F4A7C15 % (1 << 64))
        items = list(range(seed % 60))
        tiles, _ = value.shuffled(items)
        expected = list(items)
        random.Random(value.next64()[0]).shuffle(expected)
        assert list(tiles) == expected


def test_two_dice_come_from_the_two_halves_of_one_output() -> None:
    (a, b), after = Stream(7).dice_pair()
    assert (a, b, after) == (2, 3, 11400714819323198492)
    assert after.dice_pair() == ((3, 2), 4354685564936845361)
    faces = {Stream(s).dice_pair()[0] for s in range(2000)}
    assert faces == {(i, j) for i in range(1, 7) for j in range(1, 7)}
    for value in (0, 7, 2**63, 2**64 - 1):  # the roll is next64's output, cut in two
        z, after = Stream(value).next64()
        assert Stream(value).dice_pair() == ((z % 2**32 % 6 + 1, (z >> 32) % 6 + 1), after)


def test_the_chained_shuffle_seeds_a_generator_with_the_value_itself() -> None:
    cards, after = Stream(99).shuffled_chained(range(10))
    assert cards == (7, 2, 0, 8, 5, 1, 4, 3, 9, 6)
    assert after == 13448248701773115055
    assert isinstance(after, Stream)


def test_a_stream_is_the_int_it_holds() -> None:
    stream = Stream.from_rng(random.Random(5))
    assert stream == random.Random(5).getrandbits(64)
    assert hash(stream) == hash(int(stream))
    copy = pickle.loads(pickle.dumps(stream))
    assert copy == stream and isinstance(copy, Stream)
    assert copy.next64() == stream.next64()


def test_the_chained_shuffle_gives_a_fresh_generators_order_and_next_bits() -> None:
    # shuffled_chained runs shuffle's loop on a reseeded per-thread generator: it must give
    # exactly what random.Random(value).shuffle and the next getrandbits(64) give.
    draw = random.Random(3)
    for size in [0, 1, 2, 3, 7, 30, 64, 65, 149] * 6:
        value = draw.getrandbits(64)
        rng = random.Random(value)
        expected = list(range(size))
        rng.shuffle(expected)
        cards, after = Stream(value).shuffled_chained(range(size))
        assert (list(cards), after) == (expected, rng.getrandbits(64))
