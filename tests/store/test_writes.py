"""arena.store.writes: inserting a tournament with its schedule and bots, and telling a retried
match from another play of its fixture; on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest
import sqlalchemy as sa

from arena.core.values import MatchRecord, MoveRecord, Outcome
from arena.errors import StoreError
from arena.store import Store
from arena.store.rows import match_row
from arena.store.schema import bots, fixtures, matches, tournaments
from arena.store.writes import insert_tournament, is_stored_twin
from arena.tournament import BotEntry, Status, TournamentSpec, make_fixtures

SPEC = TournamentSpec(
    game="azul",
    bots=(BotEntry("ann", "python ann.py"), BotEntry("bob")),
    seed=2**200 + 3,  # too big for the seed column
    table_size=2,
    cycles=1,
)


def record(fixture, ranks=(1, 2)) -> MatchRecord:
    return MatchRecord(
        match_id=fixture.match_id, game="azul", options={}, seed=fixture.seed,
        players=fixture.seats, moves=(MoveRecord(0, "take f1 Y 1", 2.0),),
        outcome=Outcome(ranks, (1.0, 0.0), (1.0, 0.0)), started_at=1.0, finished_at=2.0,
    )  # fmt: skip


def test_a_tournament_its_schedule_and_its_bots_are_inserted(db_url: str) -> None:
    with Store.open(db_url) as store:
        with store.engine.begin() as conn:
            first = insert_tournament(conn, SPEC, make_fixtures(SPEC), Status.CREATED, 10.0, None)
            again = replace(SPEC, bots=(BotEntry("ann", "python ann2.py"), BotEntry("cy")))
            second = insert_tournament(conn, again, (), Status.FINISHED, 20.0, 25.0)
        with store.engine.connect() as conn:
            row = conn.execute(sa.select(tournaments).where(tournaments.c.id == first)).one()
            known = {r.name: r for r in conn.execute(sa.select(bots))}
            scheduled = conn.execute(sa.select(sa.func.count()).select_from(fixtures)).scalar()
        assert second > first
        assert row.seed == 0 and store.tournament(first).spec.seed == SPEC.seed
        assert (row.status, row.created_at) == ("created", 10.0)
        assert store.tournament(second).finished_at == 25.0 and scheduled == 2
        assert sorted(known) == ["ann", "bob", "cy"]
        ann = known["ann"]
        assert (ann.command, ann.first_seen, ann.last_seen) == ("python ann2.py", 10.0, 20.0)
        assert (known["bob"].command, known["cy"].first_seen) == (None, 20.0)


def test_a_stored_twin_is_the_same_play_another_play_is_an_error(db_url: str) -> None:
    with Store.open(db_url) as store:
        tid = store.create_tournament(SPEC, make_fixtures(SPEC))
        first, second = store.fixtures(tid)
        played = record(first)
        with store.engine.begin() as conn:
            assert is_stored_twin(conn, played, first) is False  # nothing stored yet
        store.save_match(played, first)
        retried = replace(played, started_at=50.0, finished_at=51.0)
        with store.engine.begin() as conn:
            assert is_stored_twin(conn, retried, first) is True
            with pytest.raises(StoreError, match=f"fixture 0 of tournament {tid}.*different"):
                is_stored_twin(conn, record(first, ranks=(2, 1)), first)
            other_id = replace(played, match_id="elsewhere")
            with pytest.raises(StoreError, match=f"stored: {first.match_id}"):
                is_stored_twin(conn, other_id, first)  # its fixture holds another match id
            assert is_stored_twin(conn, record(second), second) is False


def test_a_match_id_stored_outside_the_fixture_is_not_a_twin(db_url: str) -> None:
    with Store.open(db_url) as store:
        tid = store.create_tournament(SPEC, make_fixtures(SPEC))
        first, second = store.fixtures(tid)
        stolen = replace(record(second), match_id=first.match_id)  # another fixture's id
        with store.engine.begin() as conn:
            conn.execute(matches.insert().values(**match_row(record(first), first)))
            with pytest.raises(StoreError, match="already stored with a different record"):
                is_stored_twin(conn, stolen, second)
