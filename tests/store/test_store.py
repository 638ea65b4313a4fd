"""The store on SQLite and on a real PostgreSQL server: schema, transactions, bad data."""

from __future__ import annotations

import json
import sqlite3

import pytest
import sqlalchemy as sa

from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.errors import (
    SchemaVersionError,
    StoreError,
    UnknownMatchError,
    UnknownTournamentError,
)
from arena.store import SCHEMA_VERSION, Store, resolve_url
from arena.store.schema import matches, meta
from arena.tournament import BotEntry, Format, Status, TournamentSpec, make_fixtures

SPEC = TournamentSpec(
    game="lucky_numbers",
    bots=(BotEntry("ann", "python ann.py"), BotEntry("bob", "builtin:random"), BotEntry("cy")),
    seed=42,
    options={"setup": "easy", "bruno": False},
    table_size=2,
    cycles=1,
    time_per_move_ms=500,
)


def record_for(fixture, ranks=(1, 2), points=(2.0, -3.0), moves=None) -> MatchRecord:
    """A finished match record for a fixture (literal moves with millisecond timings)."""
    return MatchRecord(
        match_id=fixture.match_id,
        game="lucky_numbers",
        options={"setup": "easy", "bruno": False},
        seed=fixture.seed,
        players=fixture.seats,
        moves=moves or (MoveRecord(0, "draw", 1.25), MoveRecord(0, "place a1", 0.5)),
        outcome=Outcome(ranks=ranks, scores=(16.0, 13.0), points=points),
        started_at=1000.0,
        finished_at=1001.5,
    )


def stored_tournament(store: Store, spec: TournamentSpec = SPEC):
    tid = store.create_tournament(spec, make_fixtures(spec))
    return tid, store.fixtures(tid)


