"""Hypnosia boss strength: boss against greedy and against random, 1 v 1, rotated and seeded.

    .venv/bin/python bench/bench_strength_hypnosia.py --matches 200 --budget-ms 1000
    .venv/bin/python bench/bench_strength_hypnosia.py --matches 40 --iterations 210 --level boss

Prints first places (a shared first counts half) with a 95% Wilson interval, the mean
tournament points, and the boss's thinking time (p50, p99, and how many decisions took more
than its budget + 10%). Asserts nothing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from duel import play_matches, report  # noqa: E402

from arena.games.hypnosia import GAME, HypnosiaOptions  # noqa: E402
from arena.games.hypnosia.strategy import STRATEGIES  # noqa: E402
from arena.players import random_policy  # noqa: E402


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40, help="matches per opponent")
    parser.add_argument("--level", default="boss", help="boss, boss:1, boss:2 or boss:3")
    parser.add_argument("--budget-ms", type=int, default=None, help="per-move budget")
    parser.add_argument("--iterations", type=int, default=None, help="fixed work per move")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--opponent", action="append", choices=["greedy", "random"])
    parser.add_argument("--variant", action="store_true", help="stacks may not cross")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()
    factory = STRATEGIES[args.level]
    settings = {"budget_ms": args.budget_ms, "iterations": args.iterations}
    settings = {k: v for k, v in settings.items() if v is not None}
    options = HypnosiaOptions(stacks_cross=not args.variant)
    field = {"greedy": STRATEGIES["greedy"], "random": random_policy}
    for name in args.opponent or ["greedy", "random"]:
        tally = play_matches(
            GAME,
            options,
            args.players,
            lambda seed: factory(seed, **settings),
            field[name],
            args.matches,
            base_seed=args.seed,
            budget_ms=args.budget_ms,
            progress=args.progress,
        )
        label = f"{args.level} {settings or 'default'} vs {args.players - 1} {name}"
        print(report(label, tally, args.budget_ms), flush=True)


if __name__ == "__main__":
    main()
