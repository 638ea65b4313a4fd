"""The schema's Alembic revisions: where the scripts live, what a database holds, upgrading it.

The scripts ship inside the package (arena/store/migrations), so an installed arena upgrades
its databases without the source tree. Callers hold the schema lock and the transaction
(engine.prepare); everything here runs on their connection.

Alembic is imported only to create or upgrade a database (about 95 ms of every CLI start
otherwise): an up-to-date database is recognised by HEAD, which a test keeps equal to the
scripts' head.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import sqlalchemy as sa

from arena.errors import StoreError
from arena.store import legacy

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import Script, ScriptDirectory

SCRIPTS = Path(__file__).with_name("migrations")
VERSION_TABLE = "alembic_version"  # Alembic's default
HEAD = "0003"  # the newest revision in SCRIPTS (tests/store/test_store_migrations.py checks it)

# Alembic's `op` and `context` are module-wide proxies: one run at a time in a process.
_RUN_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class SchemaState:
    """What a database holds: meta's schema_version and its Alembic revision (None: absent)."""

    version: int | None
    revision: str | None

    @property
    def empty(self) -> bool:
        """No arena data at all: a new database."""
        return self.version is None and self.revision is None

    @property
    def legacy(self) -> bool:
        """Made by an arena from before Alembic: a schema version and no revision."""
        return self.revision is None and self.version is not None


def config(conn: sa.Connection | None = None) -> Config:
    """An Alembic configuration for the packaged scripts, running on `conn` when given."""
    _load_alembic()
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(SCRIPTS))
    if conn is not None:
        cfg.attributes["connection"] = conn
    return cfg


@functools.cache
def scripts() -> ScriptDirectory:
    """The packaged revisions (read once per process)."""
    _load_alembic()
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config())


def head() -> str:
    """The newest revision this arena knows."""
    return HEAD


def known(revision: str) -> bool:
    """Whether this arena has the revision (an unknown one comes from a newer arena)."""
    if revision == HEAD:
        return True
    if not revision.strip():  # a blank row: Alembic asserts on it instead of refusing it
        return False
    _load_alembic()
    from alembic.util import CommandError

    try:
        return scripts().get_revision(revision) is not None
    except CommandError:  # ResolutionError is one
        return False


def read_state(conn: sa.Connection) -> SchemaState:
    """The database's schema version and revision; StoreError if its meta row is unreadable."""
    inspector = sa.inspect(conn)
    version = revision = None
    if inspector.has_table("meta"):
        row = conn.execute(sa.text("SELECT value FROM meta WHERE key = 'schema_version'")).first()
        if row is None:
            raise StoreError("its meta table holds no schema_version: not an arena database")
        try:
            version = int(row[0])
        except ValueError:
            raise StoreError(f"meta row 'schema_version' holds {row[0]!r}, not a number") from None
    if inspector.has_table(VERSION_TABLE):
        # Plain SQL: Alembic's MigrationContext logs at INFO on every configure.
        rows = conn.execute(sa.text(f"SELECT version_num FROM {VERSION_TABLE}")).all()
        if len(rows) > 1:
            raise StoreError(f"{VERSION_TABLE} holds {len(rows)} revisions; arena has one line")
        revision = rows[0][0] if rows else None
    return SchemaState(version, revision)


def is_current(state: SchemaState) -> bool:
    """At the head revision: nothing to do."""
    return state.revision == head()


def pending(state: SchemaState) -> list[Script]:
    """The revisions an upgrade would apply, oldest first (for a legacy database: all of them;
    its legacy steps stand for the baseline)."""
    if state.revision is not None and not known(state.revision):
        return []
    lower = state.revision or "base"
    return list(reversed(list(scripts().iterate_revisions(head(), lower))))


def upgrade(conn: sa.Connection, state: SchemaState) -> None:
    """Bring the database from `state` (read under the caller's lock) to the head revision;
    StoreError if Alembic cannot."""
    _load_alembic()
    from alembic import command
    from alembic.util import CommandError

    with _RUN_LOCK, _quiet_alembic():
        fold = False
        try:
            if state.legacy:
                assert state.version is not None
                fold = legacy.upgrade_to_baseline(conn, state.version)
                command.stamp(config(conn), legacy.BASELINE_REVISION)
            command.upgrade(config(conn), "head")
        except CommandError as exc:
            raise StoreError(f"alembic: {exc}") from None
        if fold:
            legacy.fold_ladders(conn)


def _load_alembic() -> None:
    """Import Alembic where it is needed: on import it logs its plugins at INFO, a line that
    would lead a server's log."""
    if "alembic.command" in sys.modules:
        return
    with _quiet_alembic():
        import alembic.command
        import alembic.config
        import alembic.script
        import alembic.util  # noqa: F401


@contextlib.contextmanager
def _quiet_alembic() -> Iterator[None]:
    # Alembic logs every step at INFO: noise in the logs of a server or a CLI run that
    # merely opened a new database (`arena db status` says what was applied).
    logger = logging.getLogger("alembic")
    level = logger.level
    logger.setLevel(logging.WARNING)
    try:
        yield
    finally:
        logger.setLevel(level)
