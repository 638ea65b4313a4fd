"""Alembic migrations (issue 14): a new database is made by the revisions and equals the models;
databases from before Alembic (schema versions 1..4) open upgraded; newer ones are refused."""

from __future__ import annotations

import sqlite3

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext

from arena.errors import SchemaVersionError, StoreError
from arena.store import SCHEMA_VERSION, Store, resolve_url, revisions
from arena.store.engine import create_engine, migration_transaction, write_transaction
from arena.store.legacy import BASELINE_REVISION
from arena.store.schema import metadata
from arena.tournament import BotEntry, Status, TournamentSpec
from arena.tournament.manage import create_tournament

SPEC = TournamentSpec(
    "lucky_numbers", (BotEntry("a", "builtin:random"), BotEntry("b", "builtin:random")), seed=3
)

V1_SQLITE = """
CREATE TABLE meta ("key" VARCHAR(64) NOT NULL, value TEXT NOT NULL, PRIMARY KEY ("key"));
CREATE TABLE bots (name VARCHAR(200) NOT NULL, command TEXT, first_seen FLOAT NOT NULL,
    last_seen FLOAT NOT NULL, PRIMARY KEY (name));
CREATE TABLE tournaments (id INTEGER NOT NULL, game VARCHAR(64) NOT NULL, options TEXT NOT NULL,
    format VARCHAR(32) NOT NULL, table_size INTEGER NOT NULL, cycles INTEGER NOT NULL,
    seed BIGINT NOT NULL, hero VARCHAR(200), bots TEXT NOT NULL, time_per_move_ms INTEGER,
    status VARCHAR(16) NOT NULL, created_at FLOAT NOT NULL, finished_at FLOAT, PRIMARY KEY (id));
CREATE INDEX ix_tournaments_game ON tournaments (game);
CREATE TABLE fixtures (tournament_id INTEGER NOT NULL, idx INTEGER NOT NULL,
    cycle INTEGER NOT NULL, table_no INTEGER NOT NULL, rotation INTEGER NOT NULL,
    seats TEXT NOT NULL, seed BIGINT NOT NULL, PRIMARY KEY (tournament_id, idx),
    FOREIGN KEY(tournament_id) REFERENCES tournaments (id) ON DELETE CASCADE);
CREATE TABLE matches (id VARCHAR(64) NOT NULL, tournament_id INTEGER, fixture_idx INTEGER,
    game VARCHAR(64) NOT NULL, options TEXT NOT NULL, seed BIGINT NOT NULL, players TEXT NOT NULL,
    outcome TEXT NOT NULL, termination VARCHAR(32) NOT NULL, detail TEXT NOT NULL,
    started_at FLOAT NOT NULL, finished_at FLOAT NOT NULL, record TEXT NOT NULL, PRIMARY KEY (id),
    FOREIGN KEY(tournament_id, fixture_idx) REFERENCES fixtures (tournament_id, idx)
        ON DELETE CASCADE,
    CONSTRAINT uq_matches_fixture UNIQUE (tournament_id, fixture_idx));
CREATE INDEX ix_matches_game ON matches (game);
"""

V2_SQLITE = """
CREATE TABLE ratings (game VARCHAR(64) NOT NULL, bot VARCHAR(200) NOT NULL, mu DOUBLE NOT NULL,
    sigma DOUBLE NOT NULL, games INTEGER NOT NULL, wins INTEGER NOT NULL,
    updated_at FLOAT NOT NULL, PRIMARY KEY (game, bot));
CREATE TABLE rating_history (match_id VARCHAR(64) NOT NULL, seat INTEGER NOT NULL,
    game VARCHAR(64) NOT NULL, bot VARCHAR(200) NOT NULL, adhoc INTEGER NOT NULL,
    tournament_id INTEGER NOT NULL, fixture_idx INTEGER NOT NULL, finished_at FLOAT NOT NULL,
    rank INTEGER NOT NULL, mu DOUBLE NOT NULL, sigma DOUBLE NOT NULL, rated_at FLOAT NOT NULL,
    PRIMARY KEY (match_id, seat),
    FOREIGN KEY(match_id) REFERENCES matches (id) ON DELETE CASCADE);
CREATE INDEX ix_rating_history_bot ON rating_history
    (game, bot, adhoc, tournament_id, fixture_idx, finished_at, match_id);
CREATE INDEX ix_rating_history_order ON rating_history
    (game, adhoc, tournament_id, fixture_idx, finished_at, match_id);
CREATE TABLE credentials (role VARCHAR(16) NOT NULL, name VARCHAR(64) NOT NULL,
    token_hash VARCHAR(64) NOT NULL, created_at FLOAT NOT NULL, revoked_at FLOAT,
    last_seen FLOAT, PRIMARY KEY (role, name));
"""

