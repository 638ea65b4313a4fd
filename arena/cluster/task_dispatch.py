"""Fresh mode (`--fresh-bots`): each fixture is one Ray task with its own referee and bots.

A lost worker or node is retried by Ray (`max_retries`), and so is a bot that failed to start
there; the task that checks the bots before a tournament is stored is not retried (a bot that
cannot start is a mistake to fix, not a fault).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from arena.cluster.connect import ClusterSettings
from arena.cluster.dispatch import Settled
from arena.cluster.fixture_task import FixtureJob, FixtureResult, play_fixture, process_bots
from arena.errors import BotError, ClusterMismatchError
from arena.tournament.schedule import Fixture, TournamentSpec

MAX_IN_FLIGHT = 1000  # tasks submitted ahead of results: enough to fill any cluster's CPUs

MakeJob = Callable[[Fixture | None], FixtureJob]


class TaskDispatcher:
    """One Ray task per fixture."""

    most = MAX_IN_FLIGHT

    def __init__(
        self,
        ray: Any,
        settings: ClusterSettings,
        spec: TournamentSpec,
        job: MakeJob,
        *,
        owned: bool,
    ) -> None:
        self.ray, self.spec, self.job, self.owned = ray, spec, job, owned
        remote = ray.remote(play_fixture)
        cpus = spec.table_size * settings.cpus_per_bot
        self.task = remote.options(
            num_cpus=cpus, max_retries=settings.max_retries, retry_exceptions=[BotError]
        )
        self.checker = remote.options(num_cpus=cpus, max_retries=0, retry_exceptions=False)
        self.out: set[Any] = set()

    def check(self) -> None:
        """Every process bot says Hello on a node before the tournament is stored."""
        if process_bots(self.spec, tuple(b.name for b in self.spec.bots)):
            get_result(self.ray, self.checker.remote(self.job(None)))

    def room(self, out: int) -> int:
        """Tasks wait in Ray's queue: up to MAX_IN_FLIGHT out at once."""
        return MAX_IN_FLIGHT - out

    def send(self, fixture: Fixture) -> Any:
        """Submit the fixture's task."""
        ref = self.task.remote(self.job(fixture))
        self.out.add(ref)
        return ref

    def wake_refs(self) -> list[Any]:
        """Nothing but the tasks."""
        return []

    def woke(self, ref: Any) -> None:
        """Never called: no other references."""

    def settle(self, ref: Any, fixture: Fixture) -> Settled:
        """The task's result, or why it failed for good (Ray retried it already)."""
        self.out.discard(ref)
        try:
            return Settled(get_result(self.ray, ref))
        except (BotError, ClusterMismatchError) as exc:
            return Settled(why=str(exc).splitlines()[0][:300])
        except self.ray.exceptions.RayError as exc:
            return Settled(why=f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:300]}")

    def stop(self, *, interrupted: bool) -> None:
        """On an interrupt over a shared connection, cancel the tasks still out.

        On a connection of our own, leaving ends the job and Ray kills its tasks. Cancelling
        them here as well can race a task's completion and abort this process inside Ray
        ("Tried to complete task that was not pending", seen with Ray 2.60), so only a shared
        connection, which stays up, has its tasks cancelled."""
        if interrupted and not self.owned:
            for ref in self.out:  # force: the worker dies, and its bot processes with it
                with contextlib.suppress(Exception):
                    self.ray.cancel(ref, force=True)


def get_result(ray: Any, ref: Any) -> FixtureResult:
    """The result of a task or actor call, its own error re-raised as such (BotError, a
    mismatch)."""
    try:
        result: FixtureResult = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, BotError | ClusterMismatchError):
            raise exc.cause from None
        raise
    return result
