"""Tournament ids are never reused (issue 40): SQLite gave a deleted tournament's id, and its
tN-* match ids, to the next one, so an old link, attach or export named another tournament.
Revision 0003 copies the tournaments table with AUTOINCREMENT and keeps every row."""

from __future__ import annotations

import sqlite3

import pytest
from alembic import command

from arena.app.running import create_tournament
from arena.cli import main
from arena.store import Store, revisions
from arena.store.engine import create_engine, migration_transaction, resolve_url
from arena.store.schema import metadata
from arena.tournament import BotEntry, TournamentSpec

SPEC = TournamentSpec(
    "lucky_numbers", (BotEntry("a", "builtin:random"), BotEntry("b", "builtin:random")), seed=3
)
TABLES = ("tournaments", "fixtures", "matches", "ratings", "rating_history")


def test_a_deleted_tournaments_id_is_never_given_again(db_url):
    with Store.open(db_url) as store:
        first = create_tournament(store, SPEC, owner=None).id
        last = create_tournament(store, SPEC, owner=None).id
        store.delete_tournament(last)
        assert create_tournament(store, SPEC, owner=None).id > last > first


def test_no_deleted_id_or_match_id_comes_back_after_a_restart_or_an_empty_table(db_url):
    """On SQLite and on PostgreSQL: the highest ids deleted, the store closed and opened again
    (a server restart), then every tournament deleted: each new tournament has an id above every
    one handed out before, and its matches' tN-* ids are its own."""
    given: list[int] = []
    match_ids: set[str] = set()

    def create(store: Store) -> int:
        tid = create_tournament(store, SPEC, owner=None).id
        assert all(tid > old for old in given), (tid, given)
        fixtures = store.fixtures(tid)
        assert fixtures and all(f.match_id.startswith(f"t{tid}-") for f in fixtures)
        assert not match_ids & {f.match_id for f in fixtures}
        match_ids.update(f.match_id for f in fixtures)
        given.append(tid)
        return tid

    with Store.open(db_url) as store:
        for _ in range(3):
            create(store)
        store.delete_tournament(given[-1])
        store.delete_tournament(given[-2])
    with Store.open(db_url) as store:  # opened again, as a restarted server does
        create(store)
        for tid in given:
            if tid in {t.id for t in store.tournaments()}:
                store.delete_tournament(tid)
        assert store.tournaments() == []
        create(store)
    with Store.open(db_url) as store:
        create(store)
    assert len(given) == 6 and given == sorted(given)


def run_two_tournaments(db: str) -> None:
    for seed in ("1", "2"):
        with pytest.raises(SystemExit) as exit_info:
            main(["tournament", "run", "-g", "lucky_numbers", "--bot", "g=builtin:greedy",
                  "--bot", "r=builtin:random", "--seed", seed, "--db", db])  # fmt: skip
        assert exit_info.value.code in (0, None)


def dump(path: str) -> dict[str, list[tuple[object, ...]]]:
    with sqlite3.connect(path) as raw:
        rows = {t: sorted(raw.execute(f"SELECT * FROM {t}"), key=repr) for t in TABLES}
    raw.close()
    return rows


def table_sql(path: str, table: str = "tournaments") -> str:
    with sqlite3.connect(path) as raw:
        (sql,) = raw.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    raw.close()
    return str(sql)


def test_the_revisions_give_sqlite_the_models_autoincrement(tmp_path):
    # autogenerate's comparison (test_store_migrations) does not look at table options
    path = str(tmp_path / "new.db")
    Store.open(path).close()
    for table in metadata.sorted_tables:
        wanted = bool(table.dialect_options["sqlite"]["autoincrement"])
        assert ("AUTOINCREMENT" in table_sql(path, table.name)) is wanted, table.name


def test_an_old_database_upgraded_keeps_its_rows_and_stops_reusing_ids(tmp_path, monkeypatch):
    monkeypatch.delenv("ARENA_DB", raising=False)
    db = str(tmp_path / "old.db")
    run_two_tournaments(db)
    engine = create_engine(resolve_url(db))
    with migration_transaction(engine) as conn:  # back to 0002: ids reused, no owner column
        command.downgrade(revisions.config(conn), "0002")
    engine.dispose()
    assert "AUTOINCREMENT" not in table_sql(db)
    before = dump(db)
    assert len(before["matches"]) == 4 and len(before["rating_history"]) == 8
    with Store.open(db) as store:  # upgraded to head on open
        assert [t.id for t in store.tournaments()] == [1, 2]
        assert [t.owner for t in store.tournaments()] == [None, None]  # the admins'
    assert "AUTOINCREMENT" in table_sql(db)
    after = dump(db)
    # every row kept (the tournaments with their new owner column, NULL), no cascade on the copy
    assert [row[:-1] for row in after["tournaments"]] == before["tournaments"]
    assert {t: after[t] for t in TABLES[1:]} == {t: before[t] for t in TABLES[1:]}
    with Store.open(db) as store:
        store.delete_tournament(2)
        assert create_tournament(store, SPEC, owner=None).id == 3
        assert store.tournament(1).played == 2
