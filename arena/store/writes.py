"""Writes shared by creating and importing tournaments, and the duplicate-match check."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from arena.core.values import MatchRecord
from arena.errors import StoreError
from arena.store.rows import (
    SEED_COLUMN_LIMIT,
    dumps,
    fixture_row,
    record_from_row,
    same_play,
    settings_text,
)
from arena.store.schema import bots, fixtures, matches, tournaments
from arena.tournament.schedule import BotEntry, Fixture, Status, TournamentSpec


@dataclass(frozen=True, slots=True)
class ImportedTournament:
    """A tournament to import: its definition, whole schedule and (record, fixture index)s."""

    spec: TournamentSpec
    schedule: tuple[Fixture, ...]
    status: Status
    created_at: float
    finished_at: float | None
    matches: tuple[tuple[MatchRecord, int], ...]
    source_id: int = 0  # its id where it was exported


def insert_tournament(
    conn: sa.Connection,
    spec: TournamentSpec,
    schedule: Sequence[Fixture],
    status: Status,
    created_at: float,
    finished_at: float | None,
    *,
    owner: str | None = None,
) -> int:
    """Insert a tournament row, its schedule and its bots; its new id."""
    tid = conn.execute(
        tournaments.insert()
        .values(
            game=spec.game,
            options=dumps(dict(spec.options)),
            format=spec.format.value,
            table_size=spec.table_size,
            cycles=spec.cycles,
            seed=spec.seed if spec.seed < SEED_COLUMN_LIMIT else 0,  # else in settings
            hero=spec.hero,
            bots=dumps([{"name": b.name, "command": b.command} for b in spec.bots]),
            time_per_move_ms=spec.time_per_move_ms,
            time_bank_ms=spec.time_bank_ms,
            increment_ms=spec.increment_ms,
            deals=spec.deals.value,
            settings=settings_text(spec),
            status=status.value,
            created_at=created_at,
            finished_at=finished_at,
            owner=owner,
        )
        .returning(tournaments.c.id)
    ).scalar_one()
    if schedule:
        conn.execute(fixtures.insert(), [fixture_row(tid, f) for f in schedule])
    for bot in spec.bots:
        _touch_bot(conn, bot, created_at)
    return int(tid)


def _touch_bot(conn: sa.Connection, bot: BotEntry, now: float) -> None:
    updated = conn.execute(
        bots.update().where(bots.c.name == bot.name).values(command=bot.command, last_seen=now)
    )
    if updated.rowcount == 0:
        conn.execute(
            bots.insert().values(name=bot.name, command=bot.command, first_seen=now, last_seen=now)
        )


def is_stored_twin(conn: sa.Connection, record: MatchRecord, fixture: Fixture) -> bool:
    """After a refused insert: True when the fixture holds this very play already (storing a
    tournament match is idempotent: a retried task), StoreError when it holds another play,
    False when neither the match nor the fixture is stored (the refusal was something else)."""
    where = f"fixture {fixture.index} of tournament {fixture.tournament_id}"
    query = sa.select(matches.c.id, matches.c.record).where(
        (matches.c.id == record.match_id)
        | (
            (matches.c.tournament_id == fixture.tournament_id)
            & (matches.c.fixture_idx == fixture.index)
        )
    )
    stored = [record_from_row(row.id, row.record) for row in conn.execute(query)]
    if not stored:
        return False
    if len(stored) == 1 and same_play(stored[0], record):
        return True
    ids = ", ".join(sorted(r.match_id for r in stored))
    raise StoreError(
        f"match {record.match_id} ({where}) is already stored with a different record "
        f"(stored: {ids}); a fixture is played once"
    )
