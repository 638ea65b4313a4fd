"""Where the SDK runs policies: on the loop once proven fast, on threads when slow; a slow
policy never costs the bot its pings or a prompt shutdown."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from arena.core.players import DecisionRequest
from arena.core.registry import get_game
from arena.match import policy_runner
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPool, PolicyRunner
from arena.match.referee import play_match
from arena.rpc.embedded import EmbeddedReferee
from arena.rpc.server.sessions import SessionSettings
from arena.rpc.server.state import ServerConfig

ROOT = Path(__file__).resolve().parents[2]
FAULT_BOT = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'fault_bot.py'}"
REQUEST = DecisionRequest("m", 1, "lucky_numbers", 0, {}, ("draw",))


async def stopped(pid: int | None) -> None:
    """SIGTERM the bot process and wait until it is gone."""
    assert pid is not None
    os.kill(pid, signal.SIGTERM)
    while Path(f"/proc/{pid}").exists() and "zombie" not in _state(pid):
        await asyncio.sleep(0.02)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0].lower()
    except (OSError, IndexError):
        return "zombie"


class ScriptedTime:
    """A clock that moves only when a scripted policy "thinks": each decision takes the next of
    `delays` seconds, whatever the machine's load (the runner times policies by this clock)."""

    def __init__(self, delays: list[float]) -> None:
        self.now = 0.0
        self.delays = delays

    def perf_counter(self) -> float:
        return self.now

    def monotonic(self) -> float:
        return self.now

    def policy(self, request: DecisionRequest) -> int:
        self.now += self.delays.pop(0)
        return 0


class ScriptedPool:
    """A pool that runs the policy at once and reports the scripted time it took."""

    def __init__(self, clock: ScriptedTime) -> None:
        self.clock = clock

    async def run(self, policy: Any, request: DecisionRequest) -> tuple[Any, float]:
        before = self.clock.now
        reply = policy(request)
        return reply, self.clock.now - before


def scripted_runner(delays: list[float], monkeypatch: pytest.MonkeyPatch) -> PolicyRunner:
    clock = ScriptedTime(delays)
    monkeypatch.setattr(policy_runner, "time", clock)
    return PolicyRunner(clock.policy, ScriptedPool(clock))  # type: ignore[arg-type]


def test_a_fast_policy_moves_to_the_loop_and_a_slow_decision_sends_it_back_for_good(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A slow first decision (imports, caches) is a warm-up, not a verdict.
    warmup, calibration = PolicyRunner.WARMUP, PolicyRunner.CALIBRATION
    delays = [0.02] + [0.0001] * (warmup - 1 + calibration) + [0.0001, 0.0001, 0.02, 0.0001]
    runner = scripted_runner(delays, monkeypatch)

    async def scenario() -> list[bool]:
        where = []
        for _ in range(warmup + calibration + 4):
            where.append(runner.inline)
            assert await runner.run(REQUEST) == 0
        where.append(runner.inline)
        return where

    where = asyncio.run(scenario())
    timed = warmup + calibration
    assert where[:timed] == [False] * timed  # timed on threads first
    assert where[timed : timed + 3] == [True, True, True]  # proven fast
    assert where[timed + 3 :] == [False, False]  # one 20 ms decision: threads for good


def test_a_policy_slow_during_calibration_stays_on_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    delays = [0.0001] * (PolicyRunner.WARMUP + 5) + [0.01] + [0.0001] * 40
    runner = scripted_runner(delays, monkeypatch)

    async def scenario() -> bool:
        for _ in range(len(delays)):
            await runner.run(REQUEST)
        return runner.inline

    assert asyncio.run(scenario()) is False


def test_the_pool_times_a_policy_on_its_thread() -> None:
    """The real pool: a 30 ms policy is measured as at least 30 ms (its own time, on the
    thread), and its reply comes back."""

    def policy(request: DecisionRequest) -> int:
        time.sleep(0.03)
        return 1

    async def scenario() -> tuple[Any, float]:
        return await PolicyPool(1).run(policy, REQUEST)

    reply, seconds = asyncio.run(scenario())
    assert reply == 1 and seconds >= 0.03


def test_a_slow_policy_never_misses_a_ping_nor_a_shutdown() -> None:
    """Every decision sleeps 2 s; the server drops bots silent for 3 pings of 0.1 s."""
    game = get_game("lucky_numbers")
    strict = ServerConfig(sessions=SessionSettings(ping_interval_s=0.1, missed_pings=3))

    async def scenario() -> tuple[str, float]:
        async with EmbeddedReferee(config=strict) as referee:
            await referee.launch("slow", f"{FAULT_BOT} sleepy --after 0 --sleep-ms 2000")
            await referee.launch("quick", f"{FAULT_BOT} sleepy --after 100000")
            session = referee.state.registry.get("slow")
            players = [referee.player("slow"), referee.player("quick")]
            match = asyncio.ensure_future(
                play_match(game, game.options_type(), 1, players, clock=Clock(60_000))
            )
            await asyncio.sleep(4.5)  # two decisions thought through, pings answered meanwhile
            still = "connected" if not session.closed else session.close_reason
            started = time.monotonic()
            await stopped(referee.pid("slow"))
            match.cancel()
            return still, time.monotonic() - started

    still, stopped_after = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert still == "connected"
    assert stopped_after < 1.5  # not after the 2 s decision it was in


def test_a_stop_signal_interrupts_a_policy_that_holds_the_loop(tmp_path) -> None:
    """Fast for 30 decisions (so it runs on the loop), then one 30 s decision: SIGTERM ends
    the bot at once all the same."""
    game = get_game("lucky_numbers")

    async def scenario() -> float:
        async with EmbeddedReferee() as referee:
            await referee.launch("fickle", f"{FAULT_BOT} sleepy --after 30 --sleep-ms 30000")
            await referee.launch("quick", f"{FAULT_BOT} sleepy --after 100000")
            players = [referee.player("fickle"), referee.player("quick")]
            match = asyncio.ensure_future(
                play_match(game, game.options_type(), 2, players, clock=Clock(60_000))
            )
            await asyncio.sleep(2.0)  # well into the long decision
            started = time.monotonic()
            await stopped(referee.pid("fickle"))
            match.cancel()
            return time.monotonic() - started

    stopped_after = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert stopped_after < 2.0
