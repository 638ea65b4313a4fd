"""`arena tournament attach ID --db DB` follows a tournament that a `tournament run` in another
process plays on that database: its progress as matches end, then its final report; Ctrl-C
detaches and the run goes on (the door's watch_tournament over a database)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARENA = (sys.executable, "-m", "arena")
# `arena` with Ctrl-C as a terminal gives it: a test process (a pytest-xdist worker that ran
# Ray, gRPC and signal tests before) may hand its children SIGINT ignored or blocked, and then
# a Ctrl-C never reaches the follower (the full suite saw it follow to the end and exit 0).
WITH_CTRL_C = (
    sys.executable, "-c",
    "import os, signal, sys; signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT}); "
    "signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.executable, [sys.executable, '-m', 'arena', *sys.argv[1:]])",
)  # fmt: skip


def start_run(db: Path, cycles: int) -> subprocess.Popen[str]:
    """A tournament of two built-ins (2 x `cycles` matches, about 20 a second), in a process of
    its own."""
    bots = ("--bot", "a=builtin:random", "--bot", "b=builtin:greedy")
    command = [*ARENA, "tournament", "run", "-g", "lucky_numbers", *bots, "--cycles", str(cycles),
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
    run = start_run(db, cycles=150)
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
    run = start_run(db, cycles=500)
    try:
        wait_running(db)
        attach = subprocess.Popen([*WITH_CTRL_C, "tournament", "attach", "1", "--db", str(db)],
                                  cwd=ROOT, text=True, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)  # fmt: skip
        assert attach.stderr is not None
        lines: list[str] = []
        reader = threading.Thread(target=lambda: lines.extend(attach.stderr or ()), daemon=True)
        reader.start()
        # Ctrl-C once it follows (a match shown as it ended), not after a guessed delay: on a
        # loaded machine the process may still be importing when a fixed sleep ends
        deadline = time.monotonic() + 120
        while not any("Finished t1-" in line for line in list(lines)):
            assert time.monotonic() < deadline and attach.poll() is None, "".join(lines)
            time.sleep(0.05)
        attach.send_signal(signal.SIGINT)
        attach.wait(timeout=60)
        reader.join(timeout=60)
        err = "".join(lines)
        assert attach.returncode == 0, err
        said = " ".join(err.split())
        assert f"detached: tournament 1 goes on in sqlite:///{db}" in said
        assert f"`arena tournament attach 1 --db sqlite:///{db}`" in said
        assert run.poll() is None  # the run goes on, undisturbed
        time.sleep(1)
        assert run.poll() is None
    finally:
        run.kill()
