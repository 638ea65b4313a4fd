"""The Epizodiak boss's rollouts per CPU second from mid-game: what a clocked second buys it.

    .venv/bin/python bench/bench_epizodiak_rollouts.py --games 12 --positions 60 --rollouts 1000

Plays `--games` greedy games (deal seeds from `--seed`), keeps every seventh decision with a
choice (from the fourth on), and runs the boss's search (`boss.search`) with a fixed budget of
`--rollouts` rollouts on the first `--positions` of them, from the seat's view. Prints the
rollouts played, the CPU seconds (process time, so the machine's load counts little) and their
ratio, and what a 1 s clock leaves the search (arena.search.budget: the safety margin, then the
boss's headroom) times that rate. Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.core.players import DecisionRequest  # noqa: E402
from arena.core.registry import get_game  # noqa: E402
from arena.games.epizodiak import boss  # noqa: E402
from arena.match.strategies import make_policy  # noqa: E402
from arena.search.budget import Budget, headroom, time_budget  # noqa: E402


def positions(games: int, seed: int) -> list[tuple[dict[str, Any], tuple[str, ...]]]:
    """(view, legal moves) of every seventh decision with a choice in greedy games."""
    game = get_game("epizodiak")
    found = []
    for g in range(games):
        policies = [make_policy("epizodiak", "greedy", g * 8 + s) for s in range(3)]
        state = game.setup(3, game.options_type(), random.Random(seed + g))
        asked = 0
        while game.outcome(state) is None:
            seat = game.to_move(state)[0]
            legal = tuple(game.legal_moves(state, seat))
            view = game.view(state, seat)
            if asked % 7 == 3 and len(legal) > 1:
                found.append((view, legal))
            request = DecisionRequest(
                match_id="rollouts", request_id=asked, game="epizodiak", seat=seat,
                view=view, legal_moves=legal,
            )  # fmt: skip
            reply = policies[seat](request)
            state = game.play(state, seat, legal[reply] if isinstance(reply, int) else reply)
            asked += 1
    return found


def main() -> None:
    """Parse the arguments, time the searches, print the rate."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--rollouts", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    chosen = positions(args.games, args.seed)[: args.positions]
    played = 0
    started = time.process_time()
    for view, legal in chosen:
        deadline = Budget(iterations=args.rollouts).deadline()
        played += boss.search(view, legal, deadline, random.Random(1))[1].iterations
    cpu = time.process_time() - started
    rate = played / cpu
    thinking = headroom(time_budget(1000, 0)).seconds or 0.0
    print(
        f"{len(chosen)} positions, {played} rollouts in {cpu:.2f} CPU s: {rate:.0f} a CPU "
        f"second; a 1 s clock leaves {thinking:.3f} s, about {rate * thinking:.0f} rollouts"
    )


if __name__ == "__main__":
    main()
