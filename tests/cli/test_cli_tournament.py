"""`arena tournament run|show|list`, `arena leaderboard`, `arena replay`: outputs and errors."""

from __future__ import annotations

import csv
import io
import json
import sys

import pytest
import sqlalchemy as sa
from cli_helpers import BUILTIN_BOTS, run_cli, run_ok

from arena.store import SCHEMA_VERSION, Store, resolve_url
from arena.store.schema import meta

RUN_LN = ("tournament", "run", "-g", "lucky_numbers")


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def test_a_round_robin_prints_standings_by_seat_and_the_ladder(capsys, sqlite_path):
    out = run_ok(
        capsys, "tournament", "run", "--game", "lucky_numbers", *BUILTIN_BOTS,
        "--seed", "5", "--concurrency", "3", "--db", sqlite_path,
    )  # fmt: skip
    assert "Standings (tournament 1)" in out
    assert "tie-breaks: points, then wins, then mean rank" in out
    assert "pts seat 0" in out and "1st to move" in out
    assert "Leaderboard: lucky_numbers" in out and "mu - 3 sigma" in out
    shown = json.loads(
        run_ok(
            capsys, "tournament", "show", "1", "--format", "json", "--matches", "--db", sqlite_path
        )
    )
    assert (
        shown["tournament"]["played"] == shown["tournament"]["fixtures"] == 6
        and shown["tournament"]["status"] == "finished"
    )
    assert shown["tournament"]["seed"] == 5
    assert [row["bot"] for row in shown["standings"]][-1] == "cy"  # 'first' loses to random
    assert {row["seat"] for row in shown["seats"]} >= {"seat 0", "seat 1", "1st to move"}
    match_points = sum(p for m in shown["matches"] for p in m["points"])  # numbers
    assert sum(row["points"] for row in shown["standings"]) == pytest.approx(match_points)
    assert sum(row["games"] for row in shown["standings"]) == 2 * len(shown["matches"]) == 12


def test_leaderboard_formats_agree(capsys, sqlite_path):
    run_ok(
        capsys,
        "tournament",
        "run",
        "-g",
        "lucky_numbers",
        *BUILTIN_BOTS,
        "--seed",
        "1",
        "--db",
        sqlite_path,
    )
    rows = json.loads(
        run_ok(
            capsys,
            "leaderboard",
            "--game",
            "lucky_numbers",
            "--format",
            "json",
            "--db",
            sqlite_path,
        )
    )
    assert [r["rank"] for r in rows] == [1, 2, 3]
    assert all(r["conservative"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-3) for r in rows)
    assert [r["conservative"] for r in rows] == sorted(
        (r["conservative"] for r in rows), reverse=True
    )
    assert {r["games"] for r in rows} == {4}
    parsed = list(
        csv.DictReader(io.StringIO(run_ok(capsys, "leaderboard", "-f", "csv", "--db", sqlite_path)))
    )
    assert [r["bot"] for r in parsed] == [r["bot"] for r in rows]
    assert list(parsed[0]) == ["rank", "bot", "mu", "sigma", "conservative", "games", "wins"]
    markdown = run_ok(
        capsys, "leaderboard", "-g", "lucky_numbers", "-f", "markdown", "--db", sqlite_path
    )
    assert "| rank | bot | mu | sigma | conservative | games | wins |" in markdown
    assert f"| 1 | {rows[0]['bot']} |" in markdown


def test_ladder_spans_tournaments_and_list_shows_them(capsys, sqlite_path):
    for seed in ("1", "2"):
        run_ok(
            capsys,
            "tournament",
            "run",
            "-g",
            "lucky_numbers",
            *BUILTIN_BOTS,
            "--seed",
            seed,
            "--db",
            sqlite_path,
        )
    rows = json.loads(run_ok(capsys, "leaderboard", "-f", "json", "--db", sqlite_path))
    assert {r["games"] for r in rows} == {8}
    listed = json.loads(
        run_ok(capsys, "tournament", "list", "--format", "json", "--db", sqlite_path)
    )
    assert [(t["id"], t["seed"], t["played"], t["status"]) for t in listed] == [
        (2, 2, 6, "finished"),  # newest first
        (1, 1, 6, "finished"),
    ]


def test_three_player_tables_gauntlet_and_options(capsys, sqlite_path):
    out = run_ok(
        capsys, *RUN_LN, *BUILTIN_BOTS, "--bot", "dan=builtin:random", "--table-size", "3",
        "--format", "gauntlet", "--hero", "cy", "--option", "bruno=true", "--seed", "8",
        "--db", sqlite_path,
    )  # fmt: skip
    assert "pts seat 2" in out
    shown = json.loads(
        run_ok(capsys, "tournament", "show", "1", "-f", "json", "--matches", "--db", sqlite_path)
    )
    assert shown["tournament"]["options"] == {"bruno": True, "setup": "easy"}
    assert shown["tournament"]["format"] == "gauntlet (hero cy)"
    assert len(shown["matches"]) == 3 * 3  # C(3, 2) tables of the field, three rotations
    assert all("cy" in m["seats"] for m in shown["matches"])


