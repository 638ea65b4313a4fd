"""arena.store.engine: URLs, engines, schema preparation and the two kinds of transaction; no
error ever shows a database password."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from arena.errors import SchemaVersionError, StoreError
from arena.store import engine as engines
from arena.store import revisions
from arena.store.engine import (
    check_exists,
    create_engine,
    migration_transaction,
    prepare,
    resolve_url,
    schema_state,
    write_transaction,
)
from arena.store.schema import SCHEMA_VERSION, meta


def test_a_plain_path_is_an_absolute_sqlite_file(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    url = resolve_url("  sub/x.db ")
    assert url.drivername == "sqlite" and url.database == str(tmp_path / "sub" / "x.db")
    assert resolve_url("~/y.db").database == str(Path("~/y.db").expanduser())
    assert resolve_url("postgresql+psycopg://u@h/db").drivername == "postgresql+psycopg"


@pytest.mark.parametrize(
    "target",
    [
        "postgresql://ann:hunter2@h:notaport/db",  # unparsable: shown as given, but masked
        "mysql://ann:hunter2@h/db",  # unsupported
        "postgresql+nosuchdriver://ann:hunter2@h/db",  # no such driver
        "mysql://ann@h/db?password=hunter2",  # the driver's password argument
        "post gres://ann:hunter2@h/db",
    ],
)
def test_no_error_shows_the_password(target: str) -> None:
    with pytest.raises(StoreError) as info:
        create_engine(resolve_url(target))
    assert "hunter2" not in str(info.value) and "\n" not in str(info.value)


def test_a_password_in_the_query_is_hidden_from_messages_too() -> None:
    url = resolve_url("postgresql://ann@h/db?password=hunter2&sslmode=require")
    assert "hunter2" not in engines.shown_url(url) and "sslmode=require" in engines.shown_url(url)
    assert "hunter2" not in engines.shown_url(resolve_url("postgresql://ann:hunter2@h/db"))


def test_a_missing_file_is_refused_only_when_it_must_not_be_created(tmp_path: Path) -> None:
    missing = resolve_url(str(tmp_path / "none.db"))
    check_exists(missing, create=True)
    with pytest.raises(StoreError, match="no database at .*none.db"):
        check_exists(missing, create=False)
    check_exists(sa.make_url("sqlite://"), create=False)  # in memory: nothing to find (refused
    # by resolve_url before it gets here)
    check_exists(resolve_url("postgresql://u@h/db"), create=False)  # a server says itself


def test_prepare_creates_the_head_schema_once_and_reads_it_back(db_url: str) -> None:
    url = resolve_url(db_url)
    engine = create_engine(url)
    try:
        assert schema_state(engine, url).empty
        with pytest.raises(StoreError, match="holds no arena data"):
            prepare(engine, url, create=False)
        assert schema_state(engine, url).empty  # refused: nothing made
        prepare(engine, url)
        state = schema_state(engine, url)
        assert (state.version, state.revision) == (SCHEMA_VERSION, revisions.head())
        prepare(engine, url, create=False)  # current: nothing to do
    finally:
        engine.dispose()


def test_a_newer_revision_or_version_is_refused(db_url: str) -> None:
    url = resolve_url(db_url)
    engine = create_engine(url)
    try:
        prepare(engine, url)
        with engine.begin() as conn:
            conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
        with pytest.raises(SchemaVersionError, match="revision 9999, newer than this arena"):
            prepare(engine, url)
        with engine.begin() as conn:
            conn.execute(sa.text(f"UPDATE alembic_version SET version_num = '{revisions.HEAD}'"))
            conn.execute(meta.update().values(value=str(SCHEMA_VERSION + 1)))
        with pytest.raises(SchemaVersionError, match=f"schema version {SCHEMA_VERSION + 1}"):
            prepare(engine, url)
    finally:
        engine.dispose()


def test_a_write_transaction_commits_or_rolls_back_whole(db_url: str) -> None:
    url = resolve_url(db_url)
    engine = create_engine(url)
    try:
        prepare(engine, url)
        with write_transaction(engine) as conn:
            conn.execute(meta.insert().values(key="k1", value="v"))
        with pytest.raises(RuntimeError), write_transaction(engine) as conn:
            conn.execute(meta.insert().values(key="k2", value="v"))
            raise RuntimeError("after a write")
        with engine.connect() as conn:
            keys = set(conn.execute(sa.select(meta.c.key)).scalars())
        assert "k1" in keys and "k2" not in keys
    finally:
        engine.dispose()


def test_a_migration_that_breaks_a_foreign_key_on_sqlite_is_rolled_back(tmp_path: Path) -> None:
    url = resolve_url(str(tmp_path / "fk.db"))
    engine = create_engine(url)
    try:
        prepare(engine, url)
        with pytest.raises(StoreError, match="broke a foreign key in fixtures"):
            with migration_transaction(engine) as conn:
                conn.execute(sa.text(
                    "INSERT INTO fixtures (tournament_id, idx, cycle, table_no, rotation, seats,"
                    " seed) VALUES (99, 0, 0, 0, 0, '[]', 1)"
                ))  # fmt: skip
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM fixtures")).scalar() == 0
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1  # back on
    finally:
        engine.dispose()


def test_an_unreadable_meta_row_is_named(db_url: str) -> None:
    url = resolve_url(db_url)
    engine = create_engine(url)
    try:
        prepare(engine, url)
        with engine.begin() as conn:
            conn.execute(meta.update().values(value="four"))
        with pytest.raises(StoreError, match="meta row 'schema_version' holds 'four'"):
            schema_state(engine, url)
    finally:
        engine.dispose()


@pytest.mark.parametrize("text", [":memory:", "sqlite://", "sqlite:///:memory:"])
def test_an_in_memory_database_is_refused_not_made_a_file_named_memory(text: str) -> None:
    with pytest.raises(StoreError, match="in-memory database keeps nothing: give a file path"):
        resolve_url(text)
    assert not Path(":memory:").exists()


def _lock_error() -> sa.exc.OperationalError:
    return sa.exc.OperationalError("BEGIN IMMEDIATE", {}, Exception("database is locked"))


def test_an_open_that_sqlite_refuses_at_once_as_locked_starts_over(tmp_path: Path, monkeypatch):
    # SQLite answers "database is locked" without waiting where a wait could deadlock; the
    # preparation reads the state again on each try, so a second try finds its way.
    url = resolve_url(str(tmp_path / "a.db"))
    engine = create_engine(url)
    real = engines._prepare
    calls: list[int] = []

    def flaky(*args: object) -> None:
        calls.append(1)
        if len(calls) < engines.PREPARE_TRIES:
            raise _lock_error()
        real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(engines, "_prepare", flaky)
    prepare(engine, url)
    assert len(calls) == engines.PREPARE_TRIES
    assert schema_state(engine, url).revision == revisions.head()
    engine.dispose()


def test_a_database_locked_past_every_try_is_one_line(tmp_path: Path, monkeypatch) -> None:
    url = resolve_url(str(tmp_path / "a.db"))
    engine = create_engine(url)

    def locked(*_args: object) -> None:
        raise _lock_error()

    monkeypatch.setattr(engines, "_prepare", locked)
    with pytest.raises(StoreError, match=r"^cannot open database .*a\.db: .*database is locked$"):
        prepare(engine, url)
    engine.dispose()
