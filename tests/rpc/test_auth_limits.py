"""The credential back-off (arena/rpc/server/auth_limits.py): every wrong credential's answer
waits, those past the bound of waiting failures too (the longest back-off, then
RESOURCE_EXHAUSTED): any answer but a welcome tells a guesser the token was wrong, so none may
come sooner. The waits are recorded, not timed."""

from __future__ import annotations

import asyncio

import pytest

from arena.errors import TooManyFailuresError
from arena.rpc.server.auth_limits import MAX_PENDING, FailureLimiter, bot_key


class HeldSleeps:
    """A sleep that records how long each answer would wait, and holds it until released."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.release = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        await self.release.wait()


def test_failures_past_the_bound_wait_the_longest_back_off_before_their_refusal() -> None:
    async def scenario() -> tuple[list[float], list[BaseException | None]]:
        sleeps = HeldSleeps()
        limiter = FailureLimiter(first_s=0.05, max_s=2.0, sleep=sleeps)
        guesses = [asyncio.ensure_future(limiter.failed(bot_key("x"))) for _ in range(10)]
        while len(sleeps.waits) < 10:  # every answer is waiting: none was given at once
            await asyncio.sleep(0)
        assert not any(g.done() for g in guesses)
        sleeps.release.set()
        results = await asyncio.gather(*guesses, return_exceptions=True)
        return sleeps.waits, [r if isinstance(r, BaseException) else None for r in results]

    waits, results = asyncio.run(scenario())
    backed_off = [0.05 * 2**i for i in range(MAX_PENDING)]  # 0.05, 0.1, 0.2, 0.4
    assert waits == [*backed_off, *[2.0] * (10 - MAX_PENDING)]
    assert results[:MAX_PENDING] == [None] * MAX_PENDING  # answered UNAUTHENTICATED by callers
    assert all(isinstance(r, TooManyFailuresError) for r in results[MAX_PENDING:])


def test_a_right_credential_clears_its_names_failures_but_not_the_organizers() -> None:
    async def scenario() -> list[float]:
        sleeps = HeldSleeps()
        sleeps.release.set()
        limiter = FailureLimiter(first_s=0.05, max_s=2.0, sleep=sleeps)
        for key in (bot_key("y"), bot_key("y")):
            await limiter.failed(key)
        limiter.succeeded(bot_key("y"))
        await limiter.failed(bot_key("y"))  # a new run of failures: the first back-off again
        for _ in range(2):
            await limiter.failed("organizer")
        limiter.succeeded("organizer")  # the owner's right call helps no guesser
        await limiter.failed("organizer")
        return sleeps.waits

    assert asyncio.run(scenario()) == pytest.approx([0.05, 0.1, 0.05, 0.05, 0.1, 0.2])
