"""Opening a database for a front end: the one door to the store for the CLI."""

from __future__ import annotations

from arena.store import DEFAULT_DB, Store


def open_store(target: str | None = None, *, create: bool = True) -> Store:
    """The database at `target` (a path or URL; else $ARENA_DB, else arena.db here).

    `create=False` refuses to create a missing one (read-only commands never create one).
    """
    return Store.open(target, create=create)


__all__ = ["DEFAULT_DB", "Store", "open_store"]
