"""Swiss and knockout played for real on two games, SIGKILLed mid-run and resumed: the same
records, standings and ladder as an uninterrupted run; the standings carry each format's
own columns and order."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from cli_helpers import stored_matches

from arena.cli import main
from arena.store import Store


def bots(n: int) -> list[str]:
    return [f"--bot=b{i}=builtin:{'first' if i % 3 == 0 else 'random'}" for i in range(n)]


CASES = {
    # 5 bots at tables of 2: a bye every round; 3 rounds of 2 tables of 2 games
    "swiss": (["-g", "lucky_numbers", *bots(5), "--format", "swiss", "--seed", "21"], 12),
    # 7 bots at tables of 3 (The Number): 2 first-stage tables ... then the final; byes up top
    "knockout": (
        ["-g", "the_number", *bots(7), "--format", "knockout", "--table-size", "3", "--seed", "8"],
        9,
    ),
}


def cli(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    return out


def kill_after(args: list[str], db: str, matches: int) -> int:
    process = subprocess.Popen(
        [sys.executable, "-m", "arena", "tournament", "run", *args, "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "COLUMNS": "200"},
    )
    deadline = time.monotonic() + 60
    while stored_matches(db) < matches and process.poll() is None:
        assert time.monotonic() < deadline, "the run stored nothing in 60 s"
        time.sleep(0.002)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    return stored_matches(db)


def essence(db: str):
    with Store.open(db) as store:
        fixtures = [
            (f.index, f.cycle, f.table, f.rotation, f.seats, f.seed) for f in store.fixtures(1)
        ]
        records = store.tournament_matches(1)
    moves = [(r.match_id, r.seed, r.players, [(m.seat, m.move) for m in r.moves]) for r in records]
    return fixtures, moves, [r.outcome for r in records]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_killed_round_format_resumes_to_the_uninterrupted_records(capsys, tmp_path, name):
    args, total = CASES[name]
    killed, calm = str(tmp_path / "killed.db"), str(tmp_path / "calm.db")
    left = kill_after(args, killed, 3)  # within the first round or just past it
    assert 3 <= left < total
    cli(capsys, "tournament", "resume", "1", "--concurrency", "2", "--db", killed)
    cli(capsys, "tournament", "run", *args, "--db", calm)
    assert essence(killed) == essence(calm)
    fixtures, moves, _ = essence(calm)
    assert len(moves) == len(fixtures) >= total
    assert [f[1] for f in fixtures] == sorted(f[1] for f in fixtures)  # rounds in order

    show = ["tournament", "show", "1", "-f", "json"]
    shown = json.loads(cli(capsys, *show, "--db", killed))
    assert shown == json.loads(cli(capsys, *show, "--db", calm)) | {
        "tournament": shown["tournament"]  # timestamps differ
    }
    assert shown["tournament"]["status"] == "finished"
    standings = shown["standings"]
    places = [row["place"] for row in standings]
    assert places == sorted(places) and places[0] == 1
    if name == "swiss":
        assert shown["tournament"]["rounds"] == 3 and "buchholz" in shown["tie_breaks"].lower()
        assert {row["byes"] for row in standings} == {0, 1}  # 5 bots, 3 rounds: 3 byes
        scores = [row["score"] for row in standings]
        assert scores == sorted(scores, reverse=True)
        assert sum(row["byes"] for row in standings) == 3
    else:
        assert places.count(1) == 1  # one winner
        assert "bracket" in shown["tie_breaks"]


def test_a_swiss_exports_and_imports_with_its_rounds(capsys, tmp_path) -> None:
    args, _total = CASES["swiss"]
    source, copy, dump = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "t.jsonl"
    cli(capsys, "tournament", "run", *args, "--db", str(source))
    cli(capsys, "export", "--tournament", "1", "-o", str(dump), "--db", str(source))
    cli(capsys, "import", str(dump), "--db", str(copy))
    assert essence(str(copy))[:2] == essence(str(source))[:2]
    show = ["tournament", "show", "1", "-f", "json"]
    there = json.loads(cli(capsys, *show, "--db", str(copy)))
    here = json.loads(cli(capsys, *show, "--db", str(source)))
    assert there["standings"] == here["standings"] and there["tournament"]["rounds"] == 3
