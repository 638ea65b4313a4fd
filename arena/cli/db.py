"""`arena db status` and `arena db upgrade`: the database schema, for organizers.

Every command that writes upgrades its database by itself, so these are for looking first
(status changes nothing) and for upgrading at a chosen moment (say, before a server restart).
"""

from __future__ import annotations

import typer

from arena.cli import app
from arena.cli.output import DbOption
from arena.errors import StoreError
from arena.store import Store
from arena.store.schema_status import SchemaStatus, schema_status

db_app = typer.Typer(
    rich_markup_mode=None,
    help="See and upgrade the database schema (Alembic revisions).",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(db_app, name="db")


def _lines(status: SchemaStatus) -> list[str]:
    lines = [
        f"database  {status.location}",
        f"revision  {status.current}",
        f"head      {status.head}",
    ]
    if status.newer:
        lines.append("pending   none: this database is from a newer arena; upgrade arena to use it")
    elif not status.pending:
        lines.append("pending   none: up to date")
    else:
        lines.append(f"pending   {len(status.pending)} revision(s): run `arena db upgrade`")
        lines.extend(f"  {entry}" for entry in status.pending)
    return lines


@db_app.command("status")
def status_command(db: DbOption = None) -> None:
    """Show the database's schema revision, this arena's newest and what an upgrade would apply.

    Changes nothing and creates no database.
    """
    typer.echo("\n".join(_lines(schema_status(db))))


@db_app.command("upgrade")
def upgrade_command(db: DbOption = None) -> None:
    """Upgrade the database to this arena's newest revision (creating it when there is none).

    Safe while other arena processes use it: upgraders take turns and the later ones find it
    done. A database from a newer arena is refused and left as it is.
    """
    try:
        before: SchemaStatus | None = schema_status(db)
    except StoreError:  # no database yet: Store.open creates it, or says why it cannot
        before = None
    Store.open(db).close()
    after = schema_status(db)
    if before is not None and before.revision == after.revision:
        typer.echo(f"database {after.location}: already at {after.current}")
    elif before is None or before.version is None:
        typer.echo(f"database {after.location}: created at {after.current}")
    else:
        typer.echo(f"database {after.location}: upgraded from {before.current} to {after.current}")
