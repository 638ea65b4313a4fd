"""Formats as modules: the registry, the match count each format announces against what a real
run plays, and swiss-knockout (Swiss, then a knockout of the top N) played, resumed, exported
and imported; its module is the only file outside tests and docs that names it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli, run_ok

from arena.app.tournaments import TournamentRequest, plan
from arena.errors import ConfigError
from arena.store import Store
from arena.tournament import BotEntry, Format
from arena.tournament.formats import format_named, format_names, get_format, planned_matches

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def bots(n: int) -> list[str]:
    return [f"--bot=b{i}=builtin:random" for i in range(n)]


def test_the_registry_names_every_format_and_lists_them_for_an_unknown_one() -> None:
    assert format_names() == ("round-robin", "gauntlet", "swiss", "knockout", "swiss-knockout")
    assert get_format("swiss_knockout") is get_format("swiss-knockout")  # either spelling
    assert Format("round_robin") == Format.ROUND_ROBIN == "round-robin"
    with pytest.raises(ConfigError, match="not one of round-robin, gauntlet, swiss, knockout"):
        get_format("ladder")
    with pytest.raises(ValueError):
        format_named("ladder")  # a stored row naming no format is unreadable, as before


# (arguments, matches): the count announced before the first match must be what is played.
# The seeds give knockouts without a tied table (a tie is replayed: more matches, announced
# once the replay is planned).
ANNOUNCED = {
    "round-robin": ([*bots(4), "--seed", "1"], 12),
    "gauntlet": ([*bots(4), "--format", "gauntlet", "--hero", "b0", "--seed", "1"], 6),
    "swiss": ([*bots(4), "--format", "swiss", "--seed", "1"], 8),  # announced 4 before
    "knockout": ([*bots(4), "--format", "knockout", "--seed", "1"], 6),  # announced 4 before
    "swiss-knockout": ([*bots(6), "--format", "swiss_knockout", "--seed", "3"], 24),
}


@pytest.mark.parametrize("name", sorted(ANNOUNCED))
def test_the_announced_count_is_what_a_real_run_plays(capsys, tmp_path, name) -> None:
    args, matches = ANNOUNCED[name]
    db = str(tmp_path / "t.db")
    code, _out, err = run_cli(capsys, "tournament", "run", "-g", "lucky_numbers", *args, "--db", db)
    assert code == 0, err
    announced = re.search(r"tournament 1: (\d+) matches at tables of 2", err)
    assert announced is not None, err
    with Store.open(db) as store:
        played = len(store.tournament_matches(1))
        spec = store.tournament(1).spec
    assert spec.format == name
    assert int(announced.group(1)) == played == matches == planned_matches(spec)
    shown = json.loads(run_ok(capsys, "tournament", "show", "1", "-f", "json", "--db", db))
    assert shown["tournament"]["fixtures"] == shown["tournament"]["played"] == matches


def field(n: int) -> tuple[BotEntry, ...]:
    return tuple(BotEntry(f"b{i}", "builtin:random") for i in range(n))


def test_swiss_knockout_options_default_and_are_checked_up_front() -> None:
    spec = plan(TournamentRequest("lucky_numbers", field(6), format="swiss_knockout", seed=1)).spec
    assert (spec.format, spec.rounds, dict(spec.format_options)) == (
        "swiss-knockout",
        3,
        {"top": 4},
    )
    three = plan(
        TournamentRequest("the_number", field(9), format="swiss-knockout", seed=1, rounds=1)
    ).spec
    assert three.format_options == {"top": 5}  # the smallest bracket of at least 4 at tables of 3
    asks = {
        "a top 4 needs at least 4 bots": {"bots": field(3)},
        "top=4: a knockout at tables of 3 needs a field of 3, 5": {
            "game": "the_number",
            "bots": field(9),
            "format_options": {"top": "4"},
        },
        "has no option 'cut'": {"format_options": {"cut": "2"}},
        "not a whole number": {"format_options": {"top": "four"}},
    }
    for message, changes in asks.items():
        ask = {"game": "lucky_numbers", "bots": field(6), "format": "swiss-knockout", **changes}
        with pytest.raises(ConfigError, match=message):
            plan(TournamentRequest(**ask))  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="has no option 'top'"):
        plan(
            TournamentRequest(
                "lucky_numbers", field(6), format="swiss", format_options={"top": "4"}
            )
        )
    with pytest.raises(
        ConfigError, match="--rounds applies only to --format swiss or swiss-knockout"
    ):
        plan(TournamentRequest("lucky_numbers", field(6), rounds=2))


SWISS_KNOCKOUT = [*bots(7), "--format", "swiss-knockout", "--format-option", "top=4",
                  "--rounds", "2", "--seed", "11"]  # fmt: skip


def test_swiss_knockout_seeds_its_bracket_by_swiss_place_and_ranks_the_bracket_first(
    capsys, tmp_path
) -> None:
    db = str(tmp_path / "sk.db")
    run_ok(capsys, "tournament", "run", "-g", "lucky_numbers", *SWISS_KNOCKOUT, "--db", db)
    with Store.open(db) as store:
        fixtures = store.fixtures(1)
        spec = store.tournament(1).spec
    rounds = sorted({f.cycle for f in fixtures})
    swiss = [f for f in fixtures if f.cycle < 2]
    bracket = [f for f in fixtures if f.cycle >= 2]
    assert len(swiss) == 2 * 3 * 2  # two rounds of three tables (a bye), two seatings each
    assert {b for f in bracket if f.cycle == 2 for b in f.seats} <= set(spec.bot_names)
    assert rounds == list(range(len(rounds))) and len(rounds) >= 4  # semi-finals, then final
    shown = json.loads(run_ok(capsys, "tournament", "show", "1", "-f", "json", "--db", db))
    standings = shown["standings"]
    assert shown["tournament"]["format"] == "swiss-knockout (2 rounds, top 4)"
    assert "top 4 of the Swiss by their knockout bracket" in shown["tie_breaks"]
    in_bracket = {b for f in bracket for b in f.seats}
    assert len(in_bracket) == 4
    assert {row["bot"] for row in standings[:4]} == in_bracket  # the bracket's places first
    assert [row["place"] for row in standings][:4] == [1, 2, 3, 3]  # winner, finalist, semis
    assert all(row["place"] >= 5 for row in standings[4:])
    rest = [row["score"] for row in standings[4:]]
    assert rest == sorted(rest, reverse=True)  # then by Swiss score
    # The semi-finals seat Swiss seed 1 against 4 and 2 against 3.
    semis = {tuple(sorted(f.seats)) for f in bracket if f.cycle == 2}
    by_swiss = swiss_order(db, spec)
    assert semis == {tuple(sorted((by_swiss[0], by_swiss[3]))), tuple(sorted(by_swiss[1:3]))}


def swiss_order(db: str, spec) -> list[str]:
    from arena.tournament.encounters import encounters_from
    from arena.tournament.formats import played_pairs
    from arena.tournament.formats.swiss import swiss_placings

    with Store.open(db) as store:
        pairs = played_pairs(store.fixtures(1), store.tournament_matches(1))
    placings = swiss_placings(spec, [e for e in encounters_from(pairs) if e.round < 2])
    return sorted(placings, key=lambda b: placings[b].place)


def essence(db: str):
    with Store.open(db) as store:
        fixtures = [
            (f.index, f.cycle, f.table, f.rotation, f.seats, f.seed) for f in store.fixtures(1)
        ]
        records = store.tournament_matches(1)
    return fixtures, [(r.match_id, r.seed, [(m.seat, m.move) for m in r.moves]) for r in records]


def test_swiss_knockout_resumes_and_imports_to_the_same_rounds(capsys, tmp_path) -> None:
    from test_round_formats_resume import kill_after

    args = ["-g", "lucky_numbers", *SWISS_KNOCKOUT]
    killed, calm = str(tmp_path / "killed.db"), str(tmp_path / "calm.db")
    left = kill_after(args, killed, 13)  # just past the Swiss: the bracket is planned on resume
    assert 13 <= left < 18
    run_ok(capsys, "tournament", "resume", "1", "--db", killed)
    run_ok(capsys, "tournament", "run", *args, "--db", calm)
    assert essence(killed) == essence(calm)
    dump, copy = tmp_path / "t.jsonl", str(tmp_path / "copy.db")
    run_ok(capsys, "export", "--tournament", "1", "-o", str(dump), "--db", calm)
    assert json.loads(dump.read_text().splitlines()[0])["tournament"]["format_options"] == {
        "top": 4
    }
    run_ok(capsys, "import", str(dump), "--db", copy)
    assert essence(copy) == essence(calm)
    show = ["tournament", "show", "1", "-f", "json"]
    here = json.loads(run_ok(capsys, *show, "--db", calm))
    there = json.loads(run_ok(capsys, *show, "--db", copy))
    assert there["standings"] == here["standings"]


def test_swiss_knockout_is_its_module_and_one_registry_line() -> None:
    fmt = get_format("swiss-knockout")
    assert type(fmt).__module__ == "arena.tournament.formats.swiss_knockout"
    pattern = re.compile(r"swiss[-_]knockout", re.IGNORECASE)
    named = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "arena").rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in (".so", ".pyc")
        and pattern.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert sorted(named) == [
        "arena/tournament/formats/registry.py",
        "arena/tournament/formats/swiss_knockout.py",
    ]
    registry = (ROOT / "arena/tournament/formats/registry.py").read_text()
    # its import (a plain one: tests/core/test_registry.py) and its place in --format's order
    assert len([line for line in registry.splitlines() if "swiss_knockout" in line]) == 2
