"""Every row of every table of an arena database: compared before and after a refused call,
which must change nothing stored."""

from __future__ import annotations

import sqlalchemy as sa

from arena.store import Store, resolve_url
from arena.store.engine import create_engine
from arena.store.schema import metadata

Dump = dict[str, list[tuple[object, ...]]]


def dump(store: Store) -> Dump:
    """Each table's rows, sorted (the credentials' last_seen left out: a check may stamp it)."""
    return dump_engine(store.engine)


def dump_db(target: str) -> Dump:
    """dump() of the database at a path or URL, opened without migrating or creating it."""
    engine = create_engine(resolve_url(target))
    try:
        return dump_engine(engine)
    finally:
        engine.dispose()


def dump_engine(engine: sa.Engine) -> Dump:
    out: Dump = {}
    with engine.connect() as conn:
        for table in metadata.sorted_tables:
            columns = [c for c in table.c if c.name != "last_seen"]
            rows = conn.execute(sa.select(*columns)).all()
            out[table.name] = sorted((tuple(r) for r in rows), key=repr)
    return out
