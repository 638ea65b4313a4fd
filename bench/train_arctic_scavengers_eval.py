"""Fit the Arctic Scavengers boss's evaluation: per round, what one card of each kind is worth.

    .venv/bin/python bench/train_arctic_scavengers_eval.py --games 3000 [--seed 0]

Plays seeded 2-player games with the boss's rollout rules for both seats (a few random
decisions and random hires mixed in, so decks vary), records at the start of every round each
seat's cards by kind, and fits per round a least-squares model of the final people margin
(seat minus opponent) on the differences of the kind counts. Prints the table for boss.py.
Needs numpy (the dev extras); the boss itself does not.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games.arctic_scavengers import GAME, ArcticScavengersOptions  # noqa: E402
from arena.games.arctic_scavengers.boss import kind_counts, rule_move  # noqa: E402
from arena.games.arctic_scavengers.cards import KINDS  # noqa: E402
from arena.games.arctic_scavengers.state import TOTAL_ROUNDS  # noqa: E402


def play_game(seed: int, epsilon: float, policy: str) -> tuple[list[tuple[int, list[list[int]]]], list[int]]:
    """One game: (round, kind counts per seat) at every round start, and the final people."""
    rng = random.Random(seed)
    state = GAME.setup(2, ArcticScavengersOptions(), random.Random(seed))
    records = [(state.round, [kind_counts(state, s) for s in range(2)])]
    if policy == "boss":
        from arena.games.arctic_scavengers.boss import search_move
    while state.phase != 4:
        seat = state.current
        legal = GAME.legal_moves(state, seat)
        hires = [m for m in legal if m.startswith("hire ")]
        if rng.random() < epsilon:
            move = rng.choice(legal)
        elif hires and rng.random() < 0.3:
            move = rng.choice(hires)
        elif policy == "boss":
            move = search_move(state, seat, legal, rng)
        else:
            move = rule_move(state)
        before = state.round
        state = GAME.play(state, seat, move)
        if state.round != before and state.phase != 4:
            records.append((state.round, [kind_counts(state, s) for s in range(2)]))
    return records, list(state.result)


def main() -> None:
    """Play, fit, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--epsilon", type=float, default=0.03)
    parser.add_argument("--policy", choices=["rules", "boss"], default="rules")
    args = parser.parse_args()
    xs: dict[int, list[list[int]]] = {r: [] for r in range(1, TOTAL_ROUNDS + 1)}
    ys: dict[int, list[int]] = {r: [] for r in range(1, TOTAL_ROUNDS + 1)}
    for g in range(args.games):
        records, people = play_game(args.seed + g, args.epsilon, args.policy)
        margin = people[0] - people[1]
        for rnd, counts in records:
            diff = [a - b for a, b in zip(counts[0], counts[1], strict=True)]
            xs[rnd] += [diff, [-d for d in diff]]
            ys[rnd] += [margin, -margin]
    codes = [k.code for k in KINDS]
    print("# per round 1..16: the worth of one card of each kind, in", ", ".join(codes))
    print("KIND_WORTH = (")
    for rnd in range(1, TOTAL_ROUNDS + 1):
        x, y = np.array(xs[rnd], dtype=float), np.array(ys[rnd], dtype=float)
        seen = np.abs(x).sum(axis=0) > 0
        w = np.zeros(x.shape[1])
        ridge = 1.0 * np.eye(int(seen.sum()))
        xs_ = x[:, seen]
        w[seen] = np.linalg.solve(xs_.T @ xs_ + ridge, xs_.T @ y)
        resid = y - x @ w
        print(f"    # round {rnd}: {len(y)} samples, residual sd {resid.std():.2f}")
        print("    (" + ", ".join(f"{v:.2f}" for v in w) + "),")
    print(")")


if __name__ == "__main__":
    main()
