"""Opening a database: URL or path, SQLite pragmas, creating and upgrading its schema."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine

from arena.errors import SchemaVersionError, StoreError
from arena.store import revisions
from arena.store.revisions import SchemaState
from arena.store.schema import SCHEMA_VERSION

DEFAULT_DB = "arena.db"
ENV_VAR = "ARENA_DB"
SQLITE_BUSY_TIMEOUT_MS = 15_000  # concurrent writers (several referees) wait, not fail
PREPARE_TRIES = 5  # SQLite "database is locked" without waiting: start over
SCHEMA_LOCK_KEY = 0x6172656E61  # PostgreSQL advisory lock held while upgrading the schema


IN_MEMORY = ":memory:"
# SQLite's in-memory database lives and dies with one connection: the store's threads would each
# see an empty one, and nothing recorded would outlive the command.
NO_MEMORY = "an in-memory database keeps nothing: give a file path (or a sqlite:///PATH URL)"


def resolve_url(target: str | None) -> URL:
    """An SQLAlchemy URL from --db, else $ARENA_DB, else arena.db here; a plain path is SQLite."""
    text = (target or os.environ.get(ENV_VAR) or DEFAULT_DB).strip()
    if text == IN_MEMORY:
        raise StoreError(NO_MEMORY)
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser().absolute()))
    try:
        url = sa.make_url(text)
    except Exception as exc:  # ArgumentError, ValueError: anything unparsable
        raise StoreError(f"bad database URL {_masked(text)!r}: {first_line(exc)}") from None
    backend = url.get_backend_name()
    if backend == "postgres":  # the old Heroku spelling
        url = url.set(drivername="postgresql")
        backend = "postgresql"
    if backend == "postgresql" and "+" not in url.drivername:
        url = url.set(drivername="postgresql+psycopg2")
    if backend == "sqlite" and url.database in (None, "", IN_MEMORY):
        raise StoreError(NO_MEMORY)
    if backend not in ("sqlite", "postgresql"):
        raise StoreError(
            f"unsupported database {backend!r} in {shown_url(url)}: use a file path, "
            "sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    return url


def create_engine(url: URL) -> Engine:
    """An engine for the URL; SQLite gets WAL, foreign keys and a busy timeout on connect."""
    sqlite = url.get_backend_name() == "sqlite"
    # sqlite3's own busy timeout (5 s by default) covers the pragmas run before ours is set
    connect_args = {"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000} if sqlite else {}
    try:
        engine = sa.create_engine(url, pool_pre_ping=not sqlite, connect_args=connect_args)
    except Exception as exc:  # missing driver, bad query arguments
        raise StoreError(f"cannot use database {shown_url(url)}: {first_line(exc)}") from None
    if sqlite:
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")  # first: the next one locks
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL never corrupts and survives a killed process; only a power cut may
    # lose the last commits. FULL would fsync every stored match.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def check_exists(url: URL, create: bool) -> None:
    """StoreError for a SQLite file that is not there when it must not be created."""
    if create or url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return
    if not Path(url.database).is_file():
        raise StoreError(f"no database at {url.database} (give --db or $ARENA_DB)")


def prepare(engine: Engine, url: URL, *, create: bool = True) -> None:
    """Create the schema on first use, upgrade an older one; refuse one from a newer arena.

    Safe when several processes open a database at once: the upgrade is serialized (SQLite's
    write lock, PostgreSQL's advisory lock) and the later ones find it done. SQLite answers
    "database is locked" at once, without waiting, where waiting could deadlock (a reader that
    must write after another writer); every step here reads the state again, so those tries
    start over, a few times.
    """
    where = shown_url(url)
    for attempt in range(1, PREPARE_TRIES + 1):
        try:
            _prepare(engine, where, create)
            return
        except sa.exc.OperationalError as exc:
            if attempt == PREPARE_TRIES or not _locked(exc):
                raise StoreError(f"cannot open database {where}: {first_line(exc)}") from None
            time.sleep(0.05 * attempt)
        except StoreError:
            raise
        except sa.exc.SQLAlchemyError as exc:
            raise StoreError(f"cannot open database {where}: {first_line(exc)}") from None


def _prepare(engine: Engine, where: str, create: bool) -> None:
    with engine.connect() as conn:
        found = _state(conn, where)
    _check(found, where, create)
    if revisions.is_current(found):
        return
    with migration_transaction(engine) as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.select(sa.func.pg_advisory_xact_lock(SCHEMA_LOCK_KEY)))
        # Again under the lock: another process may have upgraded it meanwhile.
        state = _state(conn, where)
        _check(state, where, create)
        if not revisions.is_current(state):
            try:
                revisions.upgrade(conn, state)
            except StoreError as exc:
                raise StoreError(f"cannot upgrade database {where}: {exc}") from None


def _locked(exc: sa.exc.OperationalError) -> bool:
    return "database is locked" in str(exc.orig)


def schema_state(engine: Engine, url: URL) -> SchemaState:
    """What the database holds now, changing nothing."""
    try:
        with engine.connect() as conn:
            return _state(conn, shown_url(url))
    except StoreError:
        raise
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"cannot open database {shown_url(url)}: {first_line(exc)}") from None


def _state(conn: sa.Connection, where: str) -> SchemaState:
    try:
        return revisions.read_state(conn)
    except StoreError as exc:
        raise StoreError(f"database {where}: {exc}") from None


def _check(state: SchemaState, where: str, create: bool) -> None:
    if state.empty and not create:
        raise StoreError(f"database {where} holds no arena data")
    if state.revision is not None and not revisions.known(state.revision):
        raise SchemaVersionError(
            f"database {where} is at schema revision {state.revision}, newer than this arena "
            f"understands ({revisions.head()}): upgrade arena to use it"
        )
    if state.version is not None and state.version > SCHEMA_VERSION:
        raise SchemaVersionError(
            f"database {where} has schema version {state.version}, newer than this "
            f"arena understands ({SCHEMA_VERSION}): upgrade arena to use it"
        )


@contextlib.contextmanager
def write_transaction(engine: Engine) -> Iterator[sa.Connection]:
    """A transaction that may read then write: on SQLite it holds the write lock from BEGIN.

    A deferred SQLite transaction that reads, then writes after another writer committed,
    fails at once (a stale snapshot) instead of waiting; BEGIN IMMEDIATE waits its turn.
    """
    with engine.connect() as conn:
        if conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.commit()


@contextlib.contextmanager
def migration_transaction(engine: Engine) -> Iterator[sa.Connection]:
    """A write transaction for schema changes; on SQLite foreign keys are off while it runs.

    SQLite alters a table in batch mode by copying it and dropping the old one, and with
    foreign keys on, that DROP deletes every row that refers to it (ON DELETE CASCADE). So they
    are off (the pragma is ignored inside a transaction: set before BEGIN), every key is checked
    before the commit, and they are back on before the connection returns to the pool.
    """
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        try:
            try:
                yield conn
                if sqlite:
                    broken = conn.exec_driver_sql("PRAGMA foreign_key_check").first()
                    if broken is not None:
                        raise StoreError(f"the upgrade broke a foreign key in {broken[0]}")
            except BaseException:
                conn.rollback()
                raise
            conn.commit()
        finally:
            if sqlite:
                conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                conn.commit()


def shown_url(url: URL) -> str:
    """The URL for messages: its password hidden, in the user part or as a query argument."""
    if "password" in url.query:
        url = url.update_query_dict({"password": "***"})
    return url.render_as_string(hide_password=True)


def _masked(text: str) -> str:
    """A URL that does not parse, for messages: whatever precedes its host's '@' hidden."""
    scheme, sep, rest = text.partition("://")
    if not sep or "@" not in rest:
        return text
    return f"{scheme}://***@{rest.rpartition('@')[2]}"


def first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()
    return text[0] if text else type(orig).__name__