def test_a_tournament_and_its_schedule_round_trip(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        stored = store.tournament(tid)
    assert stored.spec == SPEC
    assert stored.status is Status.CREATED
    assert (stored.fixtures, stored.played) == (6, 0)
    expected = [f.__class__(**{**_fields(f), "tournament_id": tid}) for f in make_fixtures(SPEC)]
    assert fixtures == expected
    assert fixtures[0].match_id == f"t{tid}-0"


def _fields(fixture):
    return {name: getattr(fixture, name) for name in fixture.__slots__}


def test_a_match_is_stored_whole_with_every_decision_and_its_timing(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        record = record_for(fixtures[1])
        store.save_match(record, fixtures[1])
        loaded = store.match(record.match_id)
        assert loaded == record
        assert loaded.moves[0] == MoveRecord(0, "draw", 1.25)
        assert store.tournament_matches(tid) == [record]
        assert store.played_indexes(tid) == {1}
        assert [f.index for f in store.pending_fixtures(tid)] == [0, 2, 3, 4, 5]
        assert store.tournament(tid).played == 1


def test_a_fixture_cannot_be_played_twice(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        store.save_match(record_for(fixtures[0]), fixtures[0])
        again = record_for(fixtures[0])
        again = MatchRecord(**{**_fields(again), "match_id": "other-id"})
        with pytest.raises(StoreError, match="already stored"):
            store.save_match(again, fixtures[0])
        assert len(store.tournament_matches(tid)) == 1


def test_storing_a_fixture_again_is_a_no_op_when_it_is_the_same_play(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        first = record_for(fixtures[0])
        store.save_match(first, fixtures[0])
        ladder = store.ladder("lucky_numbers")
        # A retried task: the same play, other timings (stamps, time per decision).
        retried = MatchRecord(**{**_fields(first), "started_at": 50.0, "finished_at": 60.0,
                                 "moves": (MoveRecord(0, "draw", 9.5),
                                           MoveRecord(0, "place a1", 3.0, 0.5))})  # fmt: skip
        store.save_match(retried, fixtures[0])
        assert store.tournament_matches(tid) == [first]  # the first one stays, stored once
        assert store.ladder("lucky_numbers") == ladder
        other = record_for(fixtures[0], ranks=(2, 1), points=(-3.0, 2.0))
        with pytest.raises(StoreError, match="already stored with a different record"):
            store.save_match(other, fixtures[0])
        moves = (MoveRecord(0, "draw", 1.25), MoveRecord(0, "place a2", 0.5))
        moved = MatchRecord(**{**_fields(first), "moves": moves})
        with pytest.raises(StoreError, match="different record"):
            store.save_match(moved, fixtures[0])
        assert store.tournament_matches(tid) == [first]


def test_a_failed_save_leaves_nothing_behind(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        ghost = fixtures[0].__class__(**{**_fields(fixtures[0]), "index": 99})
        with pytest.raises(StoreError):
            store.save_match(record_for(ghost), ghost)  # no fixture 99: foreign key refuses
        assert store.tournament_matches(tid) == []


def test_a_database_error_while_saving_is_a_store_error_and_stores_nothing(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        with store.engine.begin() as conn:
            conn.execute(sa.text("DROP TABLE rating_history"))  # the rating write will fail
        for fixture in (fixtures[0], None):
            with pytest.raises(StoreError, match="cannot store match"):
                store.save_match(record_for(fixtures[0]), fixture)
        assert store.tournament_matches(tid) == []


def test_status_and_listing(db_url):
    with Store.open(db_url) as store:
        first, _ = stored_tournament(store)
        second, _ = stored_tournament(store)
        store.set_status(first, Status.FINISHED)
        listed = store.tournaments()
    assert [t.id for t in listed] == [first, second]
    assert listed[0].status is Status.FINISHED and listed[0].finished_at is not None
    assert listed[1].status is Status.CREATED and listed[1].finished_at is None


def test_results_come_in_tournament_then_fixture_order_whatever_the_saving_order(db_url):
    with Store.open(db_url) as store:
        first, fx1 = stored_tournament(store)
        second, fx2 = stored_tournament(store)
        for fixture in (fx2[1], fx1[3], fx2[0], fx1[0]):
            store.save_match(record_for(fixture, ranks=(2, 1), points=(-1.0, 2.0)), fixture)
        results = list(store.results("lucky_numbers"))
    assert [r.players for r in results] == [fx1[0].seats, fx1[3].seats, fx2[0].seats, fx2[1].seats]
    assert all(r.ranks == (2, 1) for r in results)


def test_unknown_tournament_and_match(db_url):
    with Store.open(db_url) as store:
        with pytest.raises(UnknownTournamentError, match="no tournament 7"):
            store.tournament(7)
        with pytest.raises(UnknownMatchError, match="no match 'nope'"):
            store.match("nope")


def test_a_corrupt_row_is_named_and_other_data_survives(db_url):
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store)
        good, bad = record_for(fixtures[0]), record_for(fixtures[1])
        store.save_match(good, fixtures[0])
        store.save_match(bad, fixtures[1])
        with store.engine.begin() as conn:
            conn.execute(
                matches.update().where(matches.c.id == bad.match_id).values(record="{not json")
            )
        with pytest.raises(StoreError, match=f"match {bad.match_id}: column record is not valid"):
            store.match(bad.match_id)
        with pytest.raises(StoreError, match=bad.match_id):
            store.tournament_matches(tid)
        assert store.match(good.match_id) == good
        assert len(list(store.results("lucky_numbers"))) == 2  # ranks live in their own column


def test_a_database_from_a_newer_arena_is_refused(db_url):
    Store.open(db_url).close()
    engine = sa.create_engine(resolve_url(db_url))
    with engine.begin() as conn:
        conn.execute(
            meta.update()
            .where(meta.c.key == "schema_version")
            .values(value=str(SCHEMA_VERSION + 1))
        )
    engine.dispose()
    with pytest.raises(SchemaVersionError, match=f"schema version {SCHEMA_VERSION + 1}, newer"):
        Store.open(db_url)


def test_the_schema_version_is_recorded_on_first_use(db_url):
    Store.open(db_url).close()
    engine = sa.create_engine(resolve_url(db_url))
    with engine.connect() as conn:
        version = conn.execute(sa.select(meta.c.value).where(meta.c.key == "schema_version"))
        assert version.scalar_one() == str(SCHEMA_VERSION)
    engine.dispose()


def test_sqlite_file_is_created_in_wal_mode_with_foreign_keys(sqlite_path):
    with Store.open(sqlite_path) as store:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    with sqlite3.connect(sqlite_path) as raw:
        names = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"meta", "bots", "tournaments", "fixtures", "matches"} <= names


def test_the_database_comes_from_the_argument_then_the_environment_then_the_default(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARENA_DB", raising=False)
    assert resolve_url(None).database == str(tmp_path / "arena.db")
    monkeypatch.setenv("ARENA_DB", "ladder.db")
    assert resolve_url(None).database == str(tmp_path / "ladder.db")
    assert resolve_url("sqlite:///x.db").database == "x.db"
    assert resolve_url("postgresql://u@h/db").drivername == "postgresql+psycopg2"
    assert resolve_url("postgres://u@h/db").drivername == "postgresql+psycopg2"


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("mysql://u@h/db", "unsupported database 'mysql'"),
        ("postgresql://u@h:notaport/db", "bad database URL"),
        ("postgresql://nobody@127.0.0.1:1/none", "cannot open database postgresql"),
    ],
)
def test_a_bad_url_is_one_clear_line(target, message):
    with pytest.raises(StoreError, match=message) as info:
        Store.open(target)
    assert "\n" not in str(info.value)


def test_a_missing_directory_is_a_store_error(tmp_path):
    with pytest.raises(StoreError, match="cannot open database"):
        Store.open(str(tmp_path / "no" / "such" / "dir.db"))


def test_a_file_that_is_not_a_database_is_a_store_error(tmp_path):
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="file is not a database"):
        Store.open(str(junk))


def test_gauntlet_definition_round_trips(db_url):
    spec = TournamentSpec(
        game="lucky_numbers",
        bots=tuple(BotEntry(n, "builtin:random") for n in ("a", "b", "c", "d")),
        seed=5,
        options={"setup": "michael", "bruno": True},
        format=Format.GAUNTLET,
        hero="c",
        table_size=3,
        cycles=2,
    )
    with Store.open(db_url) as store:
        tid, fixtures = stored_tournament(store, spec)
        assert store.tournament(tid).spec == spec
    assert len(fixtures) == 2 * 3 * 3 and all("c" in f.seats for f in fixtures)


def test_a_termination_reason_and_detail_are_columns(db_url):
    with Store.open(db_url) as store:
        _, fixtures = stored_tournament(store)
        faulted = record_for(fixtures[0])
        outcome = Outcome((2, 1), (3.0, 4.0), (-13.0, 2.0), Termination.TIMEOUT, 0, "seat 0: slow")
        faulted = MatchRecord(**{**_fields(faulted), "outcome": outcome})
        store.save_match(faulted, fixtures[0])
        with store.engine.connect() as conn:
            row = conn.execute(sa.select(matches)).one()
        assert (row.termination, row.detail) == ("timeout", "seat 0: slow")
        assert json.loads(row.outcome)["offender"] == 0
        assert store.match(faulted.match_id).outcome == outcome


def test_a_tournament_plays_stops_and_resumes_on_every_backend(db_url):
    import asyncio

    from arena.app.running import create_tournament, play_tournament
    from arena.errors import BotError
    from arena.ratings.trueskill_ladder import fold_ratings
    from arena.tournament.entrants import builtin_player, local_runner
    from arena.tournament.manage import game_and_options

    spec = TournamentSpec(
        game="lucky_numbers",
        bots=tuple(BotEntry(n, "builtin:random") for n in ("ann", "bob", "cy")),
        seed=3,
    )
    with Store.open(db_url) as store:
        stored = create_tournament(store, spec, owner=None)
        game, options = game_and_options(stored.spec)
        bots = {b.name: b for b in stored.spec.bots}
        inner = local_runner(
            game, options, lambda f, s: builtin_player(game.name, bots[f.seats[s]], f, s)
        )

        async def stop_at_four(fixture):
            if fixture.index == 4:
                raise BotError("stopped")
            return await inner(fixture)

        with pytest.raises(BotError):
            asyncio.run(play_tournament(store, stored.id, stop_at_four, concurrency=2))
        assert store.tournament(stored.id).status is Status.INTERRUPTED
        assert len(store.played_indexes(stored.id)) < 6
        done = asyncio.run(play_tournament(store, stored.id, inner, concurrency=2))
        assert (done.status, done.played) == (Status.FINISHED, 6)
        records = store.tournament_matches(stored.id)
        assert [r.match_id for r in records] == [f"t{stored.id}-{i}" for i in range(6)]
        ladder = fold_ratings(store.results("lucky_numbers"))
        assert sorted(e.games for e in ladder) == [4, 4, 4]
