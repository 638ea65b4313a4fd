"""arena.app.database: the one door to the store for a front end."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.app.database import DEFAULT_DB, Store, open_store
from arena.errors import StoreError


def test_a_missing_database_is_created_unless_read_only(tmp_path: Path) -> None:
    target = tmp_path / "new.db"
    with pytest.raises(StoreError, match=f"no database at {target}"):
        open_store(str(target), create=False)
    assert not target.exists()  # a read-only command never makes one
    with open_store(str(target)) as store:
        assert isinstance(store, Store) and store.games() == []
    with open_store(str(target), create=False) as again:
        assert again.location.endswith("new.db")


def test_the_database_comes_from_the_environment_then_the_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARENA_DB", raising=False)
    with open_store() as store:
        assert store.url.database == str(tmp_path / DEFAULT_DB)
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "env.db"))
    with open_store() as store:
        assert store.url.database == str(tmp_path / "env.db")
    with open_store(str(tmp_path / "given.db")) as store:  # the argument wins
        assert store.url.database == str(tmp_path / "given.db")
    assert sorted(p.name for p in tmp_path.glob("*.db")) == [DEFAULT_DB, "env.db", "given.db"]
