"""How long a search bot may think: its share of the referee's clock, or a fixed amount of work.

A search bot is anytime: it improves its answer until its budget runs out, then answers. The
budget of one decision is a time (the decision's own budget, plus a slice of the time bank,
less a safety margin for the answer's trip back) or, for reproducible strength, a number of
iterations that does not depend on the machine.

Seconds count wall time (`time.monotonic`), what a referee's clock measures. With `CLOCK` set to
`CPU` (bench/bench_strength.py `--cpu-time` sets it in every process that plays), they count
the CPU time of the deciding process (`time.process_time`): a search then does the same work
however loaded the machine is, so a benchmark under load measures strength, not the machine
(a process-wide setting, like the other constants a bench may `--set`; a referee's own clock
stays wall time, so only a bench that runs no referee should use it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from arena.core.players import DecisionRequest

SAFETY = 0.10  # the share of a decision's time kept back for answering and transport
MIN_SAFETY_S = 0.02  # at least this much kept back however short the budget
BANK_SHARE = 0.05  # the share of the time bank one decision may use on top of its budget
UNLIMITED_S = 1.0  # thinking time when the referee sets no clock at all
HEADROOM = 0.15  # the share of a search's time a boss keeps back on top of SAFETY
WALL = "wall"  # budgets in seconds of wall time (time.monotonic)
CPU = "cpu"  # budgets in seconds of this process's CPU time (time.process_time)
CLOCK = WALL  # which of the two a deadline started now counts


def timer(clock: str | None = None) -> Callable[[], float]:
    """The time source of `clock` (else of CLOCK): monotonic wall time or process CPU time."""
    chosen = CLOCK if clock is None else clock
    if chosen == WALL:
        return time.monotonic
    if chosen == CPU:
        return time.process_time
    raise ValueError(f"a budget's clock is {WALL!r} or {CPU!r}, not {chosen!r}")


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend: seconds of wall time, a number of iterations, or both
    (then whichever runs out first: fixed work that still never overruns the clock)."""

    seconds: float | None = None
    iterations: int | None = None

    def deadline(self, clock: str | None = None) -> Deadline:
        """A deadline starting now, counting `clock`'s seconds (else CLOCK's)."""
        now = timer(clock)
        return Deadline(self, now(), now)


@dataclass(frozen=True, slots=True)
class Deadline:
    """A budget that started: ask `spent(iterations)` after each unit of work."""

    budget: Budget
    started: float
    now: Callable[[], float] = field(default=time.monotonic, compare=False)

    def elapsed_s(self) -> float:
        """Seconds since the start, on the deadline's clock (wall or CPU time)."""
        return self.now() - self.started

    def spent(self, iterations: int) -> bool:
        """Whether the search must answer now, after this many iterations."""
        budget = self.budget
        if budget.iterations is not None and iterations >= budget.iterations:
            return True
        return budget.seconds is not None and self.elapsed_s() >= budget.seconds

    def left_s(self) -> float:
        """Seconds left (infinite for an iteration budget)."""
        if self.budget.seconds is None:
            return float("inf")
        return self.budget.seconds - self.elapsed_s()


def headroom(budget: Budget, share: float = HEADROOM) -> Budget:
    """The budget with `share` of its time kept back: on a loaded machine the process can lose
    the CPU for tens of milliseconds after the deadline, and a late answer forfeits."""
    seconds = None if budget.seconds is None else budget.seconds * (1 - share)
    return Budget(seconds, budget.iterations)


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


def decision_budget(
    request: DecisionRequest, *, budget_ms: int | None = None, iterations: int | None = None
) -> Budget:
    """The budget of one decision of a search bot made with the settings of the factory
    contract (arena/search/__init__.py): `iterations` is fixed work, stopped early only by a
    referee's clock (none in-process: the same answers on any machine); otherwise the time
    the referee's clock allows (its budget and a slice of its bank), at most `budget_ms`."""
    clock = time_budget(request.budget_ms, request.bank_ms, cap_ms=budget_ms)
    if iterations is None:
        return clock
    fixed = iteration_budget(iterations)
    if request.budget_ms is None and budget_ms is None:
        return fixed
    return Budget(seconds=clock.seconds, iterations=fixed.iterations)


def search_budget(
    request: DecisionRequest, *, budget_ms: int | None = None, iterations: int | None = None
) -> Budget:
    """What every boss searches with: `decision_budget` less the HEADROOM share of its time.

    One rule for all of them: under load the process can lose the CPU for a long while after
    its deadline (beside the test suite, a 1 s Azul tournament lost 15 of its first 41 matches
    on time while the Azul boss searched to 0.9 s, without this headroom)."""
    return headroom(decision_budget(request, budget_ms=budget_ms, iterations=iterations))


__all__ = [
    "CLOCK",
    "CPU",
    "WALL",
    "Budget",
    "Deadline",
    "decision_budget",
    "headroom",
    "iteration_budget",
    "search_budget",
    "time_budget",
    "timer",
]
