"""`sources.run`, the one way a command runs its coroutine: the signals it is given stop the
work (KeyboardInterrupt, as Ctrl-C), and the handlers from before are back afterwards."""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

from arena.cli import sources


def test_the_result_comes_back_and_the_handlers_from_before_too() -> None:
    seen: list[int] = []
    before = signal.signal(signal.SIGHUP, lambda signum, _frame: seen.append(signum))
    try:
        mine = signal.getsignal(signal.SIGHUP)

        async def work() -> int:
            await asyncio.sleep(0)
            return 7

        assert sources.run(work(), (signal.SIGINT, signal.SIGHUP)) == 7
        assert signal.getsignal(signal.SIGHUP) is mine
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGHUP, before)


def test_a_signal_given_stops_the_work_as_a_ctrl_c_and_lets_it_wind_down() -> None:
    wound_down: list[str] = []

    async def work() -> None:
        asyncio.get_running_loop().call_later(0.05, os.kill, os.getpid(), signal.SIGHUP)
        try:
            await asyncio.sleep(60)
        finally:
            await asyncio.sleep(0.05)  # the work's own clean-up still runs
            wound_down.append("cleaned up")

    before = signal.getsignal(signal.SIGHUP)
    with pytest.raises(KeyboardInterrupt):
        sources.run(work(), (signal.SIGINT, signal.SIGHUP), stop_wait_s=None)
    assert wound_down == ["cleaned up"]
    assert signal.getsignal(signal.SIGHUP) is before
