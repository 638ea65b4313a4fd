"""Swiss pairing cost: whole Swiss tournaments of random results, timed round by round.

    .venv/bin/python bench/bench_pairings.py [--bots 64 512] [--table-sizes 2 4] [--seeds 3]

For each field size and table size, plays --seeds Swiss tournaments of the default number of
rounds (and one of 3x that many at tables of two, where avoiding rematches gets hard), each
encounter's result drawn at random (draws included), and prints the mean and worst time of
one `plan_swiss_round` call (the runner's cost between two rounds) and the repeat meetings.
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from arena.core.game import points_by_rank, ranks_from_keys
from arena.tournament.encounters import Encounter
from arena.tournament.swiss import default_swiss_rounds, plan_swiss_round


def swiss(bots: list[str], k: int, rounds: int, seed: int) -> tuple[list[float], int]:
    """Per-round planning times and the repeat meetings of one random Swiss."""
    rng = random.Random(seed)
    played: list[Encounter] = []
    times: list[float] = []
    while True:
        started = time.perf_counter()
        plan = plan_swiss_round(bots, k, rounds, played)
        times.append(time.perf_counter() - started)
        if plan is None:
            break
        for t, table in enumerate(plan.tables):
            points = tuple(float(rng.randint(0, 2)) for _ in table)
            ranks = ranks_from_keys(points)
            played.append(
                Encounter(plan.round, t, table, points, (0,) * k, ranks, points_by_rank(ranks))
            )
    pairs = [frozenset(p) for e in played for p in itertools.combinations(e.bots, 2)]
    return times[:-1], len(pairs) - len(set(pairs))


def main() -> None:
    """Print one line per (bots, table size, rounds)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--bots", type=int, nargs="+", default=[64, 512])
    parser.add_argument("--table-sizes", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    for n, k in itertools.product(args.bots, args.table_sizes):
        bots = [f"bot{i:04d}" for i in range(n)]
        default = default_swiss_rounds(n, k)
        for rounds in (default, 3 * default) if k == 2 else (default,):
            times: list[float] = []
            repeats = 0
            for seed in range(args.seeds):
                round_times, repeated = swiss(bots, k, min(rounds, n - 1), seed)
                times += round_times
                repeats += repeated
            print(
                f"{n:5d} bots, tables of {k}, {min(rounds, n - 1):3d} rounds: "
                f"plan_swiss_round mean {statistics.mean(times) * 1e3:7.1f} ms, "
                f"worst {max(times) * 1e3:7.1f} ms; repeat meetings {repeats}"
            )


if __name__ == "__main__":
    main()
