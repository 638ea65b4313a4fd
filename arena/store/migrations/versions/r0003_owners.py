"""tournaments.owner and credentials.admin: who owns a tournament, who may manage any

`tournaments.owner` names the organizer credential that created a tournament ("local:USER" for
a run on the database itself). Rows from before have none: they belong to the admins, so no
organizer can cancel, resume or delete them but an admin (`arena organizer promote NAME`).
`credentials.admin` marks the organizers who may manage every tournament; none is one at first.
On SQLite, tournament ids are never reused (AUTOINCREMENT): a deleted tournament's id, and its
`tN-*` match ids, went to the next tournament, so an old link, attach or export named another.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-07 18:30:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """tournaments.owner and credentials.admin: who owns a tournament, who may manage any"""
    # On SQLite the table is copied with AUTOINCREMENT (schema.py: sqlite_autoincrement), so a
    # deleted tournament's id is never given to the next one; the copy keeps every row and id,
    # and as arena migrates with foreign keys off, its DROP cascades to no fixture or match.
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table(
        "tournaments",
        schema=None,
        recreate="always" if sqlite else "auto",
        table_kwargs={"sqlite_autoincrement": True},
    ) as batch_op:
        batch_op.add_column(sa.Column("owner", sa.String(length=200), nullable=True))
    with op.batch_alter_table("credentials", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "admin",
                sa.Boolean(create_constraint=False),
                server_default=sa.false(),
                nullable=False,
            )
        )


def downgrade() -> None:
    """Undo it (arena never downgrades by itself; for developers)."""
    with op.batch_alter_table("credentials", schema=None) as batch_op:
        batch_op.drop_column("admin")
    sqlite = op.get_bind().dialect.name == "sqlite"
    with op.batch_alter_table(
        "tournaments",
        schema=None,
        recreate="always" if sqlite else "auto",
        table_kwargs={"sqlite_autoincrement": False},
    ) as batch_op:
        batch_op.drop_column("owner")
