"""Arctic Scavengers benchmarks: random full games per second (the base game, and with all nine
expansion modules on) and the greedy bot's win rate (the base game, and 3 players with all modules).

    .venv/bin/python bench/bench_arctic_scavengers.py [--games N] [--matches2 M] [--matches4 M]
                                                        [--modules M] [--baseline DIR]
                                                        [--compiled]

`--baseline DIR` also prints random playouts per second of another checkout's engine beside
this one's (bench/side_by_side.py: fresh processes, alternating rounds, median CPU rate);
`--compiled` with it also prints this checkout's compiled engine (arena/core/compiled.py; the base
game only) against the baseline's pure engine, for 2 and 4 players and both Shovel options.

Prints figures; asserts nothing. The win-rate runs are seeded and reproducible: match i uses
deal seed i, the greedy bot sits in seat i % n (rotating seats) and random bots, each with its
own seeded stream, fill the other seats. A win is a first place (shared first places count as
half of what they share, by the tournament points).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from side_by_side import compare  # noqa: E402

from arena.core.players import random_policy  # noqa: E402
from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions  # noqa: E402
from arena.games.arctic_scavengers.strategy import make_greedy  # noqa: E402
from arena.games.testing import request_for  # noqa: E402

ALL_MODULES = ArcticScavengersOptions(
    hq1=True, hq2=True, hq3=True, hq4=True, recon1=True, recon2=True, recon3=True, recon4=True,
    recon5=True,
)  # fmt: skip


def random_games_per_second(
    num_players: int, games: int, options: ArcticScavengersOptions | None = None
) -> tuple[float, float, float]:
    """Full random games per second: (per CPU second, per wall second, decisions per game)."""
    options = options or ArcticScavengersOptions()
    decisions = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = GAME.setup(num_players, options, random.Random(seed))
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
            decisions += 1
    cpu = time.process_time() - cpu_start
    elapsed = time.perf_counter() - start
    return games / cpu, games / elapsed, decisions / games


def greedy_results(
    num_players: int, matches: int, options: ArcticScavengersOptions | None = None
) -> tuple[int, int, float, float]:
    """Greedy against random bots: (sole wins, shared wins, mean points, mean people margin)."""
    options = options or ArcticScavengersOptions()
    sole = shared = 0
    points = margin = 0.0
    for i in range(matches):
        seat = i % num_players
        policies = [random_policy(10_000 + i * 8 + s) for s in range(num_players)]
        policies[seat] = make_greedy(20_000 + i)
        state = GAME.setup(num_players, options, random.Random(i))
        while (out := GAME.outcome(state)) is None:
            s = GAME.to_move(state)[0]
            state = GAME.play(state, s, policies[s](request_for(GAME, state, s)))
        winners = out.winners
        sole += winners == (seat,)
        shared += seat in winners and len(winners) > 1
        points += out.points[seat]
        best_other = max(p for s, p in enumerate(out.scores) if s != seat)
        margin += out.scores[seat] - best_other
    return sole, shared, points / matches, margin / matches


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="random games per speed figure")
    parser.add_argument("--matches2", type=int, default=300, help="2-player greedy matches")
    parser.add_argument("--matches4", type=int, default=200, help="4-player greedy matches")
    parser.add_argument(
        "--modules", type=int, default=100, help="3-player greedy matches, all 9 modules on"
    )
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="with --baseline: also the compiled engine here against the baseline's pure one",
    )
    args = parser.parse_args()
    if args.compiled and args.baseline is None:
        parser.error("--compiled compares against --baseline DIR")
    if args.baseline is not None:
        for n in (2, 4):
            compare("arctic_scavengers", players=n, games=args.games // 2, baseline=args.baseline)
        if args.compiled:
            for n in (2, 4):
                for shovel in ("plus2", "plus1"):
                    compare(
                        "arctic_scavengers",
                        players=n,
                        games=args.games // 2,
                        baseline=args.baseline,
                        options={"shovel": shovel},
                        compiled=True,
                    )
    for n in (2, 4):
        for label, options in (("base game", None), ("all 9 modules", ALL_MODULES)):
            cpu, wall, per_game = random_games_per_second(n, args.games, options)
            print(
                f"random {n}-player games, {label:>13}: {cpu:6.1f} games/s CPU time, "
                f"{wall:6.1f} wall clock ({per_game:.0f} decisions/game, {args.games} games)"
            )
    for n, matches, options in (
        (2, args.matches2, None),
        (4, args.matches4, None),
        (3, args.modules, ALL_MODULES),
    ):
        if matches <= 0:
            continue
        sole, shared, mean_points, margin = greedy_results(n, matches, options)
        label = "all 9 modules" if options else "base game"
        print(
            f"greedy vs {n - 1} random, {label}, {matches} {n}-player matches (rotating seats): "
            f"won {sole} alone + {shared} shared = {100 * (sole + shared) / matches:.1f}%, "
            f"mean points {mean_points:.3f}, mean people margin over the best other {margin:+.1f}"
        )


if __name__ == "__main__":
    main()
