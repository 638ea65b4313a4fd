"""The organizer side: submit each pending fixture as a Ray task, store results as they come.

Only this process writes to the database. It holds the tournament's lease (the same lease as
a one-process run: arena/tournament/lease.py) and renews it while it waits. A fixture whose
task fails for good (out of retries, a node with another arena) stays pending and is reported
at the end; the others go on. Ctrl-C or SIGTERM leaves the tournament `interrupted` and stops the
tasks still out (their workers are killed, and their bot processes with them).
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
from arena.cluster.fingerprint import local_fingerprint
from arena.cluster.fixture_task import FixtureJob, FixtureResult, play_fixture, process_bots
from arena.core import MatchRecord
from arena.errors import (
    BotError,
    ClusterMismatchError,
    ConfigError,
    FixturesLeftError,
    TournamentError,
)
from arena.store import Store, StoredTournament
from arena.tournament.lease import HEARTBEAT_S, runner_id
from arena.tournament.logs import tournament_log_dir
from arena.tournament.manage import create_tournament, left_to_play
from arena.tournament.runner import check_record
from arena.tournament.schedule import Fixture, Status, TournamentSpec

MAX_IN_FLIGHT = 1000  # tasks submitted ahead of results: enough to fill any cluster's CPUs

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


def run_on_cluster(
    run: ClusterRun,
    tournament: StoredTournament | TournamentSpec,
    on_created: OnCreated | None = None,
) -> StoredTournament:
    """Play a stored tournament's pending fixtures on the cluster, or create one first (once
    a node has started each of its process bots)."""
    with joined(run.settings.target) as (ray, owned):
        spec = tournament if isinstance(tournament, TournamentSpec) else tournament.spec
        task, check = _remote_tasks(ray, run.settings, spec)
        if isinstance(tournament, TournamentSpec):
            if process_bots(spec, tuple(b.name for b in spec.bots)):
                _get_one(ray, check.remote(_job(spec, None)))  # every bot says Hello first
            tournament = create_tournament(run.store, spec)
        if on_created is not None:
            on_created(tournament)
        return _play(ray, task, run, tournament, cancel_on_stop=not owned)


def _remote_tasks(ray: Any, settings: ClusterSettings, spec: TournamentSpec) -> tuple[Any, Any]:
    """The task that plays a fixture, and the one that checks the bots start (not retried:
    a bot that cannot start is a mistake to fix, not a fault)."""
    cpus = spec.table_size * settings.cpus_per_bot
    largest = largest_node_cpus(ray)
    if cpus > largest:
        raise ConfigError(
            f"a fixture asks for {cpus:g} CPUs ({spec.table_size} bots x --cpus-per-bot "
            f"{settings.cpus_per_bot:g}) but the largest node of the cluster has {largest:g}"
        )
    remote = ray.remote(play_fixture)
    # A lost worker or node is retried by Ray; so is a bot that failed to start there.
    play = remote.options(
        num_cpus=cpus, max_retries=settings.max_retries, retry_exceptions=[BotError]
    )
    return play, remote.options(num_cpus=cpus, max_retries=0, retry_exceptions=False)


def _job(spec: TournamentSpec, fixture: Fixture | None) -> FixtureJob:
    return FixtureJob(spec, fixture, local_fingerprint(), os.getcwd())


def _get_one(ray: Any, ref: Any) -> FixtureResult:
    """The result of a task, its own error re-raised as such (BotError, a mismatch)."""
    try:
        result: FixtureResult = ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, BotError | ClusterMismatchError):
            raise exc.cause from None
        raise
    return result


def _play(
    ray: Any, task: Any, run: ClusterRun, tournament: StoredTournament, *, cancel_on_stop: bool
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
                if failed or not spec.format.by_rounds:
                    break
                waiting.extend(left_to_play(store, tid, spec))
                if not waiting:
                    break
            while waiting and len(out) < MAX_IN_FLIGHT:
                fixture = waiting.popleft()
                out[task.remote(_job(tournament.spec, fixture))] = fixture
            for ref in _ready(ray, list(out)):
                fixture = out.pop(ref)
                why = _store_result(ray, ref, fixture, run, tid)
                if why is not None:
                    failed[fixture.index] = why
                    run.warn(f"fixture {fixture.index} ({fixture.match_id}) left pending: {why}")
            if time.monotonic() - beaten >= HEARTBEAT_S:
                with contextlib.suppress(TournamentError, OSError):
                    store.heartbeat(tid, runner)
                beaten = time.monotonic()
    except BaseException:
        store.set_status(tid, Status.INTERRUPTED)  # first: true whatever happens below
        # On a connection of our own, leaving ends the job and Ray kills its tasks. Cancelling
        # them here as well can race a task's completion and abort this process inside Ray
        # ("Tried to complete task that was not pending", seen with Ray 2.60), so only a
        # shared connection, which stays up, has its tasks cancelled.
        if cancel_on_stop:
            for ref in out:  # force: the worker dies, and its bot processes with it
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)
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
    """The finished tasks among `refs`, waiting at most one heartbeat for the first."""
    first, _ = ray.wait(refs, num_returns=1, timeout=HEARTBEAT_S)
    if not first:
        return []
    done, _ = ray.wait(refs, num_returns=len(refs), timeout=0)
    return list(done) or list(first)


def _store_result(ray: Any, ref: Any, fixture: Fixture, run: ClusterRun, tid: int) -> str | None:
    """Store one task's match; why not (one line) when the task failed for good."""
    try:
        result = _get_one(ray, ref)
    except (BotError, ClusterMismatchError) as exc:
        return str(exc).splitlines()[0][:300]
    except ray.exceptions.RayError as exc:
        return f"{type(exc).__name__}: {str(exc).strip().splitlines()[0][:300]}"
    assert result.record is not None
    record = MatchRecord.from_dict(result.record)
    check_record(fixture, record)
    run.store.save_match(record, fixture)  # idempotent: a duplicate of a retry is a no-op
    _keep_logs(run.log_root, tid, result)
    if run.on_match is not None:
        run.on_match(fixture, record)
    return None


def _keep_logs(root: Path | None, tid: int, result: FixtureResult) -> None:
    """Append what each bot printed on its node to the organizer's logs of the tournament."""
    if root is None or not result.logs:
        return
    folder = tournament_log_dir(root, tid)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in result.logs.items():
        with (folder / f"{name}.log").open("a", encoding="utf-8") as log:
            log.write(f"==> on node {result.node}\n{text}")
