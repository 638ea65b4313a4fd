"""Sequential halving: the budget goes to the close calls, and a baseline needs beating."""

from __future__ import annotations

import random
from collections.abc import Callable

from arena.search.budget import iteration_budget
from arena.search.halving import Future, sequential_halving

MEANS = (0.2, 0.5, 0.45, 0.1, 0.3)  # candidate 1 is the best, 2 a close second


def noisy(
    rng: random.Random, means: tuple[float, ...] = MEANS, own: float = 0.05
) -> Callable[[], Future]:
    """Futures where candidate i is worth means[i] plus noise shared by every candidate (common
    random numbers: the same luck for everyone) and a little of its own."""

    def sample() -> Future:
        shared = rng.gauss(0.0, 1.0)
        return lambda i: means[i] + shared + rng.gauss(0.0, own)

    return sample


def test_the_best_candidate_wins_and_the_weak_ones_get_fewer_rollouts() -> None:
    verdict = sequential_halving(5, noisy(random.Random(1)), iteration_budget(400).deadline())
    assert verdict.best == 1
    assert verdict.iterations == 400
    assert verdict.rollouts[3] == 4  # the worst was dropped at the first cut
    assert min(verdict.rollouts[1], verdict.rollouts[2]) > 100  # the close call was studied


def test_a_baseline_stays_unless_beaten_convincingly() -> None:
    few = sequential_halving(
        5, noisy(random.Random(2), own=0.5), iteration_budget(10).deadline(), baseline=4
    )
    assert few.best == 4 and few.rollouts[4] == 2  # two futures prove nothing
    many = sequential_halving(
        5, noisy(random.Random(2), own=0.5), iteration_budget(400).deadline(), baseline=4
    )
    assert many.best == 1 and many.rollouts[4] > 100  # the baseline is never dropped
    equal = sequential_halving(
        2, noisy(random.Random(3), (0.5, 0.5)), iteration_budget(400).deadline(), baseline=1
    )
    assert equal.best == 1


def test_a_margin_keeps_the_baseline_against_a_small_sure_gain() -> None:
    """With many rollouts a gain of 0.05 is many standard errors; a margin of 0.1 still keeps
    the baseline, and a gain larger than the margin still overrules it."""
    means = (0.5, 0.55)
    sure = sequential_halving(
        2, noisy(random.Random(4), means), iteration_budget(2000).deadline(), baseline=0
    )
    assert sure.best == 1
    kept = sequential_halving(
        2, noisy(random.Random(4), means), iteration_budget(2000).deadline(), baseline=0,
        margin=0.1,
    )  # fmt: skip
    assert kept.best == 0
    beaten = sequential_halving(
        2, noisy(random.Random(4), (0.5, 0.7)), iteration_budget(2000).deadline(), baseline=0,
        margin=0.1,
    )  # fmt: skip
    assert beaten.best == 1
