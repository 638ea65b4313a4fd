"""Random playouts per second of this checkout's engine and of another checkout's, side by side.

Each figure comes from a fresh process (PYTHONPATH set to the checkout), the two alternating
round after round so that a busy, shared machine slows both alike; the median of the rounds is
kept. The figure is process CPU time, which another process's load blurs less than wall time.

    from side_by_side import compare
    compare("lucky_numbers", players=2, games=500, baseline=Path("/tmp/base"))
    compare("azul", players=2, games=500, baseline=Path("/tmp/base"), compiled=True)

With `compiled=True` this checkout's figure is its compiled engine's (arena/core/compiled.py) and
the
baseline's is still its pure-Python engine's: a game's speed-up as a search would see it.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

PLAYOUTS = """
import json, random, sys, time
from arena.core.game import parse_options
from arena.core.registry import get_game
game = get_game(sys.argv[1])
players, games = int(sys.argv[2]), int(sys.argv[3])
options = parse_options(game, json.loads(sys.argv[4]))
if sys.argv[5:] == ["compiled"]:
    from arena.core.compiled import require_compiled
    game = require_compiled(sys.argv[1])
step = game.play if hasattr(game, "play") else game.apply
started = time.process_time()
for seed in range(games):
    rng = random.Random(seed ^ 0x5EED)
    state = game.setup(players, options, random.Random(seed))
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        state = step(state, seat, rng.choice(list(game.legal_moves(state, seat))))
print(games / (time.process_time() - started))
"""


def playouts_per_second(
    root: Path,
    game: str,
    players: int,
    games: int,
    options: dict[str, str],
    compiled: bool = False,
) -> float:
    """Random playouts per CPU second of the engine (or compiled engine) in the checkout at
    `root`."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    engine = ["compiled"] if compiled else []
    done = subprocess.run(
        [sys.executable, "-c", PLAYOUTS, game, str(players), str(games), json.dumps(options)]
        + engine,
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def compare(
    game: str,
    *,
    players: int,
    games: int,
    baseline: Path,
    options: dict[str, str] | None = None,
    rounds: int = 3,
    compiled: bool = False,
) -> tuple[float, float]:
    """Print and return (this checkout, the baseline) in random playouts per second."""
    mine, theirs = [], []
    for _ in range(rounds):
        mine.append(playouts_per_second(HERE, game, players, games, options or {}, compiled))
        theirs.append(playouts_per_second(baseline, game, players, games, options or {}))
    now, before = statistics.median(mine), statistics.median(theirs)
    label = f"{game}, {players} players" + "".join(f", {k}={v}" for k, v in (options or {}).items())
    print(
        f"random playouts, {label}: {now:.0f} games/s here"
        + (" (compiled engine)" if compiled else "")
        + f", {before:.0f} games/s in {baseline} "
        f"({now / before:.2f}x; median of {rounds} alternating runs of {games} games, CPU time)"
    )
    return now, before
