"""How an Arctic Scavengers boss judges its moves from playouts, whether the base game's search
(boss.py, on the compiled core) or the expansion modules' (module_boss.py): a playout's score,
the move kept, and when to stop."""

from __future__ import annotations

import math

from arena.search.budget import Deadline

from . import rules
from .state import State

CONFIDENCE = 1.0  # standard errors of a paired difference to overrule the greedy move
WIN_BONUS = 3.0  # a win is worth this many people of margin on top of the margin itself


def margin(state: State, seat: int) -> float:
    """People now (the whole result once over) against the best other seat, plus WIN_BONUS
    for leading."""
    people = rules.people_now(state)
    best_other = max(p for s, p in enumerate(people) if s != seat)
    lead = people[seat] - best_other
    return lead + WIN_BONUS * ((lead > 0) - (lead < 0))


def choose(results: list[list[float]], baseline: int, confidence: float = CONFIDENCE) -> int:
    """The move with the best mean result; the baseline unless that move beats it by more
    than `confidence` standard errors of their paired difference (on the same deals), so that
    a few noisy playouts do not overrule the rollout policy's own choice."""
    means = [sum(r) / len(r) if r else float("-inf") for r in results]
    best = max(range(len(results)), key=lambda i: (means[i], i == baseline))
    if best == baseline:
        return best
    diffs = [a - b for a, b in zip(results[best], results[baseline], strict=False)]
    n = len(diffs)
    if n < 2:
        return baseline
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return best if mean > confidence * spread / math.sqrt(n) else baseline


def must_stop(deadline: Deadline, done: int, slowest: float) -> bool:
    """The work is done, or the clock has no room for two more playouts as slow as the
    slowest (left_s is infinite without a clock: fixed work stays reproducible)."""
    return deadline.spent(done) or deadline.left_s() < 2 * slowest
