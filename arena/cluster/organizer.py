"""The organizer side: the cluster as play_tournament's match runner, as in one process.

Fixtures go to warm workers (warm_pool.py: actors that keep a referee and the bots across
fixtures, the default) or, with `fresh`, one Ray task each (task_dispatch.py); ClusterRunner
sends each and awaits its Ray reference. play_tournament (arena/tournament/manage.py) does the
rest: the lease, the status, a round format's next round, storing (only this process writes the
database). A fixture that fails for good (out of retries, a node with another arena) stays
pending and the others go on. Ctrl-C or SIGTERM leaves the tournament `interrupted` and stops
what is still out (its workers are killed, and their bot processes with them).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.app.running import OnMatch, create_tournament, play_tournament
from arena.cluster.connect import ClusterSettings, joined, largest_node_cpus
from arena.cluster.crash_ledger import CrashLedger
from arena.cluster.dispatch import Dispatcher
from arena.cluster.fingerprint import local_fingerprint
from arena.cluster.fixture_task import FixtureJob, FixtureResult
from arena.cluster.task_dispatch import TaskDispatcher
from arena.core.values import MatchRecord
from arena.errors import ConfigError, FixtureFailedError
from arena.store import Store, StoredTournament
from arena.tournament.crashes import DEFAULT_MAX_CRASHES, Warn
from arena.tournament.formats import planned_matches
from arena.tournament.logs import tournament_log_dir
from arena.tournament.schedule import Fixture, TournamentSpec

OnCreated = Callable[[StoredTournament], None]


@dataclass(frozen=True, slots=True)
class ClusterRun:
    """One organizer's run of a tournament on a cluster."""

    store: Store
    settings: ClusterSettings
    log_root: Path | None = None  # where the bots' output is appended (None: not kept)
    on_match: OnMatch | None = None
    warn: Warn = lambda _text: None
    max_crashes: int = DEFAULT_MAX_CRASHES  # warm workers: crashes before a bot is withdrawn
    forfeit_absent: bool = False  # warm workers: a bot that never says Hello forfeits
    owner: str | None = None  # who owns a tournament this run creates (arena/app/owners.py)


def run_on_cluster(
    run: ClusterRun,
    tournament: StoredTournament | TournamentSpec,
    on_created: OnCreated | None = None,
    *,
    run_loop: Callable[[Coroutine[Any, Any, StoredTournament]], StoredTournament] = asyncio.run,
) -> StoredTournament:
    """Play a stored tournament's pending fixtures on the cluster, or create one first (once
    a node has started each of its process bots). Joining, the bot check and stopping block,
    outside the event loop; `run_loop` runs the play (the CLI's stops it on Ctrl-C)."""
    with joined(run.settings.target) as (ray, owned):
        if isinstance(tournament, TournamentSpec):
            spec, left, resume = tournament, planned_matches(tournament), False
        else:
            spec, resume = tournament.spec, True
            left = max(tournament.fixtures, planned_matches(spec)) - tournament.played
        dispatcher = _dispatcher(ray, run, spec, left, owned=owned, resume=resume)
        interrupted = True
        try:
            if isinstance(tournament, TournamentSpec):
                dispatcher.check()  # every bot says Hello first
                tournament = create_tournament(run.store, spec, owner=run.owner)
            if on_created is not None:
                on_created(tournament)
            tid, on_match = tournament.id, run.on_match
            runner = ClusterRunner(dispatcher, run, tid)
            # A fixture queued behind each worker: a freed worker plays on while we store.
            most = max(1, 2 * dispatcher.most)
            finished = run_loop(
                play_tournament(run.store, tid, runner.play, concurrency=most, on_match=on_match)
            )
            interrupted = False
        finally:
            dispatcher.stop(interrupted=interrupted)
        return finished


def _dispatcher(
    ray: Any, run: ClusterRun, spec: TournamentSpec, left: int, *, owned: bool, resume: bool
) -> Dispatcher:
    """Warm workers, or a task per fixture (`fresh`); ConfigError if no node fits a fixture."""
    settings, job = run.settings, functools.partial(_job, spec)
    cpus = spec.table_size * settings.cpus_per_bot
    largest = largest_node_cpus(ray)
    if cpus > largest:
        raise ConfigError(
            f"a fixture asks for {cpus:g} CPUs ({spec.table_size} bots x --cpus-per-bot "
            f"{settings.cpus_per_bot:g}) but the largest node of the cluster has {largest:g}"
        )
    if settings.fresh:
        return TaskDispatcher(ray, settings, spec, job, owned=owned)
    from arena.cluster.warm_pool import WarmPool

    absent = run.forfeit_absent or resume  # a resume never refuses, as in one process
    ledger = CrashLedger(run.max_crashes)
    return WarmPool(
        ray, settings, spec, job, fixtures=left, ledger=ledger, forfeit_absent=absent, warn=run.warn
    )


def _job(spec: TournamentSpec, fixture: Fixture | None) -> FixtureJob:
    return FixtureJob(spec, fixture, local_fingerprint(), os.getcwd())


class ClusterRunner:
    """A MatchRunner over a dispatcher: a fixture waits for room, is sent, its reference is
    awaited; a worker lost is retried, a fixture failed for good raises FixtureFailedError."""

    def __init__(self, dispatcher: Dispatcher, run: ClusterRun, tid: int) -> None:
        self.dispatcher, self.run, self.tid = dispatcher, run, tid
        self.out = 0  # fixtures sent, not settled
        self.moved = asyncio.Event()  # set when a worker may have become free
        self.watched: set[Any] = set()  # the starting workers waited for

    async def play(self, fixture: Fixture) -> MatchRecord:
        """Play the fixture on the cluster (again while the dispatcher says so)."""
        while True:
            while self.dispatcher.room(self.out) <= 0:
                starting = self.dispatcher.wake_refs()
                if not self.out and not starting:
                    raise FixtureFailedError("no worker left on the cluster")
                for ref in set(starting) - self.watched:
                    self.watched.add(ref)
                    _when_ready(ref, functools.partial(self._woke, ref))
                self.moved.clear()
                await self.moved.wait()
            ref = self.dispatcher.send(fixture)
            self.out += 1
            ready = asyncio.Event()
            _when_ready(ref, ready.set)
            await ready.wait()
            self.out -= 1
            settled = self.dispatcher.settle(ref, fixture)
            self.moved.set()
            if settled.result is not None:
                assert settled.result.record is not None
                _keep_logs(self.run.log_root, self.tid, settled.result)
                return MatchRecord.from_dict(settled.result.record)
            if not settled.retry:
                self.run.warn(
                    f"fixture {fixture.index} ({fixture.match_id}) left pending: {settled.why}"
                )
                raise FixtureFailedError(settled.why)

    def _woke(self, ref: Any) -> None:
        self.dispatcher.woke(ref)
        self.moved.set()


def _when_ready(ref: Any, then: Callable[[], None]) -> None:
    """Call `then` on this event loop once the Ray reference is ready (failed or not); Ray's
    future is never cancelled (Ray would then fail to set it, in its own thread)."""
    loop = asyncio.get_running_loop()

    def ready(_future: Any) -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: the run is over
            loop.call_soon_threadsafe(then)

    ref.future().add_done_callback(ready)


def _keep_logs(root: Path | None, tid: int, result: FixtureResult) -> None:
    """Append what each bot printed on its node to the organizer's logs of the tournament."""
    if root is None or not result.logs:
        return
    folder = tournament_log_dir(root, tid)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in result.logs.items():
        with (folder / f"{name}.log").open("a", encoding="utf-8") as log:
            log.write(f"==> on node {result.node}\n{text}")
