"""Lucky Numbers benchmarks: random playouts per second, and greedy vs random win rate.

Run: .venv/bin/python bench/bench_lucky_numbers.py [--games 2000] [--duel 500] [--baseline DIR]
[--compiled]

`--baseline` also prints random playouts per second of another checkout's engine (say, the
previous main) beside this one's, each from fresh processes run alternately (side_by_side.py).
`--compiled` (with `--baseline`) adds this checkout's compiled engine (the C core,
arena/games/lucky_numbers/compiled.py) against the baseline's pure one, for 2 and 4 players in
each setup, with and without Bruno's variant.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from side_by_side import compare  # noqa: E402

from arena.core.players import Policy, random_policy  # noqa: E402
from arena.games.lucky_numbers import GAME, LuckyNumbersOptions  # noqa: E402
from arena.games.lucky_numbers.strategy import STRATEGIES  # noqa: E402
from arena.games.testing import request_for  # noqa: E402

# The option sets the compiled engine is timed with: both setups, with and without Bruno.
COMPILED_OPTIONS: tuple[dict[str, str], ...] = (
    {},
    {"setup": "michael"},
    {"bruno": "true"},
    {"setup": "michael", "bruno": "true"},
)


def random_playouts(
    num_players: int, games: int, options: LuckyNumbersOptions
) -> tuple[float, float]:
    """Play `games` uniform-random games on the engine alone; (games/s, decisions/game)."""
    decisions = 0
    started = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = GAME.setup(num_players, options, random.Random(seed))
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
            decisions += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, decisions / games


def duel(
    policy_a: Policy, policy_b: Policy, seed: int, options: LuckyNumbersOptions, a_seat: int
) -> float:
    """One 2-player game, A in `a_seat`: A's share of the win (1, 0.5 shared, 0)."""
    state = GAME.setup(2, options, random.Random(seed))
    while (out := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        request = request_for(GAME, state, seat)
        reply = (policy_a if seat == a_seat else policy_b)(request)
        move = request.legal_moves[reply] if isinstance(reply, int) else reply
        state = GAME.play(state, seat, move)
    return 1.0 / len(out.winners) if a_seat in out.winners else 0.0


def greedy_vs_random(games: int, options: LuckyNumbersOptions) -> float:
    """Greedy's win rate over `games` seeded 2-player games, seats alternating (shared = 1/2)."""
    total = 0.0
    for g in range(games):
        greedy, rand = STRATEGIES["greedy"](g), random_policy(g)
        total += duel(greedy, rand, seed=g, options=options, a_seat=g % 2)
    return total / games if games else float("nan")


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random playouts per player count")
    parser.add_argument("--duel", type=int, default=500, help="greedy vs random games per setup")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument(
        "--compiled", action="store_true", help="also time the compiled engine (needs --baseline)"
    )
    args = parser.parse_args()
    if args.compiled and args.baseline is None:
        parser.error("--compiled compares with a baseline: give --baseline DIR")
    if args.baseline is not None:
        compare("lucky_numbers", players=2, games=args.games // 4, baseline=args.baseline)
        compare("lucky_numbers", players=4, games=args.games // 8, baseline=args.baseline,
                options={"setup": "michael", "bruno": "true"})  # fmt: skip
    if args.compiled:
        for players, games in ((2, args.games // 4), (4, args.games // 8)):
            for options in COMPILED_OPTIONS:
                compare("lucky_numbers", players=players, games=games, baseline=args.baseline,
                        options=options, compiled=True)  # fmt: skip
    for n in (2, 4):
        rate, plies = random_playouts(n, args.games, LuckyNumbersOptions())
        print(f"random playouts, {n} players, easy: {rate:.1f} games/s, {plies:.0f} decisions/game")
    rate, plies = random_playouts(4, args.games // 4, LuckyNumbersOptions("michael", True))
    print(f"random playouts, 4 players, michael+bruno: {rate:.1f} games/s, {plies:.0f} dec/game")
    for options in (LuckyNumbersOptions(), LuckyNumbersOptions("michael", True)):
        started = time.perf_counter()
        win = greedy_vs_random(args.duel, options)
        took = time.perf_counter() - started
        print(
            f"greedy vs random, 2 players, setup={options.setup} bruno={options.bruno}: "
            f"greedy wins {win:.1%} of {args.duel} games (seats alternate; {took:.1f} s)"
        )


if __name__ == "__main__":
    main()
