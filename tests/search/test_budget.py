"""A search bot's budget: its share of the referee's clock, kept short of it, or fixed work."""

from __future__ import annotations

import time

import pytest

from arena.core.players import DecisionRequest
from arena.search import budget as budget_module
from arena.search.budget import (
    CPU,
    HEADROOM,
    WALL,
    Budget,
    Deadline,
    decision_budget,
    headroom,
    iteration_budget,
    search_budget,
    time_budget,
    timer,
)


def test_a_decision_spends_its_budget_and_a_slice_of_the_bank_less_a_margin() -> None:
    budget = time_budget(1000, 10_000)  # 1 s + 5% of 10 s = 1.5 s, 10% kept back
    assert budget.seconds == pytest.approx(1.35)
    assert time_budget(1000, None).seconds == pytest.approx(0.9)
    assert time_budget(1000, 10_000, cap_ms=200).seconds == pytest.approx(0.18)
    assert time_budget(50, 0).seconds == pytest.approx(0.03)  # at least 20 ms kept back
    assert (
        time_budget(None, None).seconds == 1.0
        and time_budget(None, None, cap_ms=300).seconds == 0.3
    )


def test_an_iteration_budget_ignores_the_clock() -> None:
    deadline = iteration_budget(3).deadline()
    assert [deadline.spent(i) for i in range(5)] == [False, False, False, True, True]
    assert deadline.left_s() == float("inf")
    with pytest.raises(ValueError):
        iteration_budget(0)


def request(budget_ms: int | None, bank_ms: int | None = None) -> DecisionRequest:
    return DecisionRequest("m", 1, "azul", 0, {}, ("a", "b"), budget_ms, bank_ms)


def test_a_decision_budget_follows_the_factory_settings() -> None:
    assert decision_budget(request(1000, 10_000)) == time_budget(1000, 10_000)
    assert decision_budget(request(1000), budget_ms=200).seconds == pytest.approx(0.18)
    assert decision_budget(request(None), budget_ms=300).seconds == pytest.approx(0.3)
    # Fixed work replays exactly without a clock; under a clock, the clock still stops it.
    assert decision_budget(request(None), iterations=50) == Budget(iterations=50)
    clocked = decision_budget(request(1000), iterations=50)
    assert clocked.iterations == 50 and clocked.seconds == pytest.approx(0.9)


def test_a_deadline_of_work_and_time_stops_at_the_first() -> None:
    assert Budget(seconds=3600.0, iterations=2).deadline().spent(2)
    assert Budget(seconds=0.0, iterations=10**9).deadline().spent(0)
    assert not Budget(seconds=3600.0, iterations=5).deadline().spent(4)


def test_headroom_keeps_back_a_share_of_the_time_and_none_of_the_work() -> None:
    assert headroom(Budget(seconds=0.9, iterations=50)) == Budget(
        seconds=pytest.approx(0.765), iterations=50
    )
    assert headroom(Budget(seconds=1.0), share=0.5).seconds == pytest.approx(0.5)
    assert headroom(Budget(iterations=7)) == Budget(iterations=7)


def test_every_boss_searches_with_the_headroom_kept_back() -> None:
    """1 s a move, no bank: 0.9 s less the margin, then 15% of that kept back (0.765 s)."""
    request = DecisionRequest("m", 1, "azul", 0, {}, ("a", "b"), budget_ms=1000, bank_ms=0)
    assert search_budget(request) == headroom(decision_budget(request))
    assert search_budget(request).seconds == pytest.approx(0.9 * (1 - HEADROOM))
    fixed = search_budget(request, iterations=50)
    assert fixed.iterations == 50 and fixed.seconds == pytest.approx(0.9 * (1 - HEADROOM))


def test_a_deadline_counts_wall_time_or_the_process_cpu_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert timer(WALL) is time.monotonic and timer(CPU) is time.process_time
    assert Budget(seconds=1.0).deadline().now is time.monotonic  # the referee's clock: wall
    assert Budget(seconds=1.0).deadline(CPU).now is time.process_time
    monkeypatch.setattr(budget_module, "CLOCK", CPU)  # what bench_strength --cpu-time sets
    assert Budget(seconds=1.0).deadline().now is time.process_time
    assert Budget(seconds=1.0).deadline(WALL).now is time.monotonic
    with pytest.raises(ValueError, match="wall"):
        timer("sundial")


def test_a_deadline_spends_the_seconds_of_its_own_clock() -> None:
    """A clock that only moves when told: CPU time does not pass while the process waits."""
    ticks = [10.0]
    deadline = Deadline(Budget(seconds=0.5, iterations=100), 10.0, lambda: ticks[0])
    assert not deadline.spent(3) and deadline.left_s() == pytest.approx(0.5)
    ticks[0] = 10.3
    assert deadline.elapsed_s() == pytest.approx(0.3) and not deadline.spent(3)
    ticks[0] = 10.5
    assert deadline.spent(3) and deadline.left_s() == pytest.approx(0.0)
