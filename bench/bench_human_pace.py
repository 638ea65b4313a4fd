"""How long a person waits for the built-in opponents of the web's /play, level by level.

    .venv/bin/python bench/bench_human_pace.py [--game azul] [--seed 1] [--levels greedy,boss]

One whole game in this process per level: seat 0 is the person, answering at once (its first
legal move), seat 1 the level as /play seats it (arena/web/seats.py: paced_policy, a search
capped at the form's pace); the clock is the form's default. Printed per level: the opponent's
decisions, the waiting in all (the sum of its decision times, as the referee measured them)
and the longest decision.
"""

from __future__ import annotations

import argparse
import asyncio

from arena.core.game import parse_options
from arena.core.registry import get_game
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match
from arena.match.strategies import make_policy
from arena.web.play_form import BOT_PACE_MS
from arena.web.seats import paced_policy

LEVELS = "greedy,boss:1,boss:2,boss:3,boss"
CLOCK = Clock(per_move_ms=60_000, bank_ms=300_000)  # the form's default, 60 + 300 s


def wait_of(game: str, level: str, seed: int) -> tuple[int, float, float]:
    """(the opponent's decisions, their seconds in all, the longest) in one whole game."""
    engine = get_game(game)
    person = PolicyPlayer("person", make_policy(game, "first", seed))
    opponent = PolicyPlayer(level, paced_policy(game, level, seed))
    record = asyncio.run(
        play_match(engine, parse_options(engine, {}), seed, [person, opponent], clock=CLOCK)
    )
    times = [m.elapsed_ms / 1000 for m in record.moves if m.seat == 1]
    return len(times), sum(times), max(times, default=0.0)


def main() -> None:
    """Print the waiting of each level."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="azul")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", default=LEVELS)
    args = parser.parse_args()
    print(f"{args.game}, seed {args.seed}, pace cap {BOT_PACE_MS} ms, clock 60 + 300 s")
    print(f"{'level':<8}{'decisions':>10}{'waiting s':>11}{'longest s':>11}")
    for level in args.levels.split(","):
        decisions, total, longest = wait_of(args.game, level, args.seed)
        print(f"{level:<8}{decisions:>10}{total:>11.1f}{longest:>11.2f}")


if __name__ == "__main__":
    main()
