"""How long a search bot may think: its share of the referee's clock, or a fixed amount of work.

A search bot is anytime: it improves its answer until its budget runs out, then answers. The
budget of one decision is a time (the decision's own budget, plus a slice of the time bank,
less a safety margin for the answer's trip back) or, for reproducible strength, a number of
iterations that does not depend on the machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

SAFETY = 0.10  # the share of a decision's time kept back for answering and transport
MIN_SAFETY_S = 0.02  # at least this much kept back however short the budget
BANK_SHARE = 0.05  # the share of the time bank one decision may use on top of its budget
UNLIMITED_S = 1.0  # thinking time when the referee sets no clock at all


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend: seconds of wall time, or a number of iterations."""

    seconds: float | None = None
    iterations: int | None = None

    def deadline(self) -> Deadline:
        """A deadline starting now."""
        return Deadline(self, time.monotonic())


@dataclass(frozen=True, slots=True)
class Deadline:
    """A budget that started: ask `spent(iterations)` after each unit of work."""

    budget: Budget
    started: float

    def spent(self, iterations: int) -> bool:
        """Whether the search must answer now, after this many iterations."""
        if self.budget.iterations is not None:
            return iterations >= self.budget.iterations
        assert self.budget.seconds is not None
        return time.monotonic() - self.started >= self.budget.seconds

    def left_s(self) -> float:
        """Seconds left (infinite for an iteration budget)."""
        if self.budget.seconds is None:
            return float("inf")
        return self.budget.seconds - (time.monotonic() - self.started)


def time_budget(
    budget_ms: int | None,
    bank_ms: int | None,
    *,
    cap_ms: int | None = None,
    bank_share: float = BANK_SHARE,
) -> Budget:
    """The seconds one decision may think under the referee's clock: its budget plus a share
    of the bank, at most `cap_ms` (a bot's own setting), less the safety margin."""
    if budget_ms is None:
        seconds = UNLIMITED_S if cap_ms is None else cap_ms / 1000.0
        return Budget(seconds=seconds)
    allowed = budget_ms + bank_share * (bank_ms or 0)
    if cap_ms is not None:
        allowed = min(allowed, cap_ms)
    seconds = allowed / 1000.0
    seconds -= max(MIN_SAFETY_S, SAFETY * seconds)
    return Budget(seconds=max(0.001, seconds))


def iteration_budget(iterations: int) -> Budget:
    """A fixed amount of work: the same answers on any machine, for reproducible strength."""
    if iterations < 1:
        raise ValueError("a search needs at least one iteration")
    return Budget(iterations=iterations)


__all__ = ["Budget", "Deadline", "iteration_budget", "time_budget"]
