"""Acceptance: a tournament killed mid-run (SIGKILL) and resumed equals an uninterrupted one."""

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

BOTS = [f"--bot=b{i}=builtin:{'first' if i == 5 else 'random'}" for i in range(6)]
RUN = ["tournament", "run", "-g", "lucky_numbers", *BOTS, "--cycles", "2", "--seed", "77"]
TOTAL = 15 * 2 * 2  # C(6, 2) tables, two rotations, two cycles
KILL_AFTER = 6  # stored matches before the kill


def cli(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    return out


def kill_mid_run(db: str) -> int:
    env = {**os.environ, "COLUMNS": "200"}
    process = subprocess.Popen(
        [sys.executable, "-m", "arena", *RUN, "--concurrency", "2", "--db", db],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    deadline = time.monotonic() + 60
    while stored_matches(db) < KILL_AFTER and process.poll() is None:
        assert time.monotonic() < deadline, "the run stored nothing in 60 s"
        time.sleep(0.005)
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert process.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    return stored_matches(db)


def essence(db: str):
    with Store.open(db) as store:
        records = store.tournament_matches(1)
    return [
        (r.match_id, r.seed, r.players, [(m.seat, m.move) for m in r.moves], r.outcome)
        for r in records
    ]


def test_a_killed_and_resumed_tournament_equals_an_uninterrupted_one(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    killed, calm = str(tmp_path / "killed.db"), str(tmp_path / "calm.db")
    left_behind = kill_mid_run(killed)
    assert KILL_AFTER <= left_behind < TOTAL
    status = json.loads(cli(capsys, "tournament", "list", "-f", "json", "--db", killed))[0]
    # its runner is gone: told apart from a live run, and its lease is free for the resume
    assert status["status"] == "abandoned" and status["played"] == left_behind

    cli(capsys, "tournament", "resume", "1", "--concurrency", "4", "--db", killed)
    cli(capsys, *RUN, "--concurrency", "1", "--db", calm)

    resumed, reference = essence(killed), essence(calm)
    assert len(resumed) == TOTAL == len({m[0] for m in resumed})  # none lost, none twice
    assert resumed == reference
    show = ["tournament", "show", "1", "-f", "json"]
    shown_killed = json.loads(cli(capsys, *show, "--db", killed))
    shown_calm = json.loads(cli(capsys, *show, "--db", calm))
    assert shown_killed["standings"] == shown_calm["standings"]
    assert shown_killed["seats"] == shown_calm["seats"]
    assert shown_killed["tournament"]["status"] == "finished"
    ladder = ["leaderboard", "-g", "lucky_numbers", "-f", "json"]
    assert json.loads(cli(capsys, *ladder, "--db", killed)) == json.loads(
        cli(capsys, *ladder, "--db", calm)
    )
    again = cli(capsys, "tournament", "resume", "1", "--db", killed)  # finished: plays nothing
    assert "Standings" in again and essence(killed) == reference
