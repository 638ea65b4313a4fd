"""The database schema (SQLAlchemy Core): the models its Alembic revisions must reach.

JSON lives in Text columns, decoded by the store itself, so a corrupt value names its row
instead of failing inside the driver; the same schema runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import sqlalchemy as sa

SCHEMA_VERSION = 4
"""meta.schema_version as the head revision leaves it: the number arenas from before Alembic
read (and refuse when larger). Schema changes are Alembic revisions (docs/migrations.md); bump
this only with a revision that older arenas must not write to.

1: tournaments, fixtures, matches, bots. 2: + ratings, rating_history (the stored ladder,
rebuilt from the matches on upgrade) and credentials. 3: + tournaments.deals (NULL: duplicate).
4: + tournaments.time_bank_ms, increment_ms (the clock), runner, heartbeat_at (the run's lease);
revision 0001, the first under Alembic (arena/store/legacy.py brings 1-3 to it).
"""

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
    sa.Column("time_bank_ms", sa.Integer),  # version 4
    sa.Column("increment_ms", sa.Integer),  # version 4
    # version 4: who plays it now ("host:pid", NULL when nobody) and its last sign of life
    sa.Column("runner", sa.String(200)),
    sa.Column("heartbeat_at", sa.Float),
    # "independent" or "duplicate"; NULL in rows from before the column: they were duplicate
    sa.Column("deals", sa.String(16)),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float),
    # revision 0002: a JSON object of format and run settings (Swiss rounds, a knockout's
    # seeding, the reconnect grace); NULL: none
    sa.Column("settings", sa.Text),
    # revision 0003: who created it: an organizer credential's name, or "local:USER" for a run
    # on the database itself; NULL (rows from before, an open server's): the admins'
    sa.Column("owner", sa.String(200)),
    # revision 0003: ids are never reused. SQLite's plain rowid hands a deleted tournament's id
    # (and with it its tN-* match ids) to the next one, so an old link, attach or export would
    # name another tournament; PostgreSQL's sequence never goes back.
    sqlite_autoincrement=True,
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
    sa.Column("plies", sa.Integer),  # revision 0002: len(record.moves); NULL if unreadable
    sa.ForeignKeyConstraint(
        ["tournament_id", "fixture_idx"],
        ["fixtures.tournament_id", "fixtures.idx"],
        ondelete="CASCADE",
    ),
    # one match per fixture: a resumed run can never play a fixture twice
    sa.UniqueConstraint("tournament_id", "fixture_idx", name="uq_matches_fixture"),
)

# The stored ladder (arena/store/ladder.py): the current rating of every bot per game, and
# one history row per rated match and seat. Both are derived from `matches` and can be rebuilt.
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("bot", sa.String(200), primary_key=True),
    sa.Column("mu", sa.Double, nullable=False),
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column(
        "match_id",
        sa.String(64),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(200), nullable=False),
    # The rating order of the match, as Store.results orders matches: tournament matches by
    # (tournament id, fixture index), then matches outside a tournament (adhoc = 1, tournament
    # and fixture 0) by finishing time; the match id breaks ties. No NULLs, so row values compare.
    sa.Column("adhoc", sa.Integer, nullable=False),
    sa.Column("tournament_id", sa.Integer, nullable=False),
    sa.Column("fixture_idx", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu", sa.Double, nullable=False),  # after this match
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("rated_at", sa.Float, nullable=False),  # when these values were (re)computed
    sa.Index(
        "ix_rating_history_order",
        "game",
        "adhoc",
        "tournament_id",
        "fixture_idx",
        "finished_at",
        "match_id",
    ),
    sa.Index(
        "ix_rating_history_bot",
        "game",
        "bot",
        "adhoc",
        "tournament_id",
        "fixture_idx",
        "finished_at",
        "match_id",
    ),
)

# Who may connect: one row per (role, name); only a SHA-256 of the token is kept.
credentials = sa.Table(
    "credentials",
    metadata,
    sa.Column("role", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False),  # hex SHA-256 of the token
    sa.Column("created_at", sa.Float, nullable=False),  # when the current token was issued
    sa.Column("revoked_at", sa.Float),
    sa.Column("last_seen", sa.Float),  # the last successful verify
    # revision 0003: an organizer who may cancel, resume and delete anyone's tournaments
    sa.Column(
        "admin", sa.Boolean(create_constraint=False), nullable=False, server_default=sa.false()
    ),
)
