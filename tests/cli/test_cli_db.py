"""`arena db status` and `arena db upgrade`: an organizer sees and upgrades the schema."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from cli_helpers import run_cli, run_ok
from old_schemas import old_sqlite_database

from arena.store import resolve_url, revisions
from arena.store.engine import create_engine

BASELINE = revisions.scripts().get_revision("0001")


def test_status_of_a_missing_database_fails_and_creates_nothing(capsys, sqlite_path):
    code, out, err = run_cli(capsys, "db", "status", "--db", sqlite_path)
    assert (code, out) == (1, "")
    assert err.strip() == f"error: no database at {sqlite_path} (give --db or $ARENA_DB)"
    assert not Path(sqlite_path).exists()


def test_a_database_from_before_alembic_shows_pending_then_upgrades(capsys, sqlite_path):
    old_sqlite_database(sqlite_path, 3)
    out = run_ok(capsys, "db", "status", "--db", sqlite_path)
    pending = revisions.pending(revisions.SchemaState(3, None))
    assert out.splitlines() == [
        f"database  sqlite:///{sqlite_path}",
        "revision  none: schema version 3, from before Alembic",
        f"head      {revisions.head()}",
        f"pending   {len(pending)} revision(s): run `arena db upgrade`",
        *(f"  {script.revision}: {script.doc}" for script in pending),
    ]
    assert f"  0001: {BASELINE.doc}" in out.splitlines()
    run_ok(capsys, "db", "status", "--db", sqlite_path)  # looking changes nothing
    out = run_ok(capsys, "db", "upgrade", "--db", sqlite_path)
    assert out.strip() == (
        f"database sqlite:///{sqlite_path}: upgraded from none: schema version 3, from before "
        f"Alembic to {revisions.head()} (head)"
    )
    out = run_ok(capsys, "db", "status", "--db", sqlite_path)
    assert out.splitlines()[1:] == [
        f"revision  {revisions.head()} (head)",
        f"head      {revisions.head()}",
        "pending   none: up to date",
    ]
    out = run_ok(capsys, "db", "upgrade", "--db", sqlite_path)
    assert out.strip().endswith(f": already at {revisions.head()} (head)")


def test_upgrade_creates_a_new_database(capsys, db_url):
    out = run_ok(capsys, "db", "upgrade", "--db", db_url)
    assert out.strip().endswith(f": created at {revisions.head()} (head)")
    assert "up to date" in run_ok(capsys, "db", "status", "--db", db_url)


def test_a_database_from_a_newer_arena_is_shown_as_such_and_not_upgraded(capsys, sqlite_path):
    run_ok(capsys, "db", "upgrade", "--db", sqlite_path)
    engine = create_engine(resolve_url(sqlite_path))
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = 'f00d'"))
    engine.dispose()
    out = run_ok(capsys, "db", "status", "--db", sqlite_path)
    assert out.splitlines()[1] == "revision  f00d"
    assert out.splitlines()[3] == (
        "pending   none: this database is from a newer arena; upgrade arena to use it"
    )
    code, _, err = run_cli(capsys, "db", "upgrade", "--db", sqlite_path)
    assert code == 1 and "is at schema revision f00d, newer than this arena" in err
