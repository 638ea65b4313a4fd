"""A yardstick for Epizodiak against two random bots: a seer that searches the true deal.

    .venv/bin/python bench/bench_epizodiak_ceiling.py --games 300 --iterations 1000 --seed 5000 \
        --workers 2

Not a player (it reads the hidden deal): it measures how much of the boss's shortfall against
random bots the deal and the random bots' own chance decide. The seer sits where the boss would
in bench_strength.py's rotated, seeded matches (deal `--seed` + i // 3, seat i % 3, the random
bots seeded per match alike) and at each of its decisions compares every legal move by
rollouts from the true state (the true hands, pile and shuffle stream): the move, then to the
end of the round with each random bot choosing uniformly among its legal moves (a fresh draw
per rollout, the same draws for every candidate of a round: common random numbers) and the
seer itself by the greedy evaluation (playout.greedy_move); a rollout is worth the seer's share
of first place plus MARGIN per point of lead. Sequential halving (arena.search.halving, no
baseline) spends `--iterations` rollouts a decision. So the only thing it does not know is what
the random bots will do, and it averages over exactly that.

Prints the seer's win share, rank points and first places with 95% Wilson intervals, and of its
lost games (no first place) how many a random bot ended by going out, and how many turns the
round had lasted. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_strength import Match, matches, wilson  # noqa: E402

from arena.core.game import points_by_rank  # noqa: E402
from arena.core.registry import get_game  # noqa: E402
from arena.games.epizodiak.playout import greedy_move  # noqa: E402
from arena.games.epizodiak.rules import outcome, play  # noqa: E402
from arena.games.epizodiak.state import NUM_PLAYERS, Phase, State  # noqa: E402
from arena.search.budget import iteration_budget  # noqa: E402
from arena.search.halving import Future, sequential_halving  # noqa: E402

MARGIN = 0.01  # value of one point of lead over the mean opponent, next to the win share
_OVER = int(Phase.OVER)


def win_share(state: State, seat: int) -> float:
    """The seat's share of first place in a finished game, plus MARGIN per point of lead."""
    done = outcome(state)
    assert done is not None
    firsts = [s for s, r in enumerate(done.ranks) if r == 1]
    share = 1.0 / len(firsts) if seat in firsts else 0.0
    scores = done.scores
    lead = scores[seat] - (sum(scores) - scores[seat]) / (NUM_PLAYERS - 1)
    return share + MARGIN * lead


def rollout(state: State, seer: int, rng: random.Random) -> State:
    """To the end of the game: the seer by the greedy evaluation, the others at random."""
    while state.phase != _OVER:
        mover = state.current
        move = greedy_move(state) if mover == seer else rng.choice(state.legal)
        state = play(state, mover, move)
    return state


def seer_move(state: State, seer: int, iterations: int, rng: random.Random) -> str:
    """The legal move whose rollouts from the true state do best (module docstring)."""
    moves = state.legal
    if len(moves) == 1:
        return moves[0]

    def sample() -> Future:
        seed = rng.getrandbits(64)

        def run(i: int) -> float:
            return win_share(rollout(play(state, seer, moves[i]), seer, random.Random(seed)), seer)

        return run

    verdict = sequential_halving(
        len(moves), sample, iteration_budget(iterations).deadline(), first_cut=8
    )
    return moves[verdict.best]


@dataclass(frozen=True, slots=True)
class Seen:
    """One game of the seer: its win share, rank points, who went out and after how many turns."""

    win: float
    rank_points: float
    out: tuple[int, ...]
    turns: int
    seer: int


def play_match(job: tuple[Match, int]) -> Seen:
    """One match of the seer against two random bots (the random bots as bench_strength's)."""
    match, iterations = job
    game = get_game("epizodiak")
    rngs = [random.Random(match.bot_seed * 8 + seat) for seat in range(match.players)]
    state = game.setup(match.players, game.options_type(), random.Random(match.deal_seed))
    while (done := outcome(state)) is None:
        seat = state.current
        if seat == match.boss_seat:
            move = seer_move(state, seat, iterations, rngs[seat])
        else:
            move = rngs[seat].choice(state.legal)
        state = play(state, seat, move)
    firsts = [s for s, r in enumerate(done.ranks) if r == 1]
    win = 1.0 / len(firsts) if match.boss_seat in firsts else 0.0
    last = state.rounds[-1]
    return Seen(
        win, points_by_rank(done.ranks)[match.boss_seat], last.out, state.turns, match.boss_seat
    )


def main() -> None:
    """Parse the arguments, play the seer's matches, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--iterations", type=int, default=1000, help="rollouts a decision")
    parser.add_argument("--seed", type=int, default=5000, help="first deal seed")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    args.opponent, args.level, args.budget_ms, args.clairvoyant = "random", "seer", None, False
    todo = [(m, args.iterations) for m in matches("epizodiak", "random", args)]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            seen = list(pool.map(play_match, todo))
    else:
        seen = [play_match(job) for job in todo]
    n = len(seen)
    parts = []
    for name, values in (
        ("wins", [s.win for s in seen]),
        ("rank points", [s.rank_points for s in seen]),
        ("first places", [float(s.win > 0) for s in seen]),
    ):
        mean = sum(values) / n
        low, high = wilson(mean, n)
        parts.append(f"{name} {mean:.3f} [{low:.3f}, {high:.3f}]")
    lost = [s for s in seen if s.win == 0]
    by_random = [s for s in lost if any(o != s.seer for o in s.out)]
    turns = sorted(s.turns for s in by_random)
    median = turns[len(turns) // 2] if turns else 0
    print(
        f"epizodiak seer ({args.iterations} rollouts a decision, true deal) vs 2 random "
        f"({n} games from seed {args.seed}): " + "; ".join(parts) + f"; lost {len(lost)}, "
        f"{len(by_random)} of them to a random bot going out (median {median} turns) "
        f"[{time.perf_counter() - started:.0f} s]",
        flush=True,
    )


if __name__ == "__main__":
    main()
