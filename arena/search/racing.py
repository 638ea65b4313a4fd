"""A race of candidate moves by paired rollouts: a candidate leaves only when it is shown worse.

Like sequential halving (halving.py) each round samples one future and plays every surviving
candidate through it (common random numbers). Halving drops half of the candidates after a
fixed number of rounds whatever the budget, so with a close call and a large budget the best
move is often gone after a handful of futures and the rest of the time goes to the survivors:
more time then buys no strength. Here, from `min_rounds` on, a candidate is dropped only when
the leader beats it on the futures both played by more than `z` standard errors of their paired
difference: the longer the search runs, the finer the differences it resolves, and the budget
still goes to the close calls. It answers early when one candidate is left. Anytime: it stops
when the deadline says so, counting one iteration per rollout.

A `baseline` (the rollout policy's own choice) is never dropped, and the winner replaces it
only when it beats it by more than `confidence` standard errors (and `margin`), as in halving.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from arena.search.budget import Deadline
from arena.search.halving import Future, Verdict, paired_gain

MIN_ROUNDS = 8  # futures every candidate plays before any is dropped
Z = 2.0  # standard errors of the paired difference that drop a candidate


def race(
    candidates: int,
    sample: Callable[[], Future],
    deadline: Deadline,
    *,
    min_rounds: int = MIN_ROUNDS,
    z: float = Z,
    baseline: int | None = None,
    confidence: float = 1.0,
    margin: float = 0.0,
) -> Verdict:
    """Rollouts of `candidates` moves on futures from `sample()` until `deadline` is spent or
    one candidate is left; the surviving candidate with the best mean wins (the first one on a
    tie), unless it does not beat `baseline` convincingly (module docstring)."""
    alive = list(range(candidates))
    values: list[dict[int, float]] = [{} for _ in range(candidates)]  # round -> result
    done, rounds, check = 0, 0, min_rounds
    while len(alive) > 1 and not deadline.spent(done):
        future = sample()
        for i in alive:
            values[i][rounds] = future(i)
            done += 1
            if deadline.spent(done):
                break
        rounds += 1
        if rounds >= check:
            alive = _survivors(alive, values, baseline, z)
            check = rounds + max(1, rounds // 16)  # checks get sparser as the rounds grow
    means = tuple(sum(v.values()) / len(v) if v else -math.inf for v in values)
    best = max(alive, key=lambda i: (means[i], -i))
    if baseline is not None and best != baseline:
        best = best if paired_gain(values[best], values[baseline], confidence, margin) else baseline
    return Verdict(best, means, tuple(len(v) for v in values))


def _survivors(
    alive: list[int], values: list[dict[int, float]], keep: int | None, z: float
) -> list[int]:
    """`alive` without the candidates the leader beats by more than z standard errors
    (`keep` always stays)."""
    leader = max(alive, key=lambda i: (sum(values[i].values()) / len(values[i]), -i))
    return [
        i for i in alive if i in (leader, keep) or not paired_gain(values[leader], values[i], z)
    ]


__all__ = ["MIN_ROUNDS", "Z", "paired_gain", "race"]
