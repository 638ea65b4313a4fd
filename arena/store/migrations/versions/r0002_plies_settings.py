"""matches.plies and tournaments.settings: moves per match in brief, round formats' settings

`matches.plies` is the number of decisions of a match, so a page of match summaries (ListMatches,
`tournament show --matches`) reads no full record; it is filled from the records here.
`tournaments.settings` is a JSON object of what only some formats or runs need (Swiss rounds,
a knockout's seeding, a server run's reconnect grace); NULL means none of them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 16:00:00
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

CHUNK = 500  # records read at a time while counting their moves


def upgrade() -> None:
    """matches.plies and tournaments.settings: moves per match in brief, round formats' settings"""
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.add_column(sa.Column("plies", sa.Integer(), nullable=True))
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.add_column(sa.Column("settings", sa.Text(), nullable=True))
    _count_plies(op.get_bind())


def _count_plies(conn: sa.Connection) -> None:
    """Fill matches.plies from each stored record (an unreadable record stays NULL)."""
    matches = sa.table(
        "matches", sa.column("id", sa.String), sa.column("record", sa.Text), sa.column("plies")
    )
    ids = [row.id for row in conn.execute(sa.select(matches.c.id).order_by(matches.c.id))]
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start : start + CHUNK]
        rows = conn.execute(
            sa.select(matches.c.id, matches.c.record).where(matches.c.id.in_(chunk))
        ).all()
        for row in rows:
            try:
                plies = len(json.loads(row.record)["moves"])
            except (TypeError, ValueError, KeyError):
                continue
            conn.execute(matches.update().where(matches.c.id == row.id).values(plies=plies))


def downgrade() -> None:
    """Undo it (arena never downgrades by itself; for developers)."""
    with op.batch_alter_table("tournaments", schema=None) as batch_op:
        batch_op.drop_column("settings")
    with op.batch_alter_table("matches", schema=None) as batch_op:
        batch_op.drop_column("plies")
