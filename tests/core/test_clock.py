"""arena.match.clock: how long a decision may take, and the timers that end it when it takes
longer."""

from __future__ import annotations

import asyncio

import pytest

from arena.match.clock import Alarm, Clock, decision_limit_s, starting_bank, transport_of, within


def test_an_unlimited_clock_gives_no_bank_and_no_limit() -> None:
    assert starting_bank(Clock()) is None
    assert decision_limit_s(Clock(), None) is None


def test_a_decision_may_take_its_budget_plus_the_bank_left_plus_transport() -> None:
    clock = Clock(per_move_ms=200, bank_ms=1000)
    assert starting_bank(clock) == 1000.0
    assert starting_bank(Clock(per_move_ms=200)) == 0.0  # no bank given: none
    assert decision_limit_s(clock, 300.0) == pytest.approx(0.5)
    assert decision_limit_s(clock, -50.0, transport_ms=10.0) == pytest.approx(0.21)  # overdrawn


class _Remote:
    def __init__(self, transport_ms: object) -> None:
        self.transport_ms = transport_ms


def test_transport_time_is_read_from_a_remote_player_and_never_negative() -> None:
    assert transport_of(object()) == 0.0
    assert transport_of(_Remote(12.5)) == 12.5
    assert transport_of(_Remote(-3)) == 0.0
    assert transport_of(_Remote("nonsense")) == 0.0


def test_within_returns_the_answer_or_times_out() -> None:
    async def main() -> None:
        assert await within(5.0, asyncio.sleep(0, result="e2e4")) == "e2e4"
        with pytest.raises(TimeoutError):
            await within(0.01, asyncio.sleep(30))

    asyncio.run(main())


def test_the_match_alarm_rings_at_each_decisions_own_deadline():
    """One timer per match (re-armed when it rings early, replaced when a deadline comes
    sooner) times every decision out at its own limit, never before; a cancellation from
    outside stays a cancellation."""

    async def quick():
        return 1

    async def scenario():
        loop = asyncio.get_running_loop()
        alarm = Alarm()

        async def hang(limit_s):
            started = loop.time()
            with pytest.raises(TimeoutError):
                await alarm.wait(limit_s, asyncio.sleep(30))
            return loop.time() - started

        assert await alarm.wait(5.0, quick()) == 1  # arms a timer 5 s out
        assert 0.05 <= await hang(0.05) < 2.0  # a sooner deadline gets a timer of its own
        for _ in range(100):  # quick decisions: the timer armed by the first one stays
            assert await alarm.wait(0.2, quick()) == 1
        await asyncio.sleep(0.1)  # that timer is now due before the next decision's deadline
        assert 0.2 <= await hang(0.2) < 2.0  # it rings early, re-arms, rings on time
        waiting = asyncio.create_task(alarm.wait(5.0, asyncio.sleep(30)))
        await asyncio.sleep(0.01)
        waiting.cancel()
        with pytest.raises(asyncio.CancelledError):
            await waiting
        alarm.close()
        assert alarm._timer is None

    asyncio.run(scenario())
