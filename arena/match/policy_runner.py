"""Where a policy runs: daemon worker threads, or the event loop once it proved fast.

The SDK runs a bot's policy through it, and so does an in-process player (a built-in bot in a
one-process tournament or `arena play`): a policy that thinks for a second on the loop would
hold every other seat's reply, and its clock, for that second.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import threading
import time

from arena.core.players import THINKING, DecisionRequest, MatchInfo, Policy, Reply
from arena.core.values import MatchRecord

log = logging.getLogger("arena.bot")

Timed = tuple[Reply, float]
"""A policy's reply and the seconds the policy took."""


class PolicyPool:
    """Daemon threads that run policies: a policy that never returns cannot block shutdown.

    (concurrent.futures joins its non-daemon workers at exit, so SIGTERM would wait on it.)
    """

    def __init__(self, workers: int) -> None:
        self._jobs: queue.SimpleQueue[tuple[Policy, DecisionRequest, asyncio.Future[Timed]] | None]
        self._jobs = queue.SimpleQueue()
        self._threads = [
            threading.Thread(target=self._work, name=f"policy-{i}", daemon=True)
            for i in range(workers)
        ]
        for thread in self._threads:
            thread.start()

    def run(self, policy: Policy, request: DecisionRequest) -> asyncio.Future[Timed]:
        """Run `policy(request)` on a worker; the future settles on the calling loop with the
        reply and the seconds the policy itself took (not the hand-off)."""
        future: asyncio.Future[Timed] = asyncio.get_running_loop().create_future()
        self._jobs.put((policy, request, future))
        return future

    def close(self) -> None:
        """Let idle workers end; a busy one is abandoned (it is a daemon)."""
        for _ in self._threads:
            self._jobs.put(None)

    def _work(self) -> None:
        while (job := self._jobs.get()) is not None:
            policy, request, future = job
            started = time.perf_counter()
            timed: Timed | None = None
            error: BaseException | None = None
            try:
                timed = (policy(request), time.perf_counter() - started)
            except Exception as exc:  # handed to the loop, reported as Decision.error
                error = exc
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
                future.get_loop().call_soon_threadsafe(_settle, future, timed, error)


def _settle(
    future: asyncio.Future[Timed], result: Timed | None, error: BaseException | None
) -> None:
    if future.done():  # cancelled: the connection or the bot stopped meanwhile
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)  # type: ignore[arg-type]


SHARED_WORKERS = 32  # threads of the pool in-process players share: slow seats at once
_shared: tuple[int, PolicyPool] | None = None  # (the process that made it, the pool)


def shared_pool() -> PolicyPool:
    """The pool this process's in-process players share (made again in a forked child, where
    the parent's threads do not exist)."""
    global _shared
    if _shared is None or _shared[0] != os.getpid():
        _shared = (os.getpid(), PolicyPool(SHARED_WORKERS))
    return _shared[1]


class PolicyInterrupted(BaseException):
    """A stop signal arrived while a policy ran on the event loop: the bot stops now."""


_inline_calls = 0  # policies running on the loop right now (the signal handler reads it)


def interrupt_inline_policy() -> None:
    """From a signal handler: stop a policy that holds the event loop, if one does."""
    if _inline_calls:
        raise PolicyInterrupted


class PolicyRunner:
    """Runs the policy on the event loop while it is fast, else on the worker threads.

    Handing a decision to a thread and back costs more than a fast policy itself. Decisions
    run on threads first and the policy's own time is measured there (not the hand-off, which
    a busy machine stretches); after WARMUP decisions (imports, caches), if the next
    CALIBRATION each took under FAST_S, later ones run on the loop, each still timed: one that
    takes over SLOW_S sends every later decision back to the threads for good. A slow policy
    thus holds the loop at most once, for one decision; even then a stop signal interrupts it
    (`interrupt_inline_policy`), and the server judges liveness by HTTP/2 keepalive, which gRPC
    answers off the loop. `mode` "threads" or "inline" fixes the choice.
    """

    WARMUP = 2
    CALIBRATION = 20
    FAST_S = 0.002
    SLOW_S = 0.005

    def __init__(self, policy: Policy, pool: PolicyPool, mode: str = "auto") -> None:
        self.policy = policy
        self.pool = pool
        self.mode = mode
        self.inline = mode == "inline"
        self._timed = 0
        self._slowest = 0.0
        self.last_inline_end = 0.0  # monotonic time the last policy on the loop returned

    async def run(self, request: DecisionRequest) -> Reply:
        """The policy's reply (its exception if it raised)."""
        global _inline_calls
        started = time.perf_counter()
        if self.inline:
            _inline_calls += 1
            try:
                return self.policy(request)
            finally:
                _inline_calls -= 1
                self.last_inline_end = time.monotonic()
                self._observe(time.perf_counter() - started)
        reply, seconds = await self.pool.run(self.policy, request)
        self._observe(seconds)
        return reply

    def _observe(self, seconds: float) -> None:
        if self.mode != "auto":
            return
        if self.inline:
            if seconds > self.SLOW_S:
                self.inline, self.mode = False, "threads"
                log.info("policy took %.1f ms: running it on threads from now on", seconds * 1e3)
            return
        self._timed += 1
        if self._timed <= self.WARMUP:
            return
        self._slowest = max(self._slowest, seconds)
        if self._timed == self.WARMUP + self.CALIBRATION and self._slowest < self.FAST_S:
            self.inline = True
            log.debug(
                "policy is fast (%.2f ms at most): running it on the loop", self._slowest * 1e3
            )


class PolicyPlayer:
    """An in-process player driven by a synchronous policy function.

    A policy marked `thinking` (a search that uses its time budget: the bosses) runs on a worker
    thread (arena/match/policy_runner.py), so the other seats of the match and the other matches of
    the process are answered, and timed, while it thinks. Any other runs on the event loop, in
    seat order: simultaneous decisions then reach the referee, and the record, in that order.
    """

    def __init__(self, name: str, policy: Policy) -> None:
        self.name = name
        self.policy = policy
        thinks = getattr(policy, THINKING, False)
        self._runner = PolicyRunner(policy, shared_pool(), "threads") if thinks else None

    async def start(self, info: MatchInfo) -> None:
        """Nothing to prepare."""

    async def decide(self, request: DecisionRequest) -> Reply:
        """Ask the policy; yield to the loop first so simultaneous seats interleave fairly."""
        await asyncio.sleep(0)
        if self._runner is not None:
            return await self._runner.run(request)
        return self.policy(request)

    async def finish(self, record: MatchRecord) -> None:
        """Nothing to clean up."""
