"""`arena tournament run` for Azul and The Number: table sizes, seat rows, bot processes."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from arena.cli import main

BOTS_DIR = Path(__file__).resolve().parents[2] / "bots"
GREEDY_BOT = f"{sys.executable} {BOTS_DIR / 'greedy_bot.py'} --seed 1"
RANDOM_BOT = f"{sys.executable} {BOTS_DIR / 'random_bot.py'} --seed 2"


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code or 0, out, err


def run_ok(capsys, *args):
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    return out, err


def show(capsys, db, tid=1):
    out, _ = run_ok(capsys, "tournament", "show", str(tid), "-f", "json", "--matches", "--db", db)
    return json.loads(out)


def bots(*pairs):
    return [arg for pair in pairs for arg in ("--bot", pair)]


def check_matches(shown, size):
    """Every match is normal, seats `size` bots, and hands out size / 2 points by rank."""
    for match in shown["matches"]:
        assert match["end"] == "normal"
        assert len(match["seats"]) == size
        assert sum(match["points"]) == pytest.approx(size / 2)


def test_the_number_defaults_to_tables_of_three_and_has_no_play_order_rows(capsys, sqlite_path):
    field = bots("greedy=builtin:greedy", "ann=builtin:random", "bob=builtin:random")
    field += bots("cy=builtin:random")
    out, err = run_ok(
        capsys, "tournament", "run", "-g", "the_number", *field, "--seed", "8", "--db", sqlite_path
    )
    assert "tournament 1: 12 matches at tables of 3, seed 8" in err  # C(4, 3) tables x 3 seats
    assert "Results by seat" in out and "by play order" not in out and "to move" not in out

    shown = show(capsys, sqlite_path)
    assert shown["tournament"]["table"] == 3 and shown["tournament"]["played"] == 12
    assert [row["seat"] for row in shown["seats"]] == ["seat 0", "seat 1", "seat 2"]
    assert all(row["games"] == 12 for row in shown["seats"])
    assert [(row["games"], row["faults"]) for row in shown["standings"]] == [(9, 0)] * 4
    assert shown["standings"][0]["bot"] == "greedy"
    check_matches(shown, 3)
    board, _ = run_ok(capsys, "leaderboard", "-g", "the_number", "-f", "json", "--db", sqlite_path)
    assert json.loads(board)[0]["bot"] == "greedy"


def test_the_number_refuses_tables_it_cannot_seat(capsys, sqlite_path):
    field = bots("a=builtin:random", "b=builtin:random", "c=builtin:random")
    code, _, err = run_cli(
        capsys, "tournament", "run", "-g", "the_number", *field, "--table-size", "2",
        "--db", sqlite_path,
    )  # fmt: skip
    assert code == 1
    assert "error: the_number is played by 3 to 5 players, not 2" in err
    code, _, err = run_cli(
        capsys, "tournament", "run", "-g", "the_number", *field[:4], "--db", sqlite_path
    )
    assert code == 1 and "error: the_number needs at least 3 bots, not 2" in err


def test_azul_at_tables_of_four_keeps_the_play_order_rows(capsys, sqlite_path):
    field = bots("greedy=builtin:greedy", "ann=builtin:random", "bob=builtin:random")
    field += bots("cy=builtin:first")
    out, err = run_ok(
        capsys, "tournament", "run", "-g", "azul", *field, "--table-size", "4", "--seed", "3",
        "--concurrency", "2", "--db", sqlite_path,
    )  # fmt: skip
    assert "tournament 1: 4 matches at tables of 4, seed 3" in err
    assert "Results by seat and by play order" in out and "4th to move" in out
    shown = show(capsys, sqlite_path)
    rows = {row["seat"]: row for row in shown["seats"]}
    turns = ["1st to move", "2nd to move", "3rd to move", "4th to move"]
    assert list(rows) == [f"seat {s}" for s in range(4)] + turns
    # one table, four rotations on one deal: each bot sits in each seat and turn once
    assert all(row["games"] == 4 for row in rows.values())
    assert all(row["games"] == 4 for row in shown["standings"])
    for s in range(4):
        by_bots = sum(row[f"pts_seat_{s}"] for row in shown["standings"])
        assert by_bots == pytest.approx(rows[f"seat {s}"]["points"])
    assert sum(rows[t]["points"] for t in turns) == pytest.approx(4 * 4 / 2)
    check_matches(shown, 4)


@pytest.mark.parametrize(
    ("game", "size", "matches"),
    [("azul", 3, 3), ("the_number", 3, 3)],
)
def test_bot_processes_play_the_new_games_over_grpc(capsys, sqlite_path, game, size, matches):
    field = bots(f"greedy={GREEDY_BOT}", f"rando={RANDOM_BOT}", "local=builtin:random")
    out, err = run_ok(
        capsys, "tournament", "run", "-g", game, *field, "--table-size", str(size),
        "--seed", "12", "--db", sqlite_path,
    )  # fmt: skip
    assert f"{matches} matches at tables of {size}" in err
    assert f"Leaderboard: {game}" in out
    shown = show(capsys, sqlite_path)
    assert shown["tournament"]["played"] == matches
    assert {row["bot"]: (row["games"], row["faults"]) for row in shown["standings"]} == {
        "greedy": (3, 0),
        "rando": (3, 0),
        "local": (3, 0),
    }
    assert shown["standings"][0]["bot"] == "greedy"
    check_matches(shown, size)
    replayed, _ = run_ok(capsys, "replay", "t1-0", "--db", sqlite_path)  # the record replays
    seats = shown["matches"][0]["seats"]
    assert ", ".join(f"{i}={name}" for i, name in enumerate(seats)) in replayed
    assert "\nresult (normal" in replayed
