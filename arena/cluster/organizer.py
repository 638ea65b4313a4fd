"""The organizer side: send each pending fixture to the cluster, store results as they come.

Fixtures go to warm workers (warm_pool.py: actors that keep a referee and the bots across
fixtures, the default) or, with `fresh`, one Ray task each (task_dispatch.py). Only this
process writes to the database. It holds the tournament's lease (the same lease as a
one-process run: arena/tournament/lease.py) and renews it while it waits. A fixture that fails
for good (out of retries, a node with another arena) stays pending and is reported at the end;
the others go on. Ctrl-C or SIGTERM leaves the tournament `interrupted` and stops what is still
out (its workers are killed, and their bot processes with them).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arena.cluster.connect import ClusterSettings, joined, largest_node_cpus
from arena.cluster.crash_ledger import CrashLedger
from arena.cluster.dispatch import Dispatcher
from arena.cluster.fingerprint import local_fingerprint
from arena.cluster.fixture_task import FixtureJob, FixtureResult
from arena.cluster.task_dispatch import TaskDispatcher
from arena.core import MatchRecord
from arena.errors import ConfigError, FixturesLeftError, TournamentError
from arena.store import Store, StoredTournament
from arena.tournament.crashes import DEFAULT_MAX_CRASHES
from arena.tournament.formats import planned_matches
from arena.tournament.lease import HEARTBEAT_S, runner_id
from arena.tournament.logs import tournament_log_dir
from arena.tournament.manage import create_tournament, left_to_play
from arena.tournament.runner import check_record
from arena.tournament.schedule import Fixture, Status, TournamentSpec

OnMatch = Callable[[Fixture, MatchRecord], None]
OnCreated = Callable[[StoredTournament], None]
Warn = Callable[[str], None]


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
) -> StoredTournament:
    """Play a stored tournament's pending fixtures on the cluster, or create one first (once
    a node has started each of its process bots)."""
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
            finished = _play(ray, dispatcher, run, tournament)
            interrupted = False
        finally:
            dispatcher.stop(interrupted=interrupted)
        return finished


def _dispatcher(
    ray: Any, run: ClusterRun, spec: TournamentSpec, left: int, *, owned: bool, resume: bool
) -> Dispatcher:
    """Warm workers, or a task per fixture (`fresh`); ConfigError if no node fits a fixture."""
    settings = run.settings
    cpus = spec.table_size * settings.cpus_per_bot
    largest = largest_node_cpus(ray)
    if cpus > largest:
        raise ConfigError(
            f"a fixture asks for {cpus:g} CPUs ({spec.table_size} bots x --cpus-per-bot "
            f"{settings.cpus_per_bot:g}) but the largest node of the cluster has {largest:g}"
        )
    if settings.fresh:
        return TaskDispatcher(ray, settings, spec, _job_of(spec), owned=owned)
    from arena.cluster.warm_pool import WarmPool

    return WarmPool(
        ray,
        settings,
        spec,
        _job_of(spec),
        fixtures=left,
        ledger=CrashLedger(run.max_crashes),
        forfeit_absent=run.forfeit_absent or resume,  # a resume never refuses, as in one process
        warn=run.warn,
    )


def _job_of(spec: TournamentSpec) -> Callable[[Fixture | None], FixtureJob]:
    def job(fixture: Fixture | None) -> FixtureJob:
        return FixtureJob(spec, fixture, local_fingerprint(), os.getcwd())

    return job


def _play(
    ray: Any, dispatcher: Dispatcher, run: ClusterRun, tournament: StoredTournament
) -> StoredTournament:
    store, tid = run.store, tournament.id
    if tournament.status is Status.FINISHED and tournament.played == tournament.fixtures:
        return tournament
    runner = runner_id()
    store.claim_runner(tid, runner)  # one runner at a time, as without a cluster
    spec = tournament.spec
    waiting: deque[Fixture] = deque(left_to_play(store, tid, spec))
    out: dict[Any, Fixture] = {}
    failed: dict[int, str] = {}
    beaten = time.monotonic()
    try:
        store.set_status(tid, Status.RUNNING)
        while True:
            if not waiting and not out:  # a round format plans its next round now
                if failed:  # those stay pending: planning again would hand them out again
                    break
                waiting.extend(left_to_play(store, tid, spec))
                if not waiting:
                    break
            while waiting and dispatcher.room(len(out)) > 0:
                fixture = waiting.popleft()
                out[dispatcher.send(fixture)] = fixture
            refs = [*out, *dispatcher.wake_refs()]
            if not refs:  # nowhere left to play: every worker lost, none can replace them
                for fixture in waiting:
                    failed[fixture.index] = "no worker left on the cluster"
                waiting.clear()
                continue
            played: list[tuple[FixtureResult, Fixture]] = []
            for ref in _ready(ray, refs):
                if ref not in out:
                    dispatcher.woke(ref)
                    continue
                fixture = out.pop(ref)
                settled = dispatcher.settle(ref, fixture)
                if settled.retry:
                    waiting.appendleft(fixture)
                elif settled.result is None:
                    failed[fixture.index] = settled.why
                    run.warn(
                        f"fixture {fixture.index} ({fixture.match_id}) left pending: {settled.why}"
                    )
                else:
                    played.append((settled.result, fixture))
            while waiting and played and dispatcher.room(len(out)) > 0:
                fixture = waiting.popleft()  # the freed workers play on while we store
                out[dispatcher.send(fixture)] = fixture
            for result, fixture in played:
                _store_result(result, fixture, run, tid)
            if time.monotonic() - beaten >= HEARTBEAT_S:
                with contextlib.suppress(TournamentError, OSError):
                    store.heartbeat(tid, runner)
                beaten = time.monotonic()
    except BaseException:
        store.set_status(tid, Status.INTERRUPTED)  # first: true whatever happens below
        raise
    else:  # before the lease goes: running without a runner would read as abandoned
        if failed or store.pending_fixtures(tid):
            store.set_status(tid, Status.INTERRUPTED)
            listed = ", ".join(str(i) for i in sorted(failed)[:20])
            raise FixturesLeftError(
                f"tournament {tid}: {len(failed)} fixture(s) failed on the cluster and stay "
                f"pending ({listed})"
            )
        store.set_status(tid, Status.FINISHED)
    finally:
        store.heartbeat(tid, runner, release=True)
    return store.tournament(tid)


def _ready(ray: Any, refs: list[Any]) -> list[Any]:
    """The finished references among `refs`, waiting at most one heartbeat for the first."""
    first, _ = ray.wait(refs, num_returns=1, timeout=HEARTBEAT_S)
    if not first:
        return []
    done, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
    return list(done) or list(first)


def _store_result(result: FixtureResult, fixture: Fixture, run: ClusterRun, tid: int) -> None:
    """Store one played match (idempotent: a duplicate of a retry is a no-op) and its logs."""
    assert result.record is not None
    record = MatchRecord.from_dict(result.record)
    check_record(fixture, record)
    run.store.save_match(record, fixture)
    _keep_logs(run.log_root, tid, result)
    if run.on_match is not None:
        run.on_match(fixture, record)


def _keep_logs(root: Path | None, tid: int, result: FixtureResult) -> None:
    """Append what each bot printed on its node to the organizer's logs of the tournament."""
    if root is None or not result.logs:
        return
    folder = tournament_log_dir(root, tid)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in result.logs.items():
        with (folder / f"{name}.log").open("a", encoding="utf-8") as log:
            log.write(f"==> on node {result.node}\n{text}")
