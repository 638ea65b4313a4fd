"""`arena tournament attach ID --db DB` follows a tournament that a `tournament run` in another
process plays on that database: its progress as matches end, then its final report; Ctrl-C
detaches and the run goes on (the door's watch_tournament over a database)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARENA = (sys.executable, "-m", "arena")


def start_run(db: Path) -> subprocess.Popen[str]:
    """A 300-match tournament of two built-ins (several seconds), in a process of its own."""
    bots = ("--bot", "a=builtin:random", "--bot", "b=builtin:greedy")
    command = [*ARENA, "tournament", "run", "-g", "lucky_numbers", *bots, "--cycles", "150",
               "--seed", "5", "--db", str(db)]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, text=True, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)  # fmt: skip


def wait_running(db: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
                row = conn.execute("SELECT status FROM tournaments WHERE id = 1").fetchone()
            if row is not None and row[0] == "running":
                return
        except sqlite3.OperationalError:  # not created yet
            pass
        time.sleep(0.05)
    raise AssertionError("the run never started")


def test_attach_follows_a_run_of_another_process_to_its_report(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    run = start_run(db)
    try:
        wait_running(db)
        attach = subprocess.run([*ARENA, "tournament", "attach", "1", "--db", str(db)],
                                cwd=ROOT, text=True, capture_output=True, timeout=300)  # fmt: skip
        assert attach.returncode == 0, attach.stderr
        assert run.wait(timeout=120) == 0
    finally:
        run.kill()
    assert "Finished t1-" in attach.stderr  # matches shown as they ended
    assert "Standings (tournament 1)" in attach.stdout
    assert "Leaderboard: lucky_numbers" in attach.stdout
    assert "finished" in attach.stdout


def test_ctrl_c_detaches_and_the_run_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    run = start_run(db)
    try:
        wait_running(db)
        attach = subprocess.Popen([*ARENA, "tournament", "attach", "1", "--db", str(db)],
                                  cwd=ROOT, text=True, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)  # fmt: skip
        time.sleep(2)  # following: the first update is shown
        attach.send_signal(signal.SIGINT)
        out, err = attach.communicate(timeout=60)
        assert attach.returncode == 0, err
        said = " ".join(err.split())
        assert f"detached: tournament 1 goes on in sqlite:///{db}" in said
        assert f"`arena tournament attach 1 --db sqlite:///{db}`" in said
        assert run.wait(timeout=120) == 0  # the run was not disturbed
    finally:
        run.kill()
