"""Who plays a stored tournament (its runner's lease) and deleting one: SQL for the Store."""

from __future__ import annotations

import time
from typing import Any

import sqlalchemy as sa

from arena.errors import TournamentBusyError
from arena.store import ladder
from arena.store.schema import fixtures, matches, tournaments
from arena.tournament.lease import runner_gone


def claim(conn: sa.Connection, tid: int, runner: str) -> bool:
    """Take the lease for `runner` inside a write transaction; False if there is no such
    tournament, TournamentBusyError if a live runner holds it."""
    query = (
        sa.select(tournaments.c.runner, tournaments.c.heartbeat_at)
        .where(tournaments.c.id == tid)
        .with_for_update()  # PostgreSQL: a second claimer waits; SQLite: BEGIN IMMEDIATE
    )
    now = time.time()
    row = conn.execute(query).first()
    if row is None:
        return False
    if row.runner not in (None, runner) and not runner_gone(row.runner, row.heartbeat_at, now):
        raise TournamentBusyError(
            f"tournament {tid} is being played by another process ({row.runner}, last "
            f"heartbeat {now - (row.heartbeat_at or now):.0f} s ago): wait for it to finish, "
            "or stop it first"
        )
    where = tournaments.c.id == tid
    conn.execute(tournaments.update().where(where).values(runner=runner, heartbeat_at=now))
    return True


def beat(conn: sa.Connection, tid: int, runner: str, release: bool) -> None:
    """Renew the runner's lease, or give it up."""
    values: dict[str, Any] = {"heartbeat_at": time.time()}
    if release:
        values["runner"] = None
    where = (tournaments.c.id == tid) & (tournaments.c.runner == runner)
    conn.execute(tournaments.update().where(where).values(**values))


def delete(conn: sa.Connection, tid: int, game: str) -> None:
    """Delete a tournament, its fixtures and matches, and rebuild its game's ladder."""
    ladder.lock_game(conn, game)
    # Children first: cascades are not enforced on every SQLite connection.
    conn.execute(matches.delete().where(matches.c.tournament_id == tid))
    conn.execute(fixtures.delete().where(fixtures.c.tournament_id == tid))
    conn.execute(tournaments.delete().where(tournaments.c.id == tid))
    ladder.rebuild(conn, game, ladder.rated_matches(conn, game))