def test_replay_prints_every_decision_and_the_position_after_it(capsys, sqlite_path):
    run_ok(
        capsys,
        "tournament",
        "run",
        "-g",
        "lucky_numbers",
        *BUILTIN_BOTS[:4],
        "--seed",
        "4",
        "--db",
        sqlite_path,
    )
    record = Store.open(sqlite_path).match("t1-0")
    out = run_ok(capsys, "replay", "t1-0", "--db", sqlite_path)
    assert out.startswith(f"match t1-0: Lucky Numbers, seed {record.seed}, seats 0=ann, 1=bob")
    first = record.moves[0]
    # the move as the public saw it: a Lucky Numbers draw names the tile (`draw 16`)
    line = f"\n1. seat {first.seat} ({record.players[first.seat]}): {first.move}"
    assert line in out and "   [" in out.split(line, 1)[1].split("\n", 1)[0]
    assert f"\n{len(record.moves)}. seat " in out
    assert "result (" in out and "points" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tournament", "run", "-g", "chess", *BUILTIN_BOTS), "error: unknown game 'chess'"),
        ((*RUN_LN, "--bot", "a=builtin:genius", "--bot", "b=builtin:random"),
         "error: no built-in bot 'genius'"),
        ((*RUN_LN, "--bot", "a", "--bot", "b"), "error: bot 'a' has no command"),
        ((*RUN_LN, "--bot", "a=builtin:random"),
         "error: lucky_numbers needs at least 2 bots, not 1"),
        ((*RUN_LN, *BUILTIN_BOTS, "--table-size", "5"),
         "error: lucky_numbers is played by 2 to 4 players, not 5"),
        ((*RUN_LN, *BUILTIN_BOTS, "-o", "speed=1"), "error: lucky_numbers has no option 'speed'"),
        # read-only commands never create a database
        (("tournament", "show", "42"), "error: no database at "),
        (("tournament", "resume", "42"), "error: no database at "),
        (("replay", "t9-9"), "error: no database at "),
        (("leaderboard", "--db", "mysql://u@h/db"), "error: unsupported database 'mysql'"),
        (("tournament", "list", "--db", "postgresql://u@h:port/db"), "error: bad database URL"),
        (("tournament", "list", "--db", "postgresql://nobody@127.0.0.1:1/x"),
         "error: cannot open database"),
    ],
)  # fmt: skip
def test_errors_are_one_line_and_exit_1(capsys, sqlite_path, args, message):
    if "--db" not in args:
        args = (*args, "--db", sqlite_path)
    code, out, err = run_cli(capsys, *args)
    assert code == 1
    assert err.startswith(message), err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_database_from_a_newer_arena_is_refused(capsys, sqlite_path):
    Store.open(sqlite_path).close()
    engine = sa.create_engine(resolve_url(sqlite_path))
    with engine.begin() as conn:
        conn.execute(meta.update().values(value=str(SCHEMA_VERSION + 3)))
    engine.dispose()
    code, _, err = run_cli(capsys, "tournament", "list", "--db", sqlite_path)
    assert code == 1
    assert err.strip() == (
        f"error: database sqlite:///{sqlite_path} has schema version {SCHEMA_VERSION + 3}, "
        f"newer than this arena understands ({SCHEMA_VERSION}): upgrade arena to use it"
    )


def test_the_database_defaults_to_arena_db_or_the_environment(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_ok(capsys, "tournament", "run", "-g", "lucky_numbers", *BUILTIN_BOTS[:4], "--seed", "1")
    assert (tmp_path / "arena.db").exists()
    monkeypatch.setenv("ARENA_DB", str(tmp_path / "env.db"))
    run_ok(capsys, "tournament", "run", "-g", "lucky_numbers", *BUILTIN_BOTS[:4], "--seed", "1")
    assert json.loads(run_ok(capsys, "tournament", "list", "-f", "json"))[0]["id"] == 1
    assert (tmp_path / "env.db").exists()


def test_a_bot_command_that_fails_to_start_is_an_error(capsys, sqlite_path):
    broken = f'{sys.executable} -c "import sys; sys.exit(3)"'
    code, _, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", f"dud={broken}",
        "--bot", "ann=builtin:random", "--db", sqlite_path,
    )  # fmt: skip
    assert code == 1
    assert "\nerror: bot 'dud'" in err and "exited (exit code 3) before connecting" in err
    missing = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", "ghost=/no/such/program",
        "--bot", "ann=builtin:random", "--db", sqlite_path,
    )  # fmt: skip
    assert missing[0] == 1 and "\nerror: cannot start bot 'ghost'" in missing[2]
    listed = json.loads(run_ok(capsys, "tournament", "list", "-f", "json", "--db", sqlite_path))
    assert listed == []  # bots are checked before anything is stored
