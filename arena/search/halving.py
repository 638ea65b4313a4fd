"""Flat Monte Carlo with sequential halving: compare a few candidate moves by rollouts.

Each round samples one future (a determinization of what the seat cannot see, and the
rollouts' own chance) and plays every surviving candidate through that same future (common
random numbers: two moves are compared on the same draws, which removes most of the noise of
their difference). After `first_cut` rounds the weaker half is dropped, then again after twice
as many, and so on down to two, so the budget goes to the close calls. Anytime: it stops when
the deadline says so, counting one iteration per rollout.

A `baseline` candidate (the rollout policy's own choice) is never dropped, and another
candidate replaces it only when its rollouts beat the baseline's on the same futures by more
than `confidence` standard errors of their paired difference (and `margin`, a gain that does
not shrink with the rollouts): with a small budget the search plays like its rollout policy
instead of like the noise of a few rollouts.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from arena.search.budget import Deadline

Future = Callable[[int], float]
"""One sampled future: plays candidate i through it and says what that was worth (higher is
better for the deciding seat)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a search found: the chosen candidate, every candidate's mean and rollouts."""

    best: int
    means: tuple[float, ...]
    rollouts: tuple[int, ...]

    @property
    def iterations(self) -> int:
        """Rollouts played in all."""
        return sum(self.rollouts)


def sequential_halving(
    candidates: int,
    sample: Callable[[], Future],
    deadline: Deadline,
    *,
    first_cut: int = 4,
    baseline: int | None = None,
    confidence: float = 1.0,
    margin: float = 0.0,
) -> Verdict:
    """Rollouts of `candidates` moves on futures from `sample()` until `deadline` is spent;
    the surviving candidate with the best mean wins (the first one on a tie), unless it does
    not beat `baseline` convincingly (module docstring)."""
    alive = list(range(candidates))
    values: list[dict[int, float]] = [{} for _ in range(candidates)]  # round -> result
    done, rounds, cut = 0, 0, first_cut
    while not deadline.spent(done):
        future = sample()
        for i in alive:
            values[i][rounds] = future(i)
            done += 1
            if deadline.spent(done):
                break
        rounds += 1
        if rounds == cut and len(alive) > 2:
            alive = _halve(alive, values, baseline)
            cut *= 2
    means = tuple(sum(v.values()) / len(v) if v else -math.inf for v in values)
    best = max(alive, key=lambda i: (means[i], -i))
    if baseline is not None and best != baseline:
        convincing = paired_gain(values[best], values[baseline], confidence, margin)
        best = best if convincing else baseline
    return Verdict(best, means, tuple(len(v) for v in values))


def _halve(alive: list[int], values: list[dict[int, float]], keep: int | None) -> list[int]:
    """The better half of `alive` by mean (at least two), `keep` always among them."""
    ranked = sorted(alive, key=lambda i: (-sum(values[i].values()) / len(values[i]), i))
    kept = ranked[: max(2, (len(ranked) + 1) // 2)]
    if keep is not None and keep in alive and keep not in kept:
        kept[-1] = keep
    return sorted(kept)


def paired_gain(
    challenger: dict[int, float], base: dict[int, float], z: float, margin: float = 0.0
) -> bool:
    """Whether the challenger beats the base by more than `margin` plus z standard errors of
    the mean of their differences on the futures both were played in."""
    diffs = [challenger[r] - base[r] for r in challenger if r in base]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean - margin > z * spread / math.sqrt(n)


__all__ = ["Future", "Verdict", "paired_gain", "sequential_halving"]
