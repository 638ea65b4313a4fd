"""Databases as arenas before Alembic (schema versions 1..4) left them, and a way back."""

from __future__ import annotations

import sqlite3

import sqlalchemy as sa
from alembic import command

from arena.store import resolve_url, revisions
from arena.store.engine import create_engine, migration_transaction
from arena.store.legacy import BASELINE_REVISION

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
