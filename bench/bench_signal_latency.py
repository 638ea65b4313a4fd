"""How soon a local tournament stops after a Ctrl-C that one of its other threads takes.

    .venv/bin/python bench/bench_signal_latency.py [--runs 5] [--root CHECKOUT]

Each run starts `arena tournament run` of two bots that hold their first move (the event loop
asleep, waiting for an answer), waits until the tournament is stored, sends SIGINT to one of the
process's threads other than the main one (tgkill; run k takes the k-th such thread, as the
kernel may when it hands a process its signal) and prints the seconds until the process exits.
--root runs another checkout's arena (from that folder, its tree first on PYTHONPATH), for a
before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from thread_signal import other_threads, signal_thread  # noqa: E402

GIVE_UP_S = 60.0


def tournaments(db: Path) -> int:
    """How many tournaments the database holds (0 before it exists)."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
            return int(con.execute("select count(*) from tournaments").fetchone()[0])
    except sqlite3.Error:
        return 0


def one_run(k: int, root: Path, env: dict[str, str], folder: Path) -> tuple[str, float | None]:
    """Stop one held tournament through its k-th other thread: (the thread's name, seconds)."""
    db, hold = folder / f"t{k}.db", folder / f"hold{k}"
    hold.touch()
    bot = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'slow_bot.py'} --think-ms 0"
    bots = [f"--bot=s{i}={bot} --seed {i} --hold-while {hold}" for i in range(2)]
    process = subprocess.Popen(
        [sys.executable, "-m", "arena", "tournament", "run", "-g", "lucky_numbers", *bots,
         "--time-per-move", "120000", "--seed", "3", "--db", str(db),
         "--log-dir", str(folder / f"logs{k}")],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=root,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + GIVE_UP_S
        while not tournaments(db):
            if process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"run {k}: no tournament was stored")
            time.sleep(0.1)
        time.sleep(1.0)  # the first move asked for
        threads = other_threads(process.pid)
        tid = threads[k % len(threads)]
        name = Path(f"/proc/{process.pid}/task/{tid}/comm").read_text().strip()
        start = time.monotonic()
        signal_thread(process.pid, tid, signal.SIGINT)
        try:
            process.wait(timeout=GIVE_UP_S)
        except subprocess.TimeoutExpired:
            return name, None
        return name, time.monotonic() - start
    finally:
        hold.unlink(missing_ok=True)
        process.kill()
        process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose arena runs")
    args = parser.parse_args()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(args.root), str(ROOT)])}
    print(f"arena of {args.root}: seconds from a SIGINT to one other thread to the exit")
    with tempfile.TemporaryDirectory() as folder:
        for k in range(args.runs):
            name, seconds = one_run(k, args.root, env, Path(folder))
            shown = f"{seconds:.2f}" if seconds is not None else f"still running after {GIVE_UP_S}"
            print(f"  run {k}: thread {name}: {shown}")


if __name__ == "__main__":
    main()
