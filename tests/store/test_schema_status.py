"""arena.store.schema_status: `arena db status` reads where a schema stands, changing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from old_schemas import old_sqlite_database

from arena.errors import StoreError
from arena.store import Store, revisions
from arena.store.schema import SCHEMA_VERSION
from arena.store.schema_status import SchemaStatus, schema_status


def test_a_missing_file_is_an_error_and_is_not_created(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="no database at"):
        schema_status(str(tmp_path / "none.db"))
    assert not (tmp_path / "none.db").exists()


def test_a_current_database_is_at_head_with_nothing_pending(db_url: str) -> None:
    Store.open(db_url).close()
    status = schema_status(db_url)
    assert (status.version, status.revision, status.head) == (
        SCHEMA_VERSION, revisions.head(), revisions.head()
    )  # fmt: skip
    assert status.pending == () and not status.newer
    assert status.current == f"{revisions.head()} (head)"


def test_a_legacy_database_lists_every_revision_pending_and_is_left_alone(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    old_sqlite_database(path, 2)
    status = schema_status(path)
    assert status.current == "none: schema version 2, from before Alembic"
    assert [p.split(":")[0] for p in status.pending][0] == "0001"
    assert all(": " in p for p in status.pending)
    assert schema_status(path) == status  # nothing was upgraded


def test_an_empty_and_a_newer_database_in_words(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    assert schema_status(str(empty)).current == "none: no arena data yet"
    newer = SchemaStatus("x", 4, "9999", revisions.head(), ())
    assert newer.newer and newer.current == "9999"
    assert SchemaStatus("x", SCHEMA_VERSION + 1, None, revisions.head(), ()).newer
    assert not SchemaStatus("x", 4, "0001", revisions.head(), ()).newer
