"""Fit the Hypnosia boss's evaluation: a logistic model of the chance to win, from self-play.

    .venv/bin/python bench/train_hypnosia_eval.py --games 4000 [--seed 0]

Plays seeded 2-player games (the boss's turn planner without look-ahead for both seats, a few
random die uses mixed in so positions vary, and in some games a greedy seat), records every
turn start (the seat to roll, the features of evaluation.seat_features for every seat) and who
won, and fits per number of pawns in the centre (0 to 4) the weights of the feature
differences (and of being the seat to roll). Prints the weights as Python for evaluation.py.
Needs numpy (the dev extras); the boss itself does not.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arena.games.hypnosia import GAME, HypnosiaOptions  # noqa: E402
from arena.games.hypnosia import evaluation as ev  # noqa: E402
from arena.games.hypnosia.boss import plans  # noqa: E402
from arena.games.hypnosia.strategy import make_greedy  # noqa: E402
from arena.testing import request_for  # noqa: E402

BUCKETS = 5  # pawns in the centre before the game ends: 0..4


def play_game(seed: int, epsilon: float) -> tuple[list[tuple[int, int, list[list[float]]]], list[float]]:
    """One game: the records (centre count, seat to roll, features) and each seat's result."""
    rng = random.Random(seed)
    state = GAME.setup(2, HypnosiaOptions(), random.Random(seed))
    greedy_seat = seed % 4 if seed % 4 < 2 else -1  # half the games have a greedy seat
    greedy = make_greedy(seed)
    records = []
    while not state.over:
        seat = state.current
        if len(state.turns[-1]) == 1:  # a turn start: only its roll so far
            records.append((len(state.centre), seat, ev.seat_features(state, seat)))
        if seat == greedy_seat:
            move = str(greedy(request_for(GAME, state, seat)))
        elif rng.random() < epsilon:
            move = rng.choice(state.moves)
        else:
            move = plans(state, seat)[0].first
        state = GAME.play(state, seat, move)
    outcome = GAME.outcome(state)
    assert outcome is not None
    ranks = outcome.ranks
    result = [1.0 if ranks[s] < ranks[1 - s] else 0.5 if ranks[s] == ranks[1 - s] else 0.0
              for s in range(2)]  # fmt: skip
    return records, result


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression without intercept (the samples are symmetric) by Newton steps."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * len(y) * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * len(y) * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def main() -> None:
    """Play, fit, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--epsilon", type=float, default=0.05)
    args = parser.parse_args()
    xs: list[list[list[float]]] = [[] for _ in range(BUCKETS)]
    ys: list[list[float]] = [[] for _ in range(BUCKETS)]
    for g in range(args.games):
        records, result = play_game(args.seed + g, args.epsilon)
        for bucket, mover, feats in records:
            diff = [a - b for a, b in zip(feats[0], feats[1], strict=True)]
            flag = 1.0 if mover == 0 else -1.0
            xs[bucket].append([*diff, flag])
            ys[bucket].append(result[0])
            xs[bucket].append([-d for d in diff] + [-flag])
            ys[bucket].append(result[1])
    names = [*ev.FEATURE_NAMES, "to_roll"]
    print("WEIGHTS = (")
    for bucket in range(BUCKETS):
        x, y = np.array(xs[bucket]), np.array(ys[bucket])
        w = fit(x, y)
        p = 1 / (1 + np.exp(-x @ w))
        loss = -np.mean(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
        print(f"    # {bucket} in the centre: {len(y)} samples, log loss {loss:.3f}")
        print("    (" + ", ".join(f"{v:.4f}" for v in w) + "),")
    print(")  # " + ", ".join(names))


if __name__ == "__main__":
    main()
