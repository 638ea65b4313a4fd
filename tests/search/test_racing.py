"""The race: a candidate leaves only when shown worse, so more rollouts resolve finer calls."""

from __future__ import annotations

import random

from arena.search.budget import iteration_budget
from arena.search.halving import sequential_halving
from arena.search.racing import paired_gain, race
from tests.search.test_halving import noisy

CLOSE = (0.50, 0.47, 0.44, 0.49, 0.30)  # candidate 0 is the best, 3 a very close second


def test_clear_losers_leave_early_and_the_close_call_gets_the_budget() -> None:
    verdict = race(5, noisy(random.Random(1), own=0.3), iteration_budget(2000).deadline())
    assert verdict.best == 1
    assert verdict.iterations <= 2000  # it answers once the close call is settled too
    assert verdict.rollouts[3] < 60  # 0.1 against 0.5: dropped at the first checks
    assert min(verdict.rollouts[1], verdict.rollouts[2]) > 500  # the close call was studied


def test_more_rollouts_find_a_close_best_that_halving_drops_early() -> None:
    """With noise of their own as large as the gaps, halving picks on its first few futures
    and the rest of a large budget cannot undo that; the race keeps both close candidates."""
    seeds = range(20)
    budget = iteration_budget(4000)
    raced = sum(
        race(5, noisy(random.Random(s), CLOSE, own=0.2), budget.deadline()).best == 0 for s in seeds
    )
    halved = sum(
        sequential_halving(5, noisy(random.Random(s), CLOSE, own=0.2), budget.deadline()).best == 0
        for s in seeds
    )
    assert raced >= 15
    assert raced > halved


def test_a_baseline_stays_unless_beaten_and_one_survivor_answers_early() -> None:
    few = race(5, noisy(random.Random(2), own=0.5), iteration_budget(10).deadline(), baseline=4)
    assert few.best == 4  # two futures prove nothing
    many = race(5, noisy(random.Random(2), own=0.5), iteration_budget(4000).deadline(), baseline=4)
    assert many.best == 1 and many.rollouts[4] > 1900  # never dropped
    sure = race(2, noisy(random.Random(3), (0.9, 0.1), own=0.01), iteration_budget(400).deadline())
    assert sure.best == 0 and sure.iterations < 400  # the loser left: nothing more to compare


def test_paired_gain_needs_the_gap_beyond_its_noise() -> None:
    assert paired_gain({0: 1.0, 1: 1.0, 2: 1.0}, {0: 0.0, 1: 0.0, 2: 0.0}, 2.0)
    assert not paired_gain({0: 1.0, 1: 0.0}, {0: 0.0, 1: 1.0}, 0.0)
    assert not paired_gain({0: 1.0}, {0: 0.0}, 0.0)  # one future proves nothing
    assert not paired_gain({0: 1.0, 1: 1.0}, {0: 0.0, 1: 0.0}, 2.0, margin=1.0)
