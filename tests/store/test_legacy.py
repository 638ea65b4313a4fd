"""arena.store.legacy: the frozen steps that bring a database from before Alembic (schema
versions 1 to 3) to version 4, the baseline revision, and the ladder a version 1 lacked."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from old_schemas import old_sqlite_database

from arena.store import legacy
from arena.store.engine import create_engine, migration_transaction, resolve_url
from arena.store.schema import ratings


def columns(conn: sa.Connection) -> set[str]:
    return {c["name"] for c in sa.inspect(conn).get_columns("tournaments")}


@pytest.mark.parametrize("version", [1, 2, 3])
def test_an_old_database_reaches_version_4_and_only_a_v1_needs_a_fold(
    tmp_path: Path, version: int
) -> None:
    path = str(tmp_path / "old.db")
    old_sqlite_database(path, version)
    engine = create_engine(resolve_url(path))
    try:
        with migration_transaction(engine) as conn:
            assert legacy.upgrade_to_baseline(conn, version) is (version == 1)
            assert {"deals", "time_bank_ms", "increment_ms", "runner", "heartbeat_at"} <= columns(
                conn
            )
            tables = set(sa.inspect(conn).get_table_names())
            assert {"ratings", "rating_history", "credentials"} <= tables
            meta = conn.execute(sa.text("SELECT value FROM meta WHERE key = 'schema_version'"))
            assert meta.scalar() == str(legacy.BASELINE_VERSION)
            assert conn.execute(sa.text("SELECT count(*) FROM fixtures")).scalar() == 2  # kept
    finally:
        engine.dispose()


def test_a_version_4_database_is_left_as_it_is(tmp_path: Path) -> None:
    path = str(tmp_path / "v4.db")
    old_sqlite_database(path, 4)
    engine = create_engine(resolve_url(path))
    try:
        with migration_transaction(engine) as conn:
            before = columns(conn)
            assert legacy.upgrade_to_baseline(conn, 4) is False
            assert columns(conn) == before
    finally:
        engine.dispose()


def test_fold_ladders_rates_every_game_from_its_matches(tmp_path: Path) -> None:
    path = str(tmp_path / "v1.db")
    old_sqlite_database(path, 1)
    engine = create_engine(resolve_url(path))
    try:
        with migration_transaction(engine) as conn:
            legacy.upgrade_to_baseline(conn, 1)
            conn.execute(sa.text(
                "INSERT INTO matches (id, tournament_id, fixture_idx, game, options, seed, "
                "players, outcome, termination, detail, started_at, finished_at, record) VALUES "
                "('t1-0', 1, 0, 'lucky_numbers', '{}', 11, '[\"a\",\"b\"]', "
                "'{\"ranks\":[2,1],\"scores\":[0,0],\"points\":[0,0]}', 'normal', '', 0, 1, '{}')"
            ))  # fmt: skip
            legacy.fold_ladders(conn)
            rows = conn.execute(sa.select(ratings.c.bot, ratings.c.games, ratings.c.wins)).all()
        assert sorted(tuple(r) for r in rows) == [("a", 1, 0), ("b", 1, 1)]
    finally:
        engine.dispose()
