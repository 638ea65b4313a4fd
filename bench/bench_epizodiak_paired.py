"""Paired strength of Epizodiak boss variants: the same seeded matches, match by match.

    .venv/bin/python bench/bench_epizodiak_paired.py --iterations 1800 --games 96 --seed 100 \
        --workers 2 --out /tmp/base.json
    .venv/bin/python bench/bench_epizodiak_paired.py --iterations 1800 --games 96 --seed 100 \
        --workers 2 --set KEEP=12 --out /tmp/keep12.json
    .venv/bin/python bench/bench_epizodiak_paired.py --compare /tmp/base.json /tmp/keep12.json

Plays bench_strength.py's rotated, seeded matches (deal `--seed` + i // 3, the boss in seat
i % 3, every bot seeded per match) with the boss's module settings changed by `--set NAME=VALUE`
(a constant of arena/games/epizodiak/boss.py, read as a Python literal), and writes every
match's rank points, win share and decision times to `--out` as the matches end (in order, so
a run stopped early keeps the matches it finished). `--compare A B` reads two such
files and prints, over the matches both played, each one's rank points and first places (95%
Wilson intervals) and the mean paired difference of rank points with its 95% interval (normal,
from the spread of the per-match differences): the same deals and bot seeds on both sides, so
the difference is the variants' and not the deals'. Asserts nothing.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import Match, matches, play, wilson  # noqa: E402

from arena.ratings.elo import Z95  # noqa: E402


def apply_settings(settings: dict[str, Any]) -> None:
    """Set the boss module's constants (in this process: each worker calls it first)."""
    from arena.games.epizodiak import boss

    for name, value in settings.items():
        if not hasattr(boss, name):
            raise SystemExit(f"--set: boss.py has no {name}")
        setattr(boss, name, value)


def _play(job: tuple[dict[str, Any], Match]) -> dict[str, Any]:
    settings, match = job
    apply_settings(settings)
    result = play(match)
    return {
        "deal_seed": match.deal_seed,
        "boss_seat": match.boss_seat,
        "win": result.win,
        "rank_points": result.rank_points,
        "times": list(result.times),
    }


def run(args: argparse.Namespace) -> None:
    """Play the matches with the settings and write them to --out."""
    settings = {}
    for item in args.set or []:
        name, _, text = item.partition("=")
        settings[name] = ast.literal_eval(text)
    todo = matches("epizodiak", args.opponent, args)[args.first :]
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(_play, [(settings, m) for m in todo]):
            rows.append(row)  # written as they end, in order: a stopped run keeps its matches
            record = {
                "settings": settings,
                "iterations": args.iterations,
                "budget_ms": args.budget_ms,
                "opponent": args.opponent,
                "seed": args.seed,
                "level": args.level,
                "seconds": time.perf_counter() - started,
                "matches": rows,
            }
            Path(args.out).write_text(json.dumps(record))
    print(summary(args.out, rows), f"[{time.perf_counter() - started:.0f} s]")


def summary(name: str, rows: list[dict[str, Any]]) -> str:
    """Rank points and first places of one side, with 95% intervals."""
    n = len(rows)
    points = sum(r["rank_points"] for r in rows) / n
    firsts = sum(r["win"] > 0 for r in rows) / n
    lo, hi = wilson(points, n)
    flo, fhi = wilson(firsts, n)
    return (
        f"{name}: {n} games, rank points {points:.3f} [{lo:.3f}, {hi:.3f}], "
        f"first places {firsts:.3f} [{flo:.3f}, {fhi:.3f}]"
    )


def compare(a_path: str, b_path: str) -> None:
    """The paired difference B - A over the matches both files hold."""
    a, b = (json.loads(Path(p).read_text()) for p in (a_path, b_path))
    key = lambda r: (r["deal_seed"], r["boss_seat"])  # noqa: E731
    a_rows = {key(r): r for r in a["matches"]}
    b_rows = {key(r): r for r in b["matches"]}
    both = sorted(set(a_rows) & set(b_rows))
    if not both:
        raise SystemExit("no match in common")
    print(summary(f"A {a_path} {a['settings']}", [a_rows[k] for k in both]))
    print(summary(f"B {b_path} {b['settings']}", [b_rows[k] for k in both]))
    diffs = [b_rows[k]["rank_points"] - a_rows[k]["rank_points"] for k in both]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.nan
    half = Z95 * spread / math.sqrt(n)
    changed = sum(1 for d in diffs if d)
    print(
        f"B - A rank points {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] over {n} "
        f"paired games ({changed} differ: {sum(d > 0 for d in diffs)} better, "
        f"{sum(d < 0 for d in diffs)} worse)"
    )


def main() -> None:
    """Parse the arguments; play, or compare two runs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=96)
    parser.add_argument("--iterations", type=int, help="fixed rollouts per boss decision")
    parser.add_argument("--budget-ms", type=int, help="a clock per decision instead")
    parser.add_argument("--opponent", default="greedy", choices=("greedy", "random"))
    parser.add_argument("--level", default="boss")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="skip the matches before this one")
    parser.add_argument("--set", action="append", help="NAME=VALUE: a boss.py constant")
    parser.add_argument("--out", help="where the per-match results go (JSON)")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="two --out files")
    args = parser.parse_args()
    args.clairvoyant = False
    if args.compare:
        compare(*args.compare)
        return
    if not args.out:
        parser.error("--out is needed to play")
    run(args)


if __name__ == "__main__":
    main()
