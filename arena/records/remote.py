"""Export from a shared server over gRPC: only what the server shows (arena/app/publicity.py).

The one records module that needs gRPC; the others stay importable without it.
"""

from __future__ import annotations

from typing import Any

from arena.app.reports import TournamentSummary
from arena.core.values import MatchRecord
from arena.records.portable import PortableMatch, TournamentRef
from arena.records.transfer import ExportFilter, with_positions
from arena.rpc.client.arena_client import ArenaClient
from arena.tournament.formats import format_named, schedule_so_far
from arena.tournament.manage import start_seat_of
from arena.tournament.schedule import (
    BotEntry,
    Deals,
    Fixture,
    Status,
    TournamentSpec,
)

_STATUS = {status.value: status for status in Status}


async def export_remote(
    client: ArenaClient, which: ExportFilter, *, every_position: bool = False
) -> list[PortableMatch]:
    """The server's matches that pass the filter, each in its public form."""
    rows = client.list_matches(tournament_id=which.tournament_id, game=which.game or "")
    tournaments: dict[int, tuple[TournamentSummary, dict[int, Fixture]]] = {}
    out = []
    async for row in rows:
        if which.bot is not None and which.bot not in row.players:
            continue
        if which.since is not None and row.finished_at < which.since:
            continue
        if which.until is not None and row.finished_at >= which.until:
            continue
        shown = await client.get_match(row.match_id)
        ref = None
        if row.tournament_id is not None:
            tid = row.tournament_id
            if tid not in tournaments:
                tournaments[tid] = await _tournament(client, tid)
            ref = _ref(*tournaments[tid], row.fixture or 0, tuple(shown.record.players))
        portable = PortableMatch(shown.record, ref, shown.seed_withheld, shown.moves_withheld)
        out.append(with_positions(portable, every=every_position))
    return out


async def _tournament(
    client: ArenaClient, tid: int
) -> tuple[TournamentSummary, dict[int, Fixture]]:
    summary = (await client.get_tournament(tid)).summary
    schedule: dict[int, Fixture] = {}
    if summary.seed is not None:  # the schedule (cycle, table, rotation) follows from the seed
        spec = _spec(summary)
        schedule = {f.index: f for f in schedule_so_far(spec, start_seat_of(spec), {})}
        if len(schedule) < summary.fixtures:  # later rounds follow from the results
            played = await _played(client, tid)
            schedule = {f.index: f for f in schedule_so_far(spec, start_seat_of(spec), played)}
    return summary, schedule


async def _played(client: ArenaClient, tid: int) -> dict[int, MatchRecord]:
    """A finished round format's matches by fixture: its rounds are replayed from them."""
    out = {}
    async for row in client.list_matches(tournament_id=tid):
        if row.fixture is not None:
            out[row.fixture] = (await client.get_match(row.match_id)).record
    return out


def _spec(s: TournamentSummary) -> TournamentSpec:
    return TournamentSpec(
        game=s.game,
        bots=tuple(BotEntry(name) for name in s.bots),
        seed=s.seed or 0,  # withheld: no schedule is derived from it
        options=dict(s.options),
        format=format_named(s.format),
        table_size=s.table_size,
        cycles=s.cycles,
        hero=s.hero,
        time_per_move_ms=s.clock.per_move_ms,
        time_bank_ms=s.clock.bank_ms,
        increment_ms=s.clock.increment_ms,
        deals=Deals(s.deals or Deals.DUPLICATE.value),
        rounds=s.rounds,
        format_options=dict(s.format_options),
        reconnect_grace_ms=s.reconnect_grace_ms,
    )


def _ref(
    s: TournamentSummary, schedule: dict[int, Fixture], index: int, seats: tuple[str, ...]
) -> TournamentRef:
    fixture: Any = schedule.get(index) or Fixture(index, 0, 0, 0, seats, 0)
    return TournamentRef(
        s.id,
        _spec(s),
        _STATUS.get(s.status, Status.INTERRUPTED),  # abandoned: interrupted, as stored
        Fixture(
            fixture.index,
            fixture.cycle,
            fixture.table,
            fixture.rotation,
            seats,
            fixture.seed,
            s.id,
        ),
        s.created_at,
        s.finished_at,
    )
