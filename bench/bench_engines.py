"""Every game's random playouts per CPU second: its compiled engine and its pure-Python engine,
each against another checkout's pure engine (say d155397, where issue 28 began), side by side.

    .venv/bin/python bench/bench_engines.py --baseline CHECKOUT [--rounds 3]

Prints one line per game and engine (side_by_side.compare); asserts nothing. The table in
docs/bots.md ("Compiled engines for a search of your own") is this command's output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from side_by_side import compare  # noqa: E402

# (game, players, games per run): about a second of the baseline's playouts each
GAMES = [
    ("lucky_numbers", 2, 150),
    ("azul", 2, 500),
    ("the_number", 3, 500),
    ("arctic_scavengers", 2, 200),
    ("hypnosia", 2, 200),
    ("epizodiak", 3, 300),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="a checkout to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs per figure")
    args = parser.parse_args()
    for game, players, games in GAMES:
        for compiled in (True, False):
            compare(game, players=players, games=games, baseline=args.baseline,
                    rounds=args.rounds, compiled=compiled)  # fmt: skip


if __name__ == "__main__":
    main()