V3_SQLITE = "ALTER TABLE tournaments ADD COLUMN deals VARCHAR(16);"
V4_SQLITE = """
ALTER TABLE tournaments ADD COLUMN time_bank_ms INTEGER;
ALTER TABLE tournaments ADD COLUMN increment_ms INTEGER;
ALTER TABLE tournaments ADD COLUMN runner VARCHAR(200);
ALTER TABLE tournaments ADD COLUMN heartbeat_at FLOAT;
"""

# A tournament of two random bots and its two fixtures, as arena of every version stored them.
ROWS_SQL = """
INSERT INTO bots VALUES ('a', 'builtin:random', 1.0, 1.0), ('b', 'builtin:random', 1.0, 1.0);
INSERT INTO tournaments (id, game, options, format, table_size, cycles, seed, hero, bots,
    time_per_move_ms, status, created_at, finished_at)
VALUES (1, 'lucky_numbers', '{"bruno":false,"setup":"easy"}', 'round-robin', 2, 1, 3, NULL,
    '[{"command":"builtin:random","name":"a"},{"command":"builtin:random","name":"b"}]', 1000,
    'created', 1.0, NULL);
INSERT INTO fixtures VALUES (1, 0, 0, 0, 0, '["a","b"]', 11), (1, 1, 0, 0, 1, '["b","a"]', 12);
"""


def old_sqlite_database(path: str, version: int) -> None:
    """A database as an arena of schema `version` (1..4, before Alembic) left it, in literal SQL."""
    steps = [V1_SQLITE, V2_SQLITE, V3_SQLITE, V4_SQLITE][:version]
    with sqlite3.connect(path) as raw:
        raw.executescript("".join(steps) + ROWS_SQL)
        raw.execute("INSERT INTO meta VALUES ('schema_version', ?)", (str(version),))
    raw.close()


def schema_diff(db_url: str) -> list[object]:
    """Alembic autogenerate's differences between the database and the models (none: equal)."""
    engine = create_engine(resolve_url(db_url))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(context, metadata))
    finally:
        engine.dispose()


def back_to_before_alembic(db_url: str, version: int) -> None:
    """Turn a database made now into one an arena of schema `version` (1..4) left: downgrade to
    the baseline revision, then undo what versions after `version` added; no Alembic table."""
    engine = create_engine(resolve_url(db_url))
    with migration_transaction(engine) as conn:  # foreign keys off: batch copies on SQLite
        command.downgrade(revisions.config(conn), BASELINE_REVISION)
        drops = {4: ["time_bank_ms", "increment_ms", "runner", "heartbeat_at"], 3: ["deals"]}
        for step in range(4, version, -1):
            for column in drops.get(step, []):
                conn.execute(sa.text(f"ALTER TABLE tournaments DROP COLUMN {column}"))
        if version < 2:
            for table in ("rating_history", "ratings", "credentials"):
                conn.execute(sa.text(f"DROP TABLE {table}"))
        conn.execute(sa.text(f"DROP TABLE {revisions.VERSION_TABLE}"))
        conn.execute(sa.text(f"UPDATE meta SET value = '{version}'"))
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
        create_tournament(store, SPEC)
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
