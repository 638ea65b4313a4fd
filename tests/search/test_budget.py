"""A search bot's budget: its share of the referee's clock, kept short of it, or fixed work."""

from __future__ import annotations

import pytest

from arena.search.budget import iteration_budget, time_budget


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
