"""The Number benchmarks: random full games per second, the reasoner bot's win rate, and the
size of a DecisionRequest with and without its legal-move list (compact requests).

    .venv/bin/python bench/bench_the_number.py [--games N] [--matches M] [--players P]
                                               [--baseline CHECKOUT [--compiled]]

`--baseline` also prints random playouts per second of another checkout's engine (say, the
previous main) beside this one's, each from fresh processes run alternately (side_by_side.py);
with `--compiled`, also this checkout's compiled engine (arena/core/compiled.py) against the other
checkout's pure-Python engine, at 3, 4 and 5 players.

Prints figures; asserts nothing. The win-rate run is seeded and reproducible: match i is a
P-player game (default 3) with the bot in seat i % P (seats rotate) and random bots in the
others; the bot's policy is seeded with i and random seat s with 1000 * i + s. Every seat of a
turn is asked with the same view it would get from the referee (`request_for`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from side_by_side import compare  # noqa: E402

from arena.core.players import Policy, random_policy  # noqa: E402
from arena.games.testing import request_for  # noqa: E402
from arena.games.the_number import GAME, TheNumberOptions  # noqa: E402
from arena.games.the_number.strategy import make_reasoner  # noqa: E402


def random_games_per_second(num_players: int, games: int) -> tuple[float, float, float]:
    """Full random games per wall and per CPU second, and decisions a game."""
    options = TheNumberOptions()
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed ^ 0x5EED)
        state = GAME.setup(num_players, options, random.Random(seed))
        while GAME.outcome(state) is None:
            for seat in GAME.to_move(state):
                state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
                decisions += 1
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / elapsed, games / cpu, decisions / games


def play(
    seed: int, policies: list[Policy], timings: list[tuple[float, float]], bot: int
) -> tuple[int, ...]:
    """One seeded match; returns the ranks and records the bot's (wall, CPU) decision ms."""
    state = GAME.setup(len(policies), TheNumberOptions(), random.Random(seed))
    while (result := GAME.outcome(state)) is None:
        for seat in GAME.to_move(state):
            request = request_for(GAME, state, seat)
            t0, c0 = time.perf_counter(), time.thread_time()
            reply = policies[seat](request)
            if seat == bot:
                wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
                timings.append((wall * 1000.0, cpu * 1000.0))
            move = request.legal_moves[reply] if isinstance(reply, int) else reply
            state = GAME.play(state, seat, move)
    return result.ranks


def bot_win_rate(matches: int, players: int) -> None:
    """The reasoner against random bots with rotating seats; prints wins, mean rank, timings."""
    wins = 0.0
    ranks = []
    timings: list[tuple[float, float]] = []
    per_seat = [0] * players
    for i in range(matches):
        bot = i % players
        policies = [random_policy(1000 * i + s) for s in range(players)]
        policies[bot] = make_reasoner(i)
        result = play(i, policies, timings, bot)
        firsts = result.count(1)
        if result[bot] == 1:
            wins += 1.0 / firsts  # a shared victory counts as a share
            per_seat[bot] += 1
        ranks.append(result[bot])
    print(
        f"reasoner vs {players - 1} random, {matches} matches (seats rotated): "
        f"win rate {wins / matches:.3f} (random would be {1 / players:.3f}), "
        f"mean rank {statistics.mean(ranks):.2f}, wins by seat {per_seat}"
    )
    for label, column in (("wall", 0), ("CPU", 1)):
        ms = sorted(t[column] for t in timings)
        print(
            f"reasoner decision time ({label}): mean {statistics.mean(ms):.2f} ms, "
            f"p99 {ms[int(0.99 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.2f} ms "
            f"over {len(ms)} decisions"
        )


def request_sizes(games: int = 20) -> tuple[float, float]:
    """Mean DecisionRequest size (bytes) on the wire without and with the legal-move list,
    over the decisions of seeded random 3-player games."""
    from arena.rpc.wire.convert import view_to_pb
    from arena.v1 import arena_pb2 as pb

    lean, full = [], []
    for seed in range(games):
        rng = random.Random(seed)
        state = GAME.setup(3, TheNumberOptions(), random.Random(seed))
        while GAME.outcome(state) is None:
            for seat in GAME.to_move(state):
                legal = GAME.legal_moves(state, seat)
                base = dict(match_id="t1-0", request_id=1, seat=seat, game=GAME.name)
                view = view_to_pb(GAME.name, GAME.view(state, seat))
                full.append(pb.DecisionRequest(**base, view=view, legal_moves=legal).ByteSize())
                lean.append(
                    pb.DecisionRequest(
                        **base, view=view, legal_moves_omitted=True, legal_move_count=len(legal)
                    ).ByteSize()
                )
                state = GAME.play(state, seat, rng.choice(legal))
    return statistics.mean(lean), statistics.mean(full)


def main() -> None:
    """Parse arguments and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="random games per player count")
    parser.add_argument("--matches", type=int, default=600, help="bot vs random matches")
    parser.add_argument("--players", type=int, default=3, help="players in the win-rate run")
    parser.add_argument("--baseline", type=Path, help="another checkout to compare speed with")
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="with --baseline: also the compiled engine here against the baseline's pure one",
    )
    args = parser.parse_args()
    if args.baseline is not None:
        compare("the_number", players=3, games=args.games // 2, baseline=args.baseline)
        if args.compiled:
            for n in (3, 4, 5):
                compare(
                    "the_number",
                    players=n,
                    games=args.games // 2,
                    baseline=args.baseline,
                    compiled=True,
                )
    random_games_per_second(5, 50)  # warm-up: fills the per-board legal-move cache once
    for n in (3, 5):
        rate, cpu_rate, decisions = random_games_per_second(n, args.games)
        print(
            f"{n} players: {rate:.0f} random games/s wall, {cpu_rate:.0f} per CPU second "
            f"({decisions:.1f} decisions a game)"
        )
    lean, full = request_sizes()
    print(f"DecisionRequest: {lean:.0f} B compact (no list), {full:.0f} B with the list")
    if args.matches > 0:
        bot_win_rate(args.matches, args.players)


if __name__ == "__main__":
    main()
