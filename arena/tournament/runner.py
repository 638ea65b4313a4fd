"""Plays fixtures concurrently and hands each finished match to a sink at once.

The match runner is pluggable: any async callable fixture -> MatchRecord (in-process players,
bots behind the embedded gRPC referee, or a remote `arena serve`).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
from collections.abc import Awaitable, Callable, Iterable, Mapping
from typing import Protocol

from arena.core.values import MatchRecord
from arena.errors import FixtureFailedError, TournamentError
from arena.tournament.schedule import Fixture

MatchRunner = Callable[[Fixture], Awaitable[MatchRecord]]
"""Plays one fixture (its seats, seed and match id) and returns the record."""

MatchSink = Callable[[Fixture, MatchRecord], Awaitable[None] | None]
"""Receives each finished match as soon as it ends (stores it, updates a progress bar); may be
a coroutine function (a store write run off the event loop)."""


class FixtureGate(Protocol):
    """Holds back fixtures that cannot start yet (a bot away within its reconnect grace)."""

    def ready(self, fixture: Fixture) -> bool:
        """Whether the fixture may start now."""
        ...

    async def changed(self) -> None:
        """Return once some fixture may have become ready."""
        ...


async def run_fixtures(
    fixtures: Iterable[Fixture],
    play: MatchRunner,
    sink: MatchSink,
    *,
    concurrency: int = 1,
    gate: FixtureGate | None = None,
) -> list[int]:
    """Play the fixtures, at most `concurrency` at once, started in fixture order (the first
    ready one first, given a `gate`: the others go on while a fixture waits).

    The first failure of the runner or the sink cancels the matches in flight (they are not
    stored, so a resume plays them again) and is raised, but a FixtureFailedError only leaves its
    fixture unplayed. Returns the indexes of those fixtures.
    """
    if concurrency < 1:
        raise TournamentError("--concurrency must be at least 1")
    queue = list(fixtures)
    failed: list[int] = []

    def take() -> Fixture | None:
        for i, fixture in enumerate(queue):
            if gate is None or gate.ready(fixture):
                return queue.pop(i)
        return None

    async def worker() -> None:
        while queue:
            fixture = take()
            if fixture is None:
                assert gate is not None  # without a gate every fixture is ready
                await gate.changed()
                continue
            try:
                record = await play(fixture)
            except FixtureFailedError:
                failed.append(fixture.index)
                continue
            check_record(fixture, record)
            done = sink(fixture, record)
            if inspect.isawaitable(done):
                await done

    tasks = [asyncio.create_task(worker()) for _ in range(min(concurrency, len(queue)))]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
    return sorted(failed)


def check_record(fixture: Fixture, record: MatchRecord) -> None:
    """Refuse a record that does not belong to the fixture (wrong seats, seed or id)."""
    if tuple(record.players) != fixture.seats or record.seed != fixture.seed:
        raise TournamentError(
            f"match {record.match_id} does not play fixture {fixture.index}: seats "
            f"{list(record.players)} seed {record.seed}, expected {list(fixture.seats)} "
            f"seed {fixture.seed}"
        )
    if record.match_id != fixture.match_id:
        raise TournamentError(
            f"match id {record.match_id!r} for fixture {fixture.index}, expected "
            f"{fixture.match_id!r}"
        )


def limit_per_bot(play: MatchRunner, capacity: Mapping[str, int]) -> MatchRunner:
    """A runner that starts a match only when none of its bots is at capacity.

    A remote bot plays at most as many matches at once as its Hello allows; waiting here
    keeps queueing time off its clock. Bots not listed are unlimited. The bots of a fixture
    are acquired in name order, so two fixtures can never wait on each other.
    """
    slots = {name: asyncio.Semaphore(n) for name, n in capacity.items() if n > 0}

    async def limited(fixture: Fixture) -> MatchRecord:
        async with contextlib.AsyncExitStack() as stack:
            for name in sorted(set(fixture.seats)):
                if name in slots:
                    await stack.enter_async_context(slots[name])
            return await play(fixture)

    return limited
