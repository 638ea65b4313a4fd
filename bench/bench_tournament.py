"""Tournament throughput: matches per minute of a 6-bot Lucky Numbers round robin.

    .venv/bin/python bench/bench_tournament.py [--cycles 2] [--concurrency 1 8] [--no-demo]

Six random bots (bots/random_bot.py, separate processes, --max-matches 8) connect to the
embedded gRPC referee; every finished match is stored in a fresh SQLite file, as in
`arena tournament run`. Printed per concurrency: matches, wall time, matches per minute with
and without the bot start-up, and the same schedule with in-process built-in random bots for
comparison. Last, the wall time of `make demo` (unless --no-demo).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arena.app.running import create_tournament
from arena.cli.tournament_play import execute
from arena.store import Store
from arena.tournament import BotEntry, TournamentSpec

ROOT = Path(__file__).resolve().parents[1]
BOTS = 6
SEED = 1234


def bots(process: bool) -> tuple[BotEntry, ...]:
    """Six random bots: processes over gRPC, or in-process built-ins."""
    script = ROOT / "bots" / "random_bot.py"
    return tuple(
        BotEntry(
            f"random-{i}",
            f"{sys.executable} {script} --seed {i} --max-matches 8"
            if process
            else "builtin:random",
        )
        for i in range(BOTS)
    )


def measure(process: bool, concurrency: int, cycles: int) -> tuple[int, float, float]:
    """(matches, wall seconds from start, seconds from the first finished match to the last)."""
    with tempfile.TemporaryDirectory() as tmp, Store.open(str(Path(tmp) / "bench.db")) as store:
        spec = TournamentSpec("lucky_numbers", bots(process), seed=SEED, cycles=cycles)
        tournament = create_tournament(store, spec, owner=None)
        finished: list[float] = []
        started = time.perf_counter()
        asyncio.run(
            execute(
                store,
                tournament,
                concurrency=concurrency,
                on_match=lambda f, r: finished.append(time.perf_counter()),
            )
        )
        return len(finished), finished[-1] - started, finished[-1] - finished[0]


def demo_seconds() -> float:
    """Wall time of `make demo` (the venv already installed)."""
    started = time.perf_counter()
    subprocess.run(["make", "demo"], cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - started


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cycles", type=int, default=2, help="schedule repeats (30 matches each)")
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8])
    parser.add_argument("--no-demo", action="store_true", help="skip timing `make demo`")
    args = parser.parse_args()
    print(f"6-bot round robin of random bots, Lucky Numbers, {args.cycles} cycle(s), SQLite store")
    for concurrency in args.concurrency:
        for process in (True, False):
            n, wall, steady = measure(process, concurrency, args.cycles)
            kind = "gRPC bot processes" if process else "in-process built-ins"
            print(
                f"  concurrency {concurrency:2d}, {kind:20s}: {n} matches in {wall:6.2f} s = "
                f"{60 * n / wall:7.1f} matches/min ({60 * (n - 1) / steady:7.1f} without start-up)"
            )
    if not args.no_demo:
        print(f"make demo: {demo_seconds():.1f} s wall")


if __name__ == "__main__":
    main()
