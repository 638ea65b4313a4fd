"""A tournament of CPU-hungry bots in one process and on a local Ray cluster, warm and fresh.

    .venv/bin/python bench/bench_cluster.py [--busy-ms 20] [--cycles 1[,3]] [--cpus 2] [--rounds 5]

Four bots (tests/bots/busy_bot.py: the first legal move after burning --busy-ms of CPU per
decision) play a Lucky Numbers round robin, stored in a fresh SQLite file each time: one
process (`arena tournament run`, --concurrency 1 and --cpus), then `--cluster local[N]` with
--cpus-per-bot 0.5 (one seat thinks at a time, so a 2-seat match takes one CPU), with warm
workers (the default) and with `--fresh-bots`. Printed: wall time, the time of the matches
themselves, and the overhead per fixture (wall time x matches in flight - match time, over
the fixtures: bot start-up, referee, scheduling, storing; "x one": over one process at
concurrency 1). "ends s" is the time before the first match starts and after the last one
ends (workers and bots starting, stopping); "in-run" is the overhead between the first start
and the last end (first-use bot launches included). A cluster run starts its own local Ray
cluster, as `--cluster local[N]` does, and its wall time and overhead include that start (also
printed apart). The sides are interleaved: each round runs every side once, in turn, so a busy
machine slows them alike; each figure is the median over --rounds rounds with its range, and
"x one" is taken within a round before its median.
With two sizes (`--cycles 1,3`) the overhead is also split into a fixed part (slot-seconds:
workers, bots and the first-use launches) and a part per extra fixture. Records are checked
equal.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import ray

from arena.app.running import create_tournament
from arena.cli.tournament_play import execute
from arena.cluster.connect import ClusterSettings, ClusterTarget
from arena.cluster.organizer import ClusterRun, run_on_cluster
from arena.store import Store
from arena.tournament import BotEntry, TournamentSpec

ROOT = Path(__file__).resolve().parents[1]
SEED = 2026
BOTS = 4


def spec(busy_ms: float, cycles: int) -> TournamentSpec:
    """Four busy bots, every pair at a table (two tables can play at once)."""
    bot = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'busy_bot.py'} --busy-ms {busy_ms}"
    bots = tuple(BotEntry(f"busy-{i}", bot) for i in range(BOTS))
    return TournamentSpec("lucky_numbers", bots, seed=SEED, cycles=cycles, time_per_move_ms=5000)


def play(
    tournament_spec: TournamentSpec, slots: int, cluster: str | None
) -> tuple[float, float, float, list]:
    """(wall s, sum of match durations s, first match start to last match end s, essence of
    the records) of one run (`cluster`: None for one process, else "warm" or "fresh")."""
    with tempfile.TemporaryDirectory() as tmp, Store.open(str(Path(tmp) / "b.db")) as store:
        tournament = create_tournament(store, tournament_spec, owner=None)
        started = time.perf_counter()
        if cluster:
            target = ClusterSettings(
                ClusterTarget(None, slots), cpus_per_bot=0.5, fresh=cluster == "fresh"
            )
            run_on_cluster(ClusterRun(store, target), tournament)
        else:
            asyncio.run(execute(store, tournament, concurrency=slots))
        wall = time.perf_counter() - started
        records = store.tournament_matches(tournament.id)
    matches = sum(r.finished_at - r.started_at for r in records)
    window = max(r.finished_at for r in records) - min(r.started_at for r in records)
    essence = [(r.match_id, [m.move for m in r.moves], r.outcome) for r in records]
    return wall, matches, window, essence


def start_ray(cpus: int) -> None:
    """A fresh local Ray cluster, as `--cluster local[N]` starts one."""
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    ray.init(address="local", num_cpus=cpus, include_dashboard=False, log_to_driver=False,
             object_store_memory=80 * 1024**2, logging_level=logging.ERROR)  # fmt: skip


def spread(values: list[float], digits: int = 2) -> str:
    """The median and the range of `values`."""
    low, mid, high = min(values), statistics.median(values), max(values)
    return f"{mid:.{digits}f} [{low:.{digits}f}-{high:.{digits}f}]"


def main() -> None:
    """Print the figures of each way to run the same tournament, sides interleaved by round."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy-ms", type=float, default=20.0)
    parser.add_argument("--cycles", default="1", help="tournament sizes, e.g. 1,3")
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5, help="each side once per round")
    args = parser.parse_args()
    sizes = [int(c) for c in args.cycles.split(",")]
    runs = (
        ("one process, concurrency 1", 1, None),
        (f"one process, concurrency {args.cpus}", args.cpus, None),
        (f"--cluster local[{args.cpus}] (warm)", args.cpus, "warm"),
        (f"--cluster local[{args.cpus}] --fresh-bots", args.cpus, "fresh"),
    )
    medians: dict[str, list[tuple[int, float]]] = {}  # label -> (fixtures, overhead slot-s)
    for cycles in sizes:
        the_spec = spec(args.busy_ms, cycles)
        fixtures = BOTS * (BOTS - 1) // 2 * 2 * cycles
        print(
            f"{fixtures} fixtures, {BOTS} bots burning {args.busy_ms:g} ms of CPU a decision, "
            f"{args.rounds} rounds (each side once a round, in turn; median [range])"
        )
        seen: dict[str, dict[str, list[float]]] = {label: {} for label, _, _ in runs}
        reference = None
        for _ in range(args.rounds):
            one = 0.0  # this round's one-process overhead per fixture
            for label, slots, cluster in runs:
                started = time.perf_counter()
                if cluster:
                    start_ray(args.cpus)  # a cluster run's wall time includes Ray's start
                ray_s = time.perf_counter() - started
                wall, matches, window, essence = play(the_spec, slots, cluster)
                total = time.perf_counter() - started
                if cluster:
                    ray.shutdown()
                overhead = (total * slots - matches) / fixtures * 1000
                one = one or overhead
                figures = seen[label]
                for key, value in (("wall", total), ("ray", ray_s), ("match", matches),
                                   ("ends", wall - window), ("overhead", overhead),
                                   ("in-run", (window * slots - matches) / fixtures * 1000),
                                   ("x one", overhead / one)):  # fmt: skip
                    figures.setdefault(key, []).append(value)
                reference = reference or essence
                assert essence == reference, f"{label}: records differ from the one-process run"
        print(f"{'run':<36}{'wall s (Ray start included)':>30}{'Ray start s':>20}"
              f"{'overhead/fixture ms':>24}{'in-run ms':>20}{'x one':>20}")  # fmt: skip
        for label, slots, _cluster in runs:
            f = seen[label]
            print(f"{label:<36}{spread(f['wall']):>30}{spread(f['ray']):>20}"
                  f"{spread(f['overhead'], 0):>24}{spread(f['in-run'], 0):>20}"
                  f"{spread(f['x one']):>20}")  # fmt: skip
            over = statistics.median(f["wall"]) * slots - statistics.median(f["match"])
            medians.setdefault(label, []).append((fixtures, over))
    if len(sizes) > 1:  # fixed cost and cost per extra fixture, from the smallest and largest
        print(f"{'per extra fixture, and fixed':<36}{'ms':>7}{'x one':>8}{'fixed slot-s':>14}")
        base = None
        for label, _slots, _cluster in runs:
            (small, over_small), (big, over_big) = medians[label][0], medians[label][-1]
            marginal = (over_big - over_small) / (big - small)
            base = base or marginal
            fixed = over_small - marginal * small
            print(f"{label:<36}{marginal * 1000:>7.0f}{marginal / base:>8.2f}{fixed:>14.1f}")


if __name__ == "__main__":
    main()
