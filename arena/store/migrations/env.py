"""Alembic's environment: runs the revisions on arena's connection, or on $ARENA_DB.

arena passes its open connection (inside its own transaction and lock) as
config.attributes["connection"]; the `alembic` command line of a developer has none, so this
opens the database named by the ini's sqlalchemy.url, else --db's default ($ARENA_DB, arena.db).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import context

from arena.store.engine import create_engine, migration_transaction, resolve_url
from arena.store.schema import metadata


def _run(conn: sa.Connection) -> None:
    context.configure(
        connection=conn,
        target_metadata=metadata,
        # SQLite cannot ALTER most things: batch mode copies the table instead
        render_as_batch=True,
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def _main() -> None:
    conn = context.config.attributes.get("connection")
    if conn is not None:
        _run(conn)
        return
    engine = create_engine(resolve_url(context.config.get_main_option("sqlalchemy.url")))
    try:
        # as arena runs them: SQLite foreign keys off, so a batch copy's DROP cascades nowhere
        with migration_transaction(engine) as own:
            _run(own)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("arena's migrations run online only: give a database (ARENA_DB)")
_main()
