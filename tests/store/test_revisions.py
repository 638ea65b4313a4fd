"""arena.store.revisions: what a database holds, what an upgrade would apply, and Alembic's
scripts shipped with the package."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from arena.errors import StoreError
from arena.store import Store, revisions
from arena.store.engine import create_engine, resolve_url
from arena.store.revisions import SchemaState


def test_a_schema_state_says_new_legacy_or_current() -> None:
    assert SchemaState(None, None).empty and not SchemaState(None, None).legacy
    assert SchemaState(3, None).legacy and not SchemaState(3, None).empty
    assert not SchemaState(4, "0001").legacy
    assert revisions.is_current(SchemaState(4, revisions.head()))
    assert not revisions.is_current(SchemaState(4, "0001"))


def test_known_revisions_are_the_packaged_scripts() -> None:
    assert revisions.SCRIPTS.is_dir() and (revisions.SCRIPTS / "env.py").is_file()
    assert revisions.known(revisions.head()) and revisions.known("0001")
    assert not revisions.known("9999") and not revisions.known("")


def test_pending_lists_every_revision_after_the_one_held() -> None:
    every = [s.revision for s in revisions.pending(SchemaState(None, None))]
    assert every[0] == "0001" and every[-1] == revisions.head()
    assert [s.revision for s in revisions.pending(SchemaState(3, None))] == every  # legacy
    assert [s.revision for s in revisions.pending(SchemaState(4, "0001"))] == every[1:]
    assert revisions.pending(SchemaState(4, revisions.head())) == []
    assert revisions.pending(SchemaState(9, "9999")) == []  # a newer arena's: nothing known


def read(db: str) -> SchemaState:
    engine = create_engine(resolve_url(db))
    try:
        with engine.connect() as conn:
            return revisions.read_state(conn)
    finally:
        engine.dispose()


def test_read_state_of_an_empty_and_an_opened_database(db_url: str) -> None:
    assert read(db_url) == SchemaState(None, None)
    Store.open(db_url).close()
    assert read(db_url) == SchemaState(4, revisions.head())


def test_a_meta_table_without_its_version_or_two_revisions_is_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "odd.db")
    Store.open(db).close()
    engine = create_engine(resolve_url(db))
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"INSERT INTO {revisions.VERSION_TABLE} VALUES ('0001')"))
        with engine.connect() as conn, pytest.raises(StoreError, match="holds 2 revisions"):
            revisions.read_state(conn)
        with engine.begin() as conn:
            conn.execute(sa.text("DELETE FROM meta"))
        with engine.connect() as conn, pytest.raises(StoreError, match="holds no schema_version"):
            revisions.read_state(conn)
    finally:
        engine.dispose()


def test_an_empty_revision_row_is_a_store_error_not_a_crash(tmp_path: Path) -> None:
    db = str(tmp_path / "blank.db")
    Store.open(db).close()
    engine = create_engine(resolve_url(db))
    try:
        with engine.begin() as conn:
            conn.execute(sa.text(f"UPDATE {revisions.VERSION_TABLE} SET version_num = ''"))
    finally:
        engine.dispose()
    with pytest.raises(StoreError, match="revision"):
        Store.open(db)
