"""The database schema (SQLAlchemy Core) and its version.

JSON lives in Text columns, decoded by the store itself, so a corrupt value names its row
instead of failing inside the driver; the same schema runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import sqlalchemy as sa

SCHEMA_VERSION = 1
"""Bump when the schema changes, and teach `engine.migrate` the step from the previous one."""

metadata = sa.MetaData()

meta = sa.Table(
    "meta",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

bots = sa.Table(
    "bots",
    metadata,
    sa.Column("name", sa.String(200), primary_key=True),
    sa.Column("command", sa.Text),  # the last command it was launched with (None: in-process)
    sa.Column("first_seen", sa.Float, nullable=False),
    sa.Column("last_seen", sa.Float, nullable=False),
)

tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(64), nullable=False, index=True),
    sa.Column("options", sa.Text, nullable=False),  # JSON object
    sa.Column("format", sa.String(32), nullable=False),
    sa.Column("table_size", sa.Integer, nullable=False),
    sa.Column("cycles", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("hero", sa.String(200)),
    sa.Column("bots", sa.Text, nullable=False),  # JSON list of {"name", "command"}
    sa.Column("time_per_move_ms", sa.Integer),
    # "independent" or "duplicate"; NULL in rows from before the column: they were duplicate
    sa.Column("deals", sa.String(16)),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float),
)

fixtures = sa.Table(
    "fixtures",
    metadata,
    sa.Column(
        "tournament_id",
        sa.Integer,
        sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("cycle", sa.Integer, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("rotation", sa.Integer, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),  # JSON list of bot names, seat 0 first
    sa.Column("seed", sa.BigInteger, nullable=False),
)

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("tournament_id", sa.Integer),
    sa.Column("fixture_idx", sa.Integer),
    sa.Column("game", sa.String(64), nullable=False, index=True),
    sa.Column("options", sa.Text, nullable=False),  # JSON object
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("players", sa.Text, nullable=False),  # JSON list: bot name per seat
    sa.Column("outcome", sa.Text, nullable=False),  # JSON: Outcome.to_dict()
    sa.Column("termination", sa.String(32), nullable=False),
    sa.Column("detail", sa.Text, nullable=False),
    sa.Column("started_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=False),
    sa.Column("record", sa.Text, nullable=False),  # JSON: MatchRecord.to_dict(), every decision
    sa.ForeignKeyConstraint(
        ["tournament_id", "fixture_idx"],
        ["fixtures.tournament_id", "fixtures.idx"],
        ondelete="CASCADE",
    ),
    # one match per fixture: a resumed run can never play a fixture twice
    sa.UniqueConstraint("tournament_id", "fixture_idx", name="uq_matches_fixture"),
)
