"""Epizodiak benchmarks: random full games per second in each mode (engine only) and the greedy
bot's results against two random bots.

    .venv/bin/python bench/bench_epizodiak.py [--games N] [--matches M] [--baseline CHECKOUT]
        [--compiled]

`--baseline` also prints random playouts per second of another checkout's engine (say, the
previous main) beside this one's, each from fresh processes run alternately (side_by_side.py);
`--compiled` adds the same figure for this checkout's compiled engine (arena/games/epizodiak/
_core.c, arena.core.compiled) against the baseline's pure one.

Prints figures; asserts nothing. The win-rate run is seeded and reproducible: match i uses deal
seed i, the greedy bot sits in seat i % 3 (seats rotated) and random bots in the other two, each
with its own seeded stream. A fair share is 1/3 of the wins and 0.5 tournament points a game.
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
from arena.games.epizodiak import GAME, EpizodiakOptions  # noqa: E402
from arena.games.epizodiak.strategy import make_greedy  # noqa: E402
from arena.games.testing import request_for  # noqa: E402

MODES = (EpizodiakOptions(mode="one_round"), EpizodiakOptions(mode="score7"))


def random_games_per_second(games: int, options: EpizodiakOptions) -> tuple[float, float, float]:
    """Full random games per second: (per CPU second, per wall second, decisions per game)."""
    setup, legal, play, outcome = GAME.setup, GAME.legal_moves, GAME.play, GAME.outcome
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = setup(3, options, random.Random(seed))
        while outcome(state) is None:
            seat = state.current
            state = play(state, seat, rng.choice(legal(state, seat)))
            decisions += 1
    cpu = time.process_time() - cpu_start
    elapsed = time.perf_counter() - start
    return games / cpu, games / elapsed, decisions / games


def play_match(seed: int, policies: list, options: EpizodiakOptions):
    """One seeded match between three policies; its outcome."""
    state = GAME.setup(3, options, random.Random(seed))
    while (result := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        reply = policies[seat](request_for(GAME, state, seat))
        legal = GAME.legal_moves(state, seat)
        state = GAME.play(state, seat, legal[reply] if isinstance(reply, int) else reply)
    return result


def greedy_results(matches: int, options: EpizodiakOptions) -> tuple[float, float, int]:
    """Greedy against two random bots, seats rotated: (win rate, points per game, capped games)."""
    wins = 0.0
    points = 0.0
    capped = 0
    for i in range(matches):
        greedy_seat = i % 3
        policies = [random_policy(10_000 + 3 * i + s) for s in range(3)]
        policies[greedy_seat] = make_greedy(20_000 + i)
        result = play_match(i, policies, options)
        if result.ranks[greedy_seat] == 1:
            wins += 1 / len(result.winners)  # a shared win counts as a share
        points += result.points[greedy_seat]
        capped += result.termination.value == "turn_cap"
    return wins / matches, points / matches, capped


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="random games per speed figure")
    parser.add_argument("--matches", type=int, default=600, help="greedy vs random matches")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument(
        "--compiled", action="store_true", help="also the compiled engine against --baseline"
    )
    args = parser.parse_args()
    if args.compiled and args.baseline is None:
        parser.error("--compiled compares with a --baseline checkout")
    if args.baseline is not None:
        for mode in ("one_round", "score7"):
            compare("epizodiak", players=3, games=args.games // 4, baseline=args.baseline,
                    options={"mode": mode})  # fmt: skip
            if args.compiled:
                compare("epizodiak", players=3, games=args.games // 4, baseline=args.baseline,
                        options={"mode": mode}, compiled=True)  # fmt: skip
    for options in MODES:
        cpu, wall, per_game = random_games_per_second(args.games, options)
        print(
            f"random games, {options.mode:9}: {cpu:6.0f} games/s CPU time, {wall:6.0f} wall clock "
            f"({per_game:.0f} decisions/game, {args.games} games)"
        )
    for options in MODES if args.matches > 0 else ():
        win, points, capped = greedy_results(args.matches, options)
        print(
            f"greedy vs 2 random, {options.mode:9}, {args.matches} matches (seats rotated): "
            f"wins {100 * win:.1f}% (fair 33.3%), {points:.2f} points/game (fair 0.50), "
            f"{capped} ended by a cap"
        )


if __name__ == "__main__":
    main()
