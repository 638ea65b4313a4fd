"""arena.store.rows: rows to values and back, and corrupt rows named by where they are."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import pytest

from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.errors import StoreError
from arena.store.rows import (
    SEED_COLUMN_LIMIT,
    dumps,
    fixture_from_row,
    fixture_row,
    loads,
    match_row,
    record_from_row,
    same_play,
    settings_from_text,
    settings_text,
    summary_from_row,
    tournament_from_row,
    verdict_from_text,
)
from arena.tournament import BotEntry, Fixture, Format, Status, TournamentSpec
from arena.tournament.schedule import Deals

RECORD = MatchRecord(
    match_id="t2-1", game="azul", options={"wall": "gray"}, seed=77, players=("ann", "bob"),
    moves=(MoveRecord(0, "take f1 Y 1", 3.25), MoveRecord(1, "take f2 Y 1", 1.0, 0.5)),
    outcome=Outcome((2, 1), (5.0, 9.0), (0.0, 1.0), Termination.TIMEOUT, 0, "slow"),
    started_at=10.0, finished_at=12.5, metadata={"versions": ["1", "2"]},
)  # fmt: skip
FIXTURE = Fixture(index=1, cycle=0, table=0, rotation=1, seats=("ann", "bob"), seed=77,
                  tournament_id=2)  # fmt: skip


def test_a_match_row_holds_the_record_and_its_searchable_columns() -> None:
    row = match_row(RECORD, FIXTURE)
    assert (row["id"], row["tournament_id"], row["fixture_idx"]) == ("t2-1", 2, 1)
    assert (row["termination"], row["detail"], row["plies"], row["seed"]) == (
        "timeout",
        "slow",
        2,
        77,
    )
    assert json.loads(row["players"]) == ["ann", "bob"]
    assert Outcome.from_dict(json.loads(row["outcome"])) == RECORD.outcome
    assert record_from_row("t2-1", row["record"]) == RECORD
    loose = match_row(RECORD)
    assert (loose["tournament_id"], loose["fixture_idx"]) == (None, None)


def test_a_fixture_round_trips() -> None:
    row = SimpleNamespace(**fixture_row(2, FIXTURE))
    assert row.table_no == 0 and json.loads(row.seats) == ["ann", "bob"]
    assert fixture_from_row(row) == FIXTURE
    broken = SimpleNamespace(**{**fixture_row(2, FIXTURE), "seats": "[ann"})
    with pytest.raises(StoreError, match="fixture 1 of tournament 2: column seats is not valid"):
        fixture_from_row(broken)


SPEC = TournamentSpec(
    game="azul", bots=(BotEntry("ann", "python a.py"), BotEntry("bob")), seed=5,
    options={"wall": "gray"}, format=Format.SWISS, table_size=2, cycles=1, rounds=3,
    seeding=("bob", "ann"), reconnect_grace_ms=0, deals=Deals.INDEPENDENT,
)  # fmt: skip


def tournament_row(spec: TournamentSpec = SPEC, **changes: object) -> SimpleNamespace:
    values: dict[str, object] = {
        "id": 4, "game": spec.game, "options": dumps(dict(spec.options)),
        "format": spec.format.value, "table_size": spec.table_size, "cycles": spec.cycles,
        "seed": spec.seed if spec.seed < SEED_COLUMN_LIMIT else 0, "hero": spec.hero,
        "bots": dumps([{"name": b.name, "command": b.command} for b in spec.bots]),
        "time_per_move_ms": None, "time_bank_ms": None, "increment_ms": None,
        "deals": spec.deals.value, "settings": settings_text(spec), "status": "running",
        "created_at": 1.0, "finished_at": None, "runner": "h:1", "heartbeat_at": 2.0,
        "n_fixtures": 6, "n_played": 2, "owner": "alice",
    }  # fmt: skip
    values.update(changes)
    return SimpleNamespace(**values)


def test_a_tournament_row_round_trips_with_its_settings() -> None:
    stored = tournament_from_row(tournament_row())
    assert stored.spec == SPEC and stored.status is Status.RUNNING
    assert (stored.id, stored.fixtures, stored.played) == (4, 6, 2)
    assert (stored.runner, stored.heartbeat_at, stored.verdict) == ("h:1", 2.0, None)
    assert stored.owner == "alice"


def test_a_seed_too_big_for_its_column_lives_in_the_settings() -> None:
    big = replace(SPEC, seed=2**255 + 1)
    text = settings_text(big)
    assert text is not None and json.loads(text)["seed"] == str(2**255 + 1)
    assert tournament_from_row(tournament_row(big)).spec.seed == 2**255 + 1
    assert settings_text(replace(SPEC, seed=SEED_COLUMN_LIMIT - 1, rounds=0, seeding=(),
                                 reconnect_grace_ms=None)) is None  # fmt: skip


def test_rows_from_before_the_deals_column_were_duplicate() -> None:
    old = tournament_from_row(tournament_row(deals=None, settings=None))
    assert old.spec.deals is Deals.DUPLICATE and old.spec.rounds == 0


def test_a_verdict_is_read_from_the_settings() -> None:
    assert verdict_from_text(None, "t") is None
    assert verdict_from_text('{"verdict": "H0 accepted"}', "t") == "H0 accepted"
    assert verdict_from_text("[1]", "t") is None
    row = tournament_row(settings='{"verdict": "H1", "rounds": 3}')
    assert tournament_from_row(row).verdict == "H1"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bots": "not json"}, "tournament 4: column bots is not valid JSON"),
        ({"bots": '[{"command": "x"}]'}, "tournament 4: unreadable definition"),
        ({"format": "ladder"}, "tournament 4: unreadable definition"),
        ({"status": "paused"}, "tournament 4: unreadable definition"),
        ({"settings": "[1, 2]"}, "tournament 4: column settings is not a JSON object"),
        ({"settings": '{"rounds": "three"}'}, "tournament 4: unreadable definition"),
    ],
)
def test_a_corrupt_tournament_row_is_a_store_error_naming_it(changes, message) -> None:
    with pytest.raises(StoreError, match=message):
        tournament_from_row(tournament_row(**changes))


def test_settings_keep_only_what_differs_from_the_defaults() -> None:
    assert settings_from_text(None, "t") == {}
    assert settings_from_text('{"reconnect_grace_ms": null, "verdict": "x"}', "t") == {}
    assert settings_from_text('{"seeding": ["b", "a"], "rounds": 2}', "t") == {
        "seeding": ("b", "a"),
        "rounds": 2,
    }


def summary_row(**changes: object) -> SimpleNamespace:
    values = {**match_row(RECORD, FIXTURE), **changes}
    return SimpleNamespace(**values)


def test_a_summary_reads_its_columns_not_the_record() -> None:
    s = summary_from_row(summary_row(record="garbage"))
    assert (s.match_id, s.players, s.outcome, s.seed, s.plies) == (
        "t2-1", ("ann", "bob"), RECORD.outcome, 77, 2
    )  # fmt: skip
    assert (s.tournament_id, s.fixture, s.finished_at) == (2, 1, 12.5)
    assert summary_from_row(summary_row(plies=None)).plies is None
    with pytest.raises(StoreError, match="match t2-1: unreadable outcome"):
        summary_from_row(summary_row(outcome='{"ranks": [1]}'))
    with pytest.raises(StoreError, match="match t2-1: column players is not valid JSON"):
        summary_from_row(summary_row(players="["))


def test_an_unreadable_record_names_its_match_and_the_problem() -> None:
    with pytest.raises(StoreError, match="match m: column record is not valid JSON"):
        record_from_row("m", "{")
    with pytest.raises(StoreError, match="match m: unreadable record \\(KeyError: 'game'\\)"):
        record_from_row("m", '{"match_id": "m"}')
    with pytest.raises(StoreError, match="column record is not valid JSON"):
        loads(None, "match m", "record")  # type: ignore[arg-type]


def test_the_same_play_ignores_timings_only() -> None:
    slower = tuple(replace(m, elapsed_ms=m.elapsed_ms * 3, transport_ms=2.0) for m in RECORD.moves)
    retried = replace(RECORD, started_at=99.0, finished_at=100.0, moves=slower)
    assert same_play(RECORD, retried)
    assert not same_play(RECORD, replace(RECORD, seed=78))
    assert not same_play(RECORD, replace(RECORD, moves=RECORD.moves[:1]))
    assert not same_play(RECORD, replace(RECORD, outcome=replace(RECORD.outcome, detail="")))


def test_json_is_compact_and_sorted() -> None:
    assert dumps({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'
