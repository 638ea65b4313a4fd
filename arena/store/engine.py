"""Opening a database: URL or path resolution, SQLite pragmas, schema creation and version."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine

from arena.errors import SchemaVersionError, StoreError
from arena.store import ladder
from arena.store.schema import SCHEMA_VERSION, matches, meta, metadata

DEFAULT_DB = "arena.db"
ENV_VAR = "ARENA_DB"
SQLITE_BUSY_TIMEOUT_MS = 15_000  # concurrent writers (several referees) wait, not fail
SCHEMA_LOCK_KEY = 0x6172656E61  # PostgreSQL advisory lock held while creating the schema


def resolve_url(target: str | None) -> URL:
    """An SQLAlchemy URL from --db, else $ARENA_DB, else arena.db here; a plain path is SQLite."""
    text = (target or os.environ.get(ENV_VAR) or DEFAULT_DB).strip()
    if "://" not in text:
        return URL.create("sqlite", database=str(Path(text).expanduser().absolute()))
    try:
        url = sa.make_url(text)
    except Exception as exc:  # ArgumentError, ValueError: anything unparsable
        raise StoreError(f"bad database URL {text!r}: {_first_line(exc)}") from None
    backend = url.get_backend_name()
    if backend == "postgres":  # the old Heroku spelling
        url = url.set(drivername="postgresql")
        backend = "postgresql"
    if backend == "postgresql" and "+" not in url.drivername:
        url = url.set(drivername="postgresql+psycopg2")
    if backend not in ("sqlite", "postgresql"):
        raise StoreError(
            f"unsupported database {backend!r} in {_safe(url)}: use a file path, "
            "sqlite:///PATH or postgresql://USER@HOST/DB"
        )
    return url


def create_engine(url: URL) -> Engine:
    """An engine for the URL; SQLite gets WAL, foreign keys and a busy timeout on connect."""
    try:
        engine = sa.create_engine(url, pool_pre_ping=url.get_backend_name() == "postgresql")
    except Exception as exc:  # missing driver, bad query arguments
        raise StoreError(f"cannot use database {_safe(url)}: {_first_line(exc)}") from None
    if url.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL never corrupts and survives a killed process; only a power cut may
    # lose the last commits. FULL would fsync every stored match.
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.close()


def check_exists(url: URL, create: bool) -> None:
    """StoreError for a SQLite file that is not there when it must not be created."""
    if create or url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return
    if not Path(url.database).is_file():
        raise StoreError(f"no database at {url.database} (give --db or $ARENA_DB)")


def prepare(engine: Engine, url: URL, *, create: bool = True) -> None:
    """Create the schema on first use, upgrade an older one; refuse one from a newer arena.

    Safe when several processes open a new database at once: the creation is serialized
    (SQLite's write lock, PostgreSQL's advisory lock) and the later ones find it done.
    """
    try:
        with engine.begin() as conn:
            # None: a new database, or one whose creation was interrupted
            version = _read_version(conn) if sa.inspect(conn).has_table("meta") else None
        if version is None and not create:
            raise StoreError(f"database {_safe(url)} holds no arena data")
        if version is None:
            with write_transaction(engine) as conn:
                if conn.dialect.name == "postgresql":
                    conn.execute(sa.select(sa.func.pg_advisory_xact_lock(SCHEMA_LOCK_KEY)))
                # Again under the lock: another process may have created it meanwhile.
                version = _read_version(conn) if sa.inspect(conn).has_table("meta") else None
                if version is None:
                    metadata.create_all(conn)
                    conn.execute(
                        meta.insert().values(key="schema_version", value=str(SCHEMA_VERSION))
                    )
                    version = SCHEMA_VERSION
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"database {_safe(url)} has schema version {version}, newer than this "
                f"arena understands ({SCHEMA_VERSION}): upgrade arena to use it"
            )
        if version < SCHEMA_VERSION:
            with write_transaction(engine) as conn:
                migrate(conn)
    except StoreError:
        raise
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"cannot open database {_safe(url)}: {_first_line(exc)}") from None


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


def migrate(conn: sa.Connection) -> None:
    """Bring the schema up to SCHEMA_VERSION, one step at a time; once, whoever runs it first."""
    query = sa.select(meta.c.value).where(meta.c.key == "schema_version")
    if conn.dialect.name == "postgresql":
        query = query.with_for_update()  # a second upgrader waits here, then finds it done
    row = conn.execute(query).first()
    version = SCHEMA_VERSION if row is None else int(row[0])
    if version >= SCHEMA_VERSION:
        return
    metadata.create_all(conn)
    if version < 2:
        # 2: the stored ladder is new; fold every game's matches into it once
        for (game,) in conn.execute(sa.select(matches.c.game).distinct()).all():
            ladder.lock_game(conn, game)
            ladder.rebuild(conn, game, ladder.rated_matches(conn, game))
    columns = {c["name"] for c in sa.inspect(conn).get_columns("tournaments")}
    if version < 3 and "deals" not in columns:
        # 3: tournaments.deals; older rows keep NULL, read as duplicate (how they were dealt)
        conn.execute(sa.text("ALTER TABLE tournaments ADD COLUMN deals VARCHAR(16)"))
    if version < 4:
        # 4: the tournament clock's bank and increment, and the runner's lease
        for name, kind in (
            ("time_bank_ms", "INTEGER"),
            ("increment_ms", "INTEGER"),
            ("runner", "VARCHAR(200)"),
            ("heartbeat_at", "FLOAT"),
        ):
            if name not in columns:
                conn.execute(sa.text(f"ALTER TABLE tournaments ADD COLUMN {name} {kind}"))
    conn.execute(
        meta.update().where(meta.c.key == "schema_version").values(value=str(SCHEMA_VERSION))
    )


def _read_version(conn: sa.Connection) -> int | None:
    row = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).first()
    if row is None:
        return None
    try:
        return int(row[0])
    except ValueError:
        raise StoreError(f"meta row 'schema_version' holds {row[0]!r}, not a number") from None


def _safe(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def _first_line(exc: BaseException) -> str:
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).strip().splitlines()
    return text[0] if text else type(orig).__name__
