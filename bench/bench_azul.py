"""Azul benchmarks: random full games per second (engine only) and the greedy bot's win rate.

    .venv/bin/python bench/bench_azul.py [--games N] [--matches M] [--baseline CHECKOUT]
                                         [--compiled]

`--baseline` also prints random playouts per second of another checkout's engine (say, the
previous main) beside this one's, each from fresh processes run alternately (side_by_side.py).
`--compiled` adds the compiled engine's figures (arena/games/azul/_core.c): against the
baseline's pure engine with `--baseline`, and in this process beside the pure engine's.

Prints figures; asserts nothing. The win-rate run is seeded and reproducible: match i uses
deal seed i, the greedy bot sits in seat i % 2 (alternating seats) and the random bot in the
other seat, each with its own seeded stream.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from side_by_side import compare  # noqa: E402

from arena.core.compiled import require_compiled  # noqa: E402
from arena.core.players import random_policy  # noqa: E402
from arena.games.azul import GAME, AzulOptions  # noqa: E402
from arena.games.azul.strategy import make_greedy  # noqa: E402
from arena.games.testing import request_for  # noqa: E402


def random_games_per_second(
    num_players: int, games: int, options: AzulOptions, engine: Any = GAME
) -> tuple[float, float, float]:
    """Full random games per second (setup, to_move, legal_moves, play until outcome) of the
    engine (GAME, or the compiled engine).

    Returns (games/s of process CPU time, games/s of wall time, decisions per game): the CPU
    figure stays meaningful on a machine shared with other work.
    """
    setup, to_move, legal, play, outcome = (
        engine.setup,
        engine.to_move,
        engine.legal_moves,
        engine.play,
        engine.outcome,
    )
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = setup(num_players, options, random.Random(seed))
        while outcome(state) is None:
            seat = to_move(state)[0]
            state = play(state, seat, rng.choice(legal(state, seat)))
            decisions += 1
    cpu = time.process_time() - cpu_start
    elapsed = time.perf_counter() - start
    return games / cpu, games / elapsed, decisions / games


def play_match(seed: int, policies: list, options: AzulOptions) -> tuple[float, ...]:
    """One seeded 2-player match between two policies; the tournament points per seat."""
    state = GAME.setup(len(policies), options, random.Random(seed))
    while (result := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        reply = policies[seat](request_for(GAME, state, seat))
        legal = GAME.legal_moves(state, seat)
        state = GAME.play(state, seat, legal[reply] if isinstance(reply, int) else reply)
    return result.points


def greedy_win_rate(matches: int, options: AzulOptions) -> tuple[float, int, int, int]:
    """Greedy vs random over seeded matches with alternating seats: (score rate, W, D, L)."""
    wins = draws = losses = 0
    for i in range(matches):
        greedy_seat = i % 2
        policies = [random_policy(10_000 + i), random_policy(10_000 + i)]
        policies[greedy_seat] = make_greedy(20_000 + i)
        points = play_match(i, policies, options)[greedy_seat]
        wins += points == 1.0
        draws += points == 0.5
        losses += points == 0.0
    return (wins + 0.5 * draws) / matches, wins, draws, losses


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="random games per speed figure")
    parser.add_argument("--matches", type=int, default=500, help="greedy vs random matches")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument("--compiled", action="store_true", help="the compiled engine's figures too")
    args = parser.parse_args()
    engines: list[tuple[str, Any]] = [("", GAME)]
    if args.compiled:
        engines.append((" (compiled engine)", require_compiled("azul")))
    if args.baseline is not None:
        for wall in ("colored", "gray"):
            compare("azul", players=2, games=args.games // 4, baseline=args.baseline,
                    options={"wall": wall})  # fmt: skip
            if args.compiled:
                compare("azul", players=2, games=args.games // 4, baseline=args.baseline,
                        options={"wall": wall}, compiled=True)  # fmt: skip
    for wall in ("colored", "gray"):
        for n in (2, 4):
            for label, engine in engines:
                cpu, wall_rate, per_game = random_games_per_second(
                    n, args.games, AzulOptions(wall=wall), engine
                )
                print(
                    f"random {n}-player games, {wall:7} wall: {cpu:6.0f} games/s CPU time, "
                    f"{wall_rate:6.0f} wall clock ({per_game:.1f} decisions/game, "
                    f"{args.games} games){label}"
                )
    for wall in ("colored", "gray") if args.matches > 0 else ():
        score, won, drawn, lost = greedy_win_rate(args.matches, AzulOptions(wall=wall))
        print(
            f"greedy vs random, {wall} wall, {args.matches} 2-player matches "
            f"(alternating seats): {100 * score:.1f}% (W{won} D{drawn} L{lost})"
        )


if __name__ == "__main__":
    main()
