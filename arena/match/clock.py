"""A match's clocks: the budget of each decision, the time bank, and the timers that hold them.

A decision may take its per-move budget plus what is left of its seat's bank (Kaggle-style
overage), plus the transport time a remote player measured (not charged); the referee
(`arena.match.referee`) asks and charges, this module says how long and rings when the time is up.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, TypeVar

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Clock:
    """Per-decision budget plus a time bank (Kaggle-style overage); None means unlimited."""

    per_move_ms: int | None = None
    bank_ms: int | None = None
    increment_ms: int | None = None  # added to the bank after every decision (Fischer)


def transport_of(player: object) -> float:
    """The player's transport time per decision (ms), not charged to its clock; 0 if none.

    Duck-typed: a remote player exposes `transport_ms` (its connection's last measured round
    trip); in-process players have no such attribute.
    """
    value = getattr(player, "transport_ms", 0.0)
    try:
        return max(0.0, float(value or 0.0))
    except (TypeError, ValueError):
        return 0.0


_RESOLUTION = time.get_clock_info("monotonic").resolution  # as asyncio's loop uses


class Alarm:
    """The time limit of a decision the match's own task awaits: one timer per match, not one
    per decision (a timer costs about as much as the rest of the referee's work on a fast
    decision).

    Each decision sets its deadline. The timer armed for an earlier decision usually rings
    first: it finds the current deadline not yet due and re-arms for it, so a match arms about
    one timer per time limit. A deadline earlier than the armed timer (a shrinking bank) arms
    a new one. When due, it cancels the task, which `wait` turns into TimeoutError unless the
    task was cancelled from outside as well (then the cancellation propagates).

    An alarm belongs to the task that makes it (the match's): only that task may `wait`.
    """

    def __init__(self) -> None:
        self._loop = asyncio.get_running_loop()
        owner = asyncio.current_task()
        assert owner is not None, "an Alarm is made inside the task that waits on it"
        self._owner: asyncio.Task[Any] = owner
        self._task: asyncio.Task[Any] | None = None  # the task waiting, while one waits
        self._deadline = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._rang = False

    async def wait(self, limit_s: float, awaitable: Awaitable[_T]) -> _T:
        """`awaitable`'s result, or TimeoutError once `limit_s` seconds have passed."""
        task = self._owner
        cancelling = task.cancelling()
        deadline = self._loop.time() + limit_s
        self._task, self._deadline, self._rang = task, deadline, False
        if self._timer is None or self._timer.when() > deadline:
            if self._timer is not None:
                self._timer.cancel()
            self._timer = self._loop.call_at(deadline, self._ring)
        try:
            return await awaitable
        except asyncio.CancelledError:
            if self._rang and task.uncancel() <= cancelling:
                raise TimeoutError from None
            raise
        finally:
            self._task = None

    def close(self) -> None:
        """Disarm (the match is over)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _ring(self) -> None:
        self._timer = None
        if self._task is None:  # nobody waits: the next decision arms a timer
            return
        if self._deadline <= self._loop.time() + _RESOLUTION:
            self._rang = True
            self._task.cancel()
        else:
            self._timer = self._loop.call_at(self._deadline, self._ring)


async def within(limit_s: float, awaitable: Awaitable[_T]) -> _T:
    """`awaitable`'s result, or TimeoutError once `limit_s` seconds have passed (a decision
    awaited in a task of its own).

    What `asyncio.timeout` does for this one case, at less cost: one timer that cancels the
    waiting task, turned into TimeoutError unless the task was cancelled from outside as well
    (then the cancellation propagates).
    """
    task = asyncio.current_task()
    assert task is not None
    cancelling = task.cancelling()
    expired = False

    def expire() -> None:
        nonlocal expired
        expired = True
        task.cancel()

    timer = asyncio.get_running_loop().call_later(limit_s, expire)
    try:
        return await awaitable
    except asyncio.CancelledError:
        if expired and task.uncancel() <= cancelling:
            raise TimeoutError from None
        raise
    finally:
        timer.cancel()


def starting_bank(clock: Clock) -> float | None:
    """A seat's time bank at the start (ms); None when the clock is unlimited."""
    if clock.per_move_ms is None:
        return None
    return float(clock.bank_ms or 0)


def decision_limit_s(
    clock: Clock, bank_ms: float | None, transport_ms: float = 0.0
) -> float | None:
    """A decision's time limit (s): the move's budget, the bank left and the transport time;
    None when the clock is unlimited."""
    if clock.per_move_ms is None:
        return None
    return (clock.per_move_ms + max(0.0, bank_ms or 0.0) + transport_ms) / 1000.0
