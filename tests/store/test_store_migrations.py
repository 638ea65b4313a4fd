"""Alembic migrations (issue 14): a new database is made by the revisions and equals the models;
databases from before Alembic (schema versions 1..4) open upgraded; newer ones are refused."""

from __future__ import annotations

import sqlite3

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from old_schemas import (
    back_to_before_alembic,
    old_sqlite_database,
)

from arena.app.running import create_tournament
from arena.errors import SchemaVersionError, StoreError
from arena.store import SCHEMA_VERSION, Store, resolve_url, revisions
from arena.store.engine import create_engine, migration_transaction, write_transaction
from arena.store.legacy import BASELINE_REVISION
from arena.store.schema import metadata
from arena.tournament import BotEntry, Status, TournamentSpec

SPEC = TournamentSpec(
    "lucky_numbers", (BotEntry("a", "builtin:random"), BotEntry("b", "builtin:random")), seed=3
)


def schema_diff(db_url: str) -> list[object]:
    """Alembic autogenerate's differences between the database and the models (none: equal)."""
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def state(db_url: str) -> revisions.SchemaState:
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.connect() as conn:
            return revisions.read_state(conn)
    finally:
        engine.dispose()


def test_a_new_database_is_made_by_the_revisions_and_equals_the_models(db_url):
    assert state(db_url).empty
    Store.open(db_url).close()
    assert state(db_url) == revisions.SchemaState(SCHEMA_VERSION, revisions.head())
    # the head revision and the models agree: a model change without a revision fails here
    assert schema_diff(db_url) == []


@pytest.mark.parametrize("version", [1, 2, 3, 4])
def test_a_database_from_before_alembic_opens_upgraded_with_its_rows(sqlite_path, version):
    old_sqlite_database(sqlite_path, version)
    with Store.open(sqlite_path) as store:
        (stored,) = store.tournaments()
        assert (stored.id, stored.status, stored.fixtures, stored.played) == (
            1,
            Status.CREATED,
            2,
            0,
        )
        assert [e.name for e in stored.spec.bots] == ["a", "b"]
    assert state(sqlite_path) == revisions.SchemaState(SCHEMA_VERSION, revisions.head())
    assert schema_diff(sqlite_path) == []
    with Store.open(sqlite_path) as store:  # and opens again as it is
        assert [t.id for t in store.tournaments()] == [1]


@pytest.mark.parametrize("version", [2, 3, 4])
def test_version_2_to_4_databases_upgrade_on_both_backends(db_url, version):
    with Store.open(db_url) as store:
        create_tournament(store, SPEC, owner=None)
    back_to_before_alembic(db_url, version)
    assert state(db_url) == revisions.SchemaState(version, None)
    with Store.open(db_url) as store:
        (stored,) = store.tournaments()
        assert stored.spec.bots == SPEC.bots
    assert state(db_url) == revisions.SchemaState(SCHEMA_VERSION, revisions.head())
    assert schema_diff(db_url) == []


def test_a_revision_this_arena_does_not_know_is_refused_as_newer(db_url):
    Store.open(db_url).close()
    engine = create_engine(resolve_url(db_url))
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = 'f00d_from_the_future'"))
    engine.dispose()
    for create in (True, False):
        with pytest.raises(SchemaVersionError) as refused:
            Store.open(db_url, create=create)
        assert str(refused.value).endswith(
            f"is at schema revision f00d_from_the_future, newer than this arena understands "
            f"({revisions.head()}): upgrade arena to use it"
        )


def test_a_read_only_open_never_creates_a_schema(db_url):
    if "://" not in db_url:
        with pytest.raises(StoreError, match="no database at"):
            Store.open(db_url, create=False)
        sqlite3.connect(db_url).close()  # an empty file: no arena data either
    with pytest.raises(StoreError, match="holds no arena data"):
        Store.open(db_url, create=False)
    assert state(db_url).empty
    assert schema_diff(db_url) != []  # still no tables at all


def test_head_is_the_newest_packaged_revision_and_opening_needs_no_alembic():
    # HEAD spares every command the import of Alembic; it must follow the scripts.
    assert revisions.scripts().get_current_head() == revisions.HEAD
    import subprocess
    import sys

    code = "import sys, arena.cli, arena.store; print('alembic' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_pending_lists_what_an_upgrade_applies():
    chain = [s.revision for s in revisions.pending(revisions.SchemaState(None, None))]
    assert chain[0] == BASELINE_REVISION and chain[-1] == revisions.head()
    assert [s.revision for s in revisions.pending(revisions.SchemaState(2, None))] == chain
    assert revisions.pending(revisions.SchemaState(4, revisions.head())) == []
    assert revisions.pending(revisions.SchemaState(4, "f00d_from_the_future")) == []


def add_notes_column(engine: sa.Engine, transaction) -> int:
    """Alter tournaments the way SQLite must (copy, drop, rename); the fixtures left after."""
    with transaction(engine) as conn:
        context = MigrationContext.configure(conn, opts={"render_as_batch": True})
        with Operations(context).batch_alter_table("tournaments", recreate="always") as batch:
            batch.add_column(sa.Column("notes", sa.Text))
        return conn.execute(sa.text("SELECT count(*) FROM fixtures")).scalar_one()


def test_a_batch_migration_on_sqlite_keeps_the_rows_that_refer_to_the_altered_table(tmp_path):
    safe, plain = str(tmp_path / "safe.db"), str(tmp_path / "plain.db")
    for path in (safe, plain):
        old_sqlite_database(path, 4)
        Store.open(path).close()
    with Store.open(safe) as store:
        assert add_notes_column(store.engine, migration_transaction) == 2
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1  # on again
    with Store.open(plain) as store:
        # the hazard: with foreign keys on, dropping the old copy cascades to every fixture
        assert add_notes_column(store.engine, write_transaction) == 0
