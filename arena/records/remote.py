"""Export from a shared server over gRPC: only what the server shows (arena/publicity.py).

The one records module that needs gRPC; the others stay importable without it.
"""

from __future__ import annotations

from typing import Any

from arena.core import MatchRecord
from arena.records.portable import PortableMatch, TournamentRef
from arena.records.transfer import ExportFilter, with_positions
from arena.rpc.client.remote import (
    Remote,
    get_remote_disclosed,
    get_remote_tournament,
    list_remote_matches,
)
from arena.rpc.wire.convert import options_from_pb
from arena.tournament.formats import schedule_so_far
from arena.tournament.manage import start_seat_of
from arena.tournament.schedule import (
    BotEntry,
    Deals,
    Fixture,
    Format,
    Status,
    TournamentSpec,
)
from arena.v1 import arena_pb2 as pb

_STATUS = {
    pb.TOURNAMENT_STATUS_CREATED: Status.CREATED,
    pb.TOURNAMENT_STATUS_RUNNING: Status.RUNNING,
    pb.TOURNAMENT_STATUS_INTERRUPTED: Status.INTERRUPTED,
    pb.TOURNAMENT_STATUS_FINISHED: Status.FINISHED,
}


async def export_remote(
    remote: Remote, which: ExportFilter, *, every_position: bool = False
) -> list[PortableMatch]:
    """The server's matches that pass the filter, each in its public form."""
    summaries = await list_remote_matches(
        remote, tournament_id=which.tournament_id, game=which.game or ""
    )
    tournaments: dict[int, tuple[pb.Tournament, dict[int, Fixture]]] = {}
    out = []
    for summary in summaries:
        if which.bot is not None and which.bot not in summary.players:
            continue
        if which.since is not None and summary.finished_at < which.since:
            continue
        if which.until is not None and summary.finished_at >= which.until:
            continue
        record, seed_withheld, moves_withheld = await get_remote_disclosed(remote, summary.match_id)
        ref = None
        if summary.HasField("tournament_id"):
            tid = summary.tournament_id
            if tid not in tournaments:
                tournaments[tid] = await _tournament(remote, tid)
            ref = _ref(*tournaments[tid], summary.fixture, tuple(record.players))
        shown = PortableMatch(record, ref, seed_withheld, moves_withheld)
        out.append(with_positions(shown, every=every_position))
    return out


async def _tournament(remote: Remote, tid: int) -> tuple[pb.Tournament, dict[int, Fixture]]:
    message = await get_remote_tournament(remote, tid)
    schedule: dict[int, Fixture] = {}
    if not message.seed_withheld:  # the schedule (cycle, table, rotation) follows from the seed
        spec = _spec(message)
        schedule = {f.index: f for f in schedule_so_far(spec, start_seat_of(spec), {})}
        if len(schedule) < message.fixtures_total:  # later rounds follow from the results
            played = await _played(remote, tid)
            schedule = {f.index: f for f in schedule_so_far(spec, start_seat_of(spec), played)}
    return message, schedule


async def _played(remote: Remote, tid: int) -> dict[int, MatchRecord]:
    """A finished round format's matches by fixture: its rounds are replayed from them."""
    out = {}
    for summary in await list_remote_matches(remote, tournament_id=tid):
        if summary.HasField("fixture"):
            record, _, _ = await get_remote_disclosed(remote, summary.match_id)
            out[summary.fixture] = record
    return out


def _spec(message: pb.Tournament) -> TournamentSpec:
    return TournamentSpec(
        game=message.game,
        bots=tuple(BotEntry(name) for name in message.bots),
        seed=int(message.seed_text or message.seed),
        options=options_from_pb(message.game, message.options),
        format=Format(message.format),
        table_size=message.table_size,
        cycles=message.cycles,
        hero=message.hero or None,
        time_per_move_ms=message.per_move_ms if message.HasField("per_move_ms") else None,
        time_bank_ms=message.time_bank_ms if message.HasField("time_bank_ms") else None,
        increment_ms=message.increment_ms if message.HasField("increment_ms") else None,
        deals=Deals(message.deals or Deals.DUPLICATE.value),
        rounds=message.rounds,
        format_options={k: int(v) for k, v in message.format_options.items()},
        reconnect_grace_ms=(
            message.reconnect_grace_ms if message.HasField("reconnect_grace_ms") else None
        ),
    )


def _ref(
    message: pb.Tournament, schedule: dict[int, Fixture], index: int, seats: tuple[str, ...]
) -> TournamentRef:
    fixture: Any = schedule.get(index) or Fixture(index, 0, 0, 0, seats, 0)
    return TournamentRef(
        message.id,
        _spec(message),
        _STATUS.get(message.status, Status.INTERRUPTED),
        Fixture(
            fixture.index,
            fixture.cycle,
            fixture.table,
            fixture.rotation,
            seats,
            fixture.seed,
            message.id,
        ),
        message.created_at,
        message.finished_at or None,
    )
