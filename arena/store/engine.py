"""Opening a database: URL or path resolution, SQLite pragmas, schema creation and version."""

from __future__ import annotations

import os
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import URL, Engine

from arena.errors import SchemaVersionError, StoreError
from arena.store.schema import SCHEMA_VERSION, meta, metadata

DEFAULT_DB = "arena.db"
ENV_VAR = "ARENA_DB"
SQLITE_BUSY_TIMEOUT_MS = 15_000  # concurrent writers (several referees) wait, not fail


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


def prepare(engine: Engine, url: URL) -> None:
    """Create the schema on first use; refuse a database written by a newer arena."""
    try:
        with engine.begin() as conn:
            if sa.inspect(conn).has_table("meta"):
                version = _read_version(conn)
                if version > SCHEMA_VERSION:
                    raise SchemaVersionError(
                        f"database {_safe(url)} has schema version {version}, newer than this "
                        f"arena understands ({SCHEMA_VERSION}): upgrade arena to use it"
                    )
            metadata.create_all(conn)
            _add_missing_columns(conn)
            if (
                conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).first()
                is None
            ):
                conn.execute(meta.insert().values(key="schema_version", value=str(SCHEMA_VERSION)))
    except StoreError:
        raise
    except sa.exc.SQLAlchemyError as exc:
        raise StoreError(f"cannot open database {_safe(url)}: {_first_line(exc)}") from None


# Columns added after a table's first release, with their SQL type: added in place on open, so a
# database from an older arena keeps working (its rows read the column as NULL).
_LATE_COLUMNS: dict[str, dict[str, str]] = {"tournaments": {"deals": "VARCHAR(16)"}}


def _add_missing_columns(conn: sa.Connection) -> None:
    inspector = sa.inspect(conn)
    for table, columns in _LATE_COLUMNS.items():
        have = {c["name"] for c in inspector.get_columns(table)}
        for column, sql_type in columns.items():
            if column not in have:
                conn.execute(sa.text(f"ALTER TABLE {table} ADD COLUMN {column} {sql_type}"))


def _read_version(conn: sa.Connection) -> int:
    row = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version")).first()
    if row is None:
        return SCHEMA_VERSION  # an empty meta table: created by us but interrupted
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
