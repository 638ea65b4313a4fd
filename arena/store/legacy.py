"""Databases from before Alembic: bring schema versions 1 to 3 up to 4, the baseline revision.

arena numbered its schema in meta.schema_version until Alembic took over at version 4 (revision
0001). These steps are frozen as they were: they create the tables version 2 added in their
version-4 shape (not the current one, which later revisions reach from there) and add the
columns versions 3 and 4 added. The caller then stamps revision 0001 and upgrades to head.
"""

from __future__ import annotations

import sqlalchemy as sa

from arena.store import ladder
from arena.store.schema import matches

BASELINE_VERSION = 4
"""The meta schema_version of revision 0001: older databases are upgraded here first."""

BASELINE_REVISION = "0001"

# The tables version 2 added, frozen in their version-4 shape.
_V2 = sa.MetaData()
sa.Table(
    "ratings",
    _V2,
    sa.Column("game", sa.String(64), primary_key=True),
    sa.Column("bot", sa.String(200), primary_key=True),
    sa.Column("mu", sa.Double, nullable=False),
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("wins", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
)
sa.Table(
    "rating_history",
    _V2,
    sa.Column(
        "match_id",
        sa.String(64),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        primary_key=True,
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(200), nullable=False),
    sa.Column("adhoc", sa.Integer, nullable=False),
    sa.Column("tournament_id", sa.Integer, nullable=False),
    sa.Column("fixture_idx", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=False),
    sa.Column("rank", sa.Integer, nullable=False),
    sa.Column("mu", sa.Double, nullable=False),
    sa.Column("sigma", sa.Double, nullable=False),
    sa.Column("rated_at", sa.Float, nullable=False),
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
sa.Table(
    "credentials",
    _V2,
    sa.Column("role", sa.String(16), primary_key=True),
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("revoked_at", sa.Float),
    sa.Column("last_seen", sa.Float),
)
# Only the target of rating_history's foreign key: version 1 made it, never created from here.
sa.Table("matches", _V2, sa.Column("id", sa.String(64), primary_key=True))
_V2_TABLES = ("ratings", "rating_history", "credentials")

_V4_COLUMNS = (  # version 4: the tournament clock's bank and increment, and the runner's lease
    ("time_bank_ms", "INTEGER"),
    ("increment_ms", "INTEGER"),
    ("runner", "VARCHAR(200)"),
    ("heartbeat_at", "FLOAT"),
)


def upgrade_to_baseline(conn: sa.Connection, version: int) -> bool:
    """Bring a version 1..4 database to version 4; True when its ladder must be folded (v1)."""
    if version >= BASELINE_VERSION:
        return False
    if version < 2:
        # 2: the stored ladder and the credentials are new (checkfirst: never a second time)
        _V2.create_all(conn, tables=[_V2.tables[name] for name in _V2_TABLES])
    columns = {c["name"] for c in sa.inspect(conn).get_columns("tournaments")}
    if version < 3 and "deals" not in columns:
        # 3: tournaments.deals; older rows keep NULL, read as duplicate (how they were dealt)
        conn.execute(sa.text("ALTER TABLE tournaments ADD COLUMN deals VARCHAR(16)"))
    for name, kind in _V4_COLUMNS:
        if name not in columns:
            conn.execute(sa.text(f"ALTER TABLE tournaments ADD COLUMN {name} {kind}"))
    conn.execute(
        sa.text("UPDATE meta SET value = :v WHERE key = 'schema_version'"),
        {"v": str(BASELINE_VERSION)},
    )
    return version < 2


def fold_ladders(conn: sa.Connection) -> None:
    """Build the stored ladder of every game from its matches (a version-1 database had none).

    Run after the upgrade to head, so the current ladder code writes the current tables.
    """
    for (game,) in conn.execute(sa.select(matches.c.game).distinct()).all():
        ladder.lock_game(conn, game)
        ladder.rebuild(conn, game, ladder.rated_matches(conn, game))
