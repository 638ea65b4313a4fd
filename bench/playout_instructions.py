"""Instructions per random playout of each game, counted by valgrind (callgrind): a figure that a
shared, busy machine does not blur, to compare two versions of the engines side by side.

    .venv/bin/python bench/playout_instructions.py                      # this checkout
    .venv/bin/python bench/playout_instructions.py --root /tmp/base     # another checkout

The same seeded playouts as the speed benchmarks (to_move, legal_moves, then the fastest step
the version offers: `play` where the Game has one, else `apply`); the count of an empty run
(interpreter start and imports) is subtracted. Repeated runs differ by about 0.3% (hash
randomization). Needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# Games per measurement and the player count: about a billion instructions each.
GAMES = {
    "lucky_numbers": (60, 2),
    "azul": (200, 2),
    "the_number": (200, 3),
    "hypnosia": (40, 6),
    "epizodiak": (100, 3),
    "arctic_scavengers": (80, 2),
}

PLAYOUTS = """
import random, sys
from arena.core.registry import get_game
game = get_game(sys.argv[1])
games, players, checked = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "apply"
step = game.apply if checked else getattr(game, "play", game.apply)
for seed in range(games):
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(players, game.options_type(), random.Random(seed))
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        state = step(state, seat, rng.choice(list(game.legal_moves(state, seat))))
"""


def instructions(root: Path, game: str, games: int, players: int, step: str) -> int:
    """Instructions valgrind counts for `games` playouts with the checkout at `root`."""
    with tempfile.TemporaryDirectory() as tmp:
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out",
            sys.executable, "-c", PLAYOUTS, game, str(games), str(players), step,
        ]  # fmt: skip
        env = {**os.environ, "PYTHONPATH": str(root)}
        done = subprocess.run(command, cwd=tmp, env=env, capture_output=True, text=True)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"valgrind failed for {game}: {done.stderr[-500:]}")
    return int(found.group(1))


def main() -> None:
    """Print millions of instructions per game for the fastest step and for `apply`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    for game, (games, players) in GAMES.items():
        if args.game and game not in args.game:
            continue
        empty = instructions(args.root, game, 0, players, "fast")
        fast = (instructions(args.root, game, games, players, "fast") - empty) / games
        checked = (instructions(args.root, game, games, players, "apply") - empty) / games
        print(
            f"{game:18} {players} players: {fast / 1e6:7.2f} M instructions a playout "
            f"({checked / 1e6:.2f} M through apply), {games} games"
        )


if __name__ == "__main__":
    main()
