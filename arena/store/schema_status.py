"""A database's schema as `arena db status` shows it: its revision, the head, what is pending."""

from __future__ import annotations

from dataclasses import dataclass

from arena.store import engine as engines
from arena.store import revisions
from arena.store.schema import SCHEMA_VERSION


@dataclass(frozen=True, slots=True)
class SchemaStatus:
    """Where a database's schema stands against this arena's revisions."""

    location: str
    version: int | None  # meta.schema_version (None: no arena data)
    revision: str | None  # its Alembic revision (None: new, or from before Alembic)
    head: str
    pending: tuple[str, ...]  # "REV: what it does", oldest first

    @property
    def newer(self) -> bool:
        """Made by a newer arena: this one refuses it."""
        unknown = self.revision is not None and not revisions.known(self.revision)
        return unknown or (self.version is not None and self.version > SCHEMA_VERSION)

    @property
    def current(self) -> str:
        """Its revision in words."""
        if self.revision is not None:
            return self.revision + (" (head)" if self.revision == self.head else "")
        if self.version is not None:
            return f"none: schema version {self.version}, from before Alembic"
        return "none: no arena data yet"


def schema_status(target: str | None) -> SchemaStatus:
    """The schema status of the database at a path or URL; it creates and changes nothing."""
    url = engines.resolve_url(target)
    engines.check_exists(url, create=False)
    engine = engines.create_engine(url)
    try:
        state = engines.schema_state(engine, url)
    finally:
        engine.dispose()
    pending = tuple(f"{s.revision}: {s.doc}" for s in revisions.pending(state))
    return SchemaStatus(
        engines.shown_url(url),
        state.version,
        state.revision,
        revisions.head(),
        pending,
    )
