"""Hypnosia benchmarks: random full games per second (engine only) and the greedy bot's results.

    .venv/bin/python bench/bench_hypnosia.py [--games N] [--matches-2p M] [--matches-many K]
                                             [--baseline CHECKOUT [--compiled]]

`--baseline` also prints random playouts per second of another checkout's engine (say, the
previous main) beside this one's, each from fresh processes run alternately (side_by_side.py).
`--compiled` adds the same figure for this checkout's compiled engine (arena/core/compiled.py, the C
core of arena/games/hypnosia/_core.c) against the baseline's pure-Python one.

Prints figures; asserts nothing. Every run is seeded and reproducible: match i uses game seed
i, the greedy bot sits in seat i % players (every seat in turn) and random bots in the others,
each with its own seeded stream. A "win" is a first place (shared first places count).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from side_by_side import compare  # noqa: E402

from arena.core.players import random_policy  # noqa: E402
from arena.games.hypnosia import GAME, HypnosiaOptions  # noqa: E402
from arena.games.hypnosia.strategy import make_greedy  # noqa: E402
from arena.games.testing import request_for  # noqa: E402


def random_games_per_second(
    num_players: int, games: int, options: HypnosiaOptions
) -> tuple[float, float, float]:
    """(games/s of process CPU time, games/s of wall time, decisions per game) of random play."""
    setup, legal, play, outcome = GAME.setup, GAME.legal_moves, GAME.play, GAME.outcome
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = setup(num_players, options, random.Random(seed))
        while outcome(state) is None:
            seat = state.current
            state = play(state, seat, rng.choice(legal(state, seat)))
            decisions += 1
    cpu = time.process_time() - cpu_start
    return games / cpu, games / (time.perf_counter() - start), decisions / games


def greedy_results(players: int, matches: int, options: HypnosiaOptions) -> tuple[int, float]:
    """Greedy against random bots: (first places, mean tournament points of the greedy seat)."""
    wins, points = 0, 0.0
    for i in range(matches):
        hero = i % players
        policies = [random_policy(10_000 * (s + 1) + i) for s in range(players)]
        policies[hero] = make_greedy(20_000 + i)
        state = GAME.setup(players, options, random.Random(i))
        while (result := GAME.outcome(state)) is None:
            seat = state.current
            state = GAME.play(state, seat, policies[seat](request_for(GAME, state, seat)))
        wins += result.ranks[hero] == 1
        points += result.points[hero]
    return wins, points / matches


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="random games per speed figure")
    parser.add_argument("--matches-2p", type=int, default=500, help="2-player greedy matches")
    parser.add_argument("--matches-many", type=int, default=200, help="4- and 6-player matches")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="with --baseline: also time this checkout's compiled engine against it",
    )
    args = parser.parse_args()
    if args.compiled and args.baseline is None:
        parser.error("--compiled compares with a --baseline checkout")
    if args.baseline is not None:
        for players in (2, 6):
            compare("hypnosia", players=players, games=args.games // 4, baseline=args.baseline)
            if args.compiled:
                compare(
                    "hypnosia",
                    players=players,
                    games=args.games // 4,
                    baseline=args.baseline,
                    compiled=True,
                )
    for stacks_cross in (True, False):
        variant = "base   " if stacks_cross else "variant"
        for n in (2, 6):
            cpu, wall, per_game = random_games_per_second(
                n, args.games, HypnosiaOptions(stacks_cross=stacks_cross)
            )
            print(
                f"random {n}-player games, {variant}: {cpu:5.0f} games/s CPU time, "
                f"{wall:5.0f} wall clock ({per_game:.0f} decisions/game, {args.games} games)"
            )
    for players, matches in ((2, args.matches_2p), (4, args.matches_many), (6, args.matches_many)):
        if matches <= 0:
            continue
        wins, mean = greedy_results(players, matches, HypnosiaOptions())
        print(
            f"greedy vs {players - 1} random, {matches} {players}-player matches (every seat): "
            f"first {100 * wins / matches:.1f}% ({wins}/{matches}; random would be "
            f"{100 / players:.0f}%), mean points {mean:.3f}"
        )


if __name__ == "__main__":
    main()
