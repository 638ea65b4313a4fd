"""A tournament's life, written once: create it in the store, then play (or resume) its
fixtures with any match runner (bot processes, built-ins, a server's connected bots, a Ray
cluster), each match stored as it ends, under a lease that one runner holds at a time.

The local run (`arena tournament run`), a server's own tournaments (arena/rpc/server/hosting.py)
and a cluster run (arena/cluster/organizer.py) differ only in the runner they pass in.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import replace

from arena.core.values import MatchRecord
from arena.errors import ArenaError, FixturesLeftError, TournamentError
from arena.store import Store, StoredTournament
from arena.tournament.formats import added_fixtures, played_pairs, schedule_so_far
from arena.tournament.lease import HEARTBEAT_S, runner_id
from arena.tournament.manage import normalize_spec, start_seat_of
from arena.tournament.runner import FixtureGate, MatchRunner, run_fixtures
from arena.tournament.schedule import Fixture, Status, TournamentSpec

OnMatch = Callable[[Fixture, MatchRecord], None]


def create_tournament(store: Store, spec: TournamentSpec, *, owner: str | None) -> StoredTournament:
    """Validate, schedule and store a tournament (one transaction); the stored tournament.

    `owner` may manage it besides the admins (arena/app/owners.py; None: the admins only).
    """
    spec = normalize_spec(spec)
    # Every fixture of the schedule, or a round format's first round (the others follow).
    schedule = schedule_so_far(spec, start_seat_of(spec), {})
    tid = store.create_tournament(spec, schedule, owner=owner)
    return store.tournament(tid)


async def _keep_lease(store: Store, tid: int, runner: str) -> None:
    """Renew the run's lease until cancelled (a failed renewal is retried at the next beat)."""
    while True:
        await asyncio.sleep(HEARTBEAT_S)
        with contextlib.suppress(ArenaError):
            await asyncio.to_thread(store.heartbeat, tid, runner)


def left_to_play(store: Store, tid: int, spec: TournamentSpec) -> list[Fixture]:
    """The fixtures without a match (blocking). A round format whose last round is complete
    plans and stores its next round first; [] once the tournament is over."""
    stored = store.fixtures(tid)

    def finished() -> dict[int, MatchRecord]:
        return {f.index: r for f, r in played_pairs(stored, store.tournament_matches(tid))}

    fresh = [
        replace(f, tournament_id=tid)
        for f in added_fixtures(spec, start_seat_of(spec), stored, finished)
    ]
    store.add_fixtures(tid, fresh)
    played = store.played_indexes(tid)
    return [f for f in [*stored, *fresh] if f.index not in played]


async def play_tournament(
    store: Store,
    tid: int,
    play: MatchRunner,
    *,
    concurrency: int = 1,
    on_match: OnMatch | None = None,
    gate: FixtureGate | None = None,
) -> StoredTournament:
    """Play every fixture that has no stored match; each match is stored as soon as it ends.

    Run and resume are the same call: the fixtures and their seeds come from the store.
    Fixtures the runner failed for good (FixtureFailedError) stay pending: FixturesLeftError.
    `gate` holds back fixtures that cannot start yet (see arena/tournament/presence.py).
    """
    tournament = await asyncio.to_thread(store.tournament, tid)
    over = tournament.played == tournament.fixtures or tournament.verdict is not None
    if tournament.status is Status.FINISHED and over:
        return tournament  # played to its end, or stopped by its SPRT's verdict
    pending = await asyncio.to_thread(left_to_play, store, tid, tournament.spec)
    writing = asyncio.Lock()  # one store write at a time, in the order the matches end

    async def sink(fixture: Fixture, record: MatchRecord) -> None:
        # Off the event loop: a slow database must never cost a bot its clock.
        async with writing:
            await asyncio.to_thread(store.save_match, record, fixture)
        if on_match is not None:
            on_match(fixture, record)

    runner = runner_id()
    await asyncio.to_thread(store.claim_runner, tid, runner)  # one runner at a time
    beating = asyncio.create_task(_keep_lease(store, tid, runner))
    spec = tournament.spec
    try:
        await asyncio.to_thread(store.set_status, tid, Status.RUNNING)
        while pending:
            failed = await run_fixtures(pending, play, sink, concurrency=concurrency, gate=gate)
            if failed:  # they stay pending: planning again would hand them out again
                listed = ", ".join(str(i) for i in failed[:20])
                raise FixturesLeftError(
                    f"tournament {tid}: {len(failed)} fixture(s) failed and stay pending ({listed})"
                )
            pending = await asyncio.to_thread(left_to_play, store, tid, spec)
        if await asyncio.to_thread(store.pending_fixtures, tid):
            raise TournamentError(f"tournament {tid} still has fixtures without a match")
        # Finished before the lease goes: running without a runner would read as abandoned.
        await asyncio.to_thread(store.set_status, tid, Status.FINISHED)
    except BaseException:
        # Shielded: a cancelled run still records that it stopped.
        await asyncio.shield(asyncio.to_thread(store.set_status, tid, Status.INTERRUPTED))
        raise
    finally:
        beating.cancel()
        await asyncio.shield(asyncio.to_thread(store.heartbeat, tid, runner, release=True))
    return await asyncio.to_thread(store.tournament, tid)
