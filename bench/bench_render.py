"""CPU time per `render_mode="rgb_array"` frame (the match page's board through WeasyPrint and
pdfium), per game: a few positions of a seeded random game, each drawn --frames times.

    .venv/bin/python bench/bench_render.py [--frames 3] [--positions 3] [--game NAME]

Prints, per game, the median and range of time.process_time per frame (this process does all
the work). Asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from arena.core.registry import list_games  # noqa: E402
from arena.env.aec import ArenaAECEnv  # noqa: E402

STEPS_BETWEEN = 7  # random decisions between two drawn positions


def frame_times(game: str, positions: int, frames: int, seed: int) -> list[float]:
    """CPU seconds of each frame drawn."""
    env = ArenaAECEnv(game, render_mode="rgb_array")
    env.reset(seed=seed)
    rng = random.Random(seed)
    times = []
    for _ in range(positions):
        for _ in range(frames):
            start = time.process_time()
            env.render()
            times.append(time.process_time() - start)
        for _ in range(STEPS_BETWEEN):
            if not env.agents:
                break
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=3, help="frames drawn of each position")
    parser.add_argument("--positions", type=int, default=3, help="positions drawn per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<20} {'frames':>6} {'median s':>9} {'min s':>7} {'max s':>7}  (CPU per frame)")
    for game in args.game or [g.name for g in list_games()]:
        times = frame_times(game, args.positions, args.frames, args.seed)
        print(
            f"{game:<20} {len(times):>6} {statistics.median(times):>9.3f} "
            f"{min(times):>7.3f} {max(times):>7.3f}"
        )


if __name__ == "__main__":
    main()
