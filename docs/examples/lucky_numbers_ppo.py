"""MaskablePPO (sb3-contrib) on Lucky Numbers for a few CPU minutes, then on the ladder.

    pip install -e '.[ml,rl]'      # sb3-contrib and PyTorch (a CPU build is enough): docs/ml.md
    python docs/examples/lucky_numbers_ppo.py train --cpu-seconds 300 --out ppo.zip
    python docs/examples/lucky_numbers_ppo.py eval --model ppo.zip --games 400
    arena play lucky_numbers --bot greedy --seed 7 \
        --bot-cmd "python docs/examples/lucky_numbers_ppo.py bot --model ppo.zip"

The learner plays a random seat of two-player games against a built-in opponent through
`ArenaGymEnv` (the rank reward at the end); MaskablePPO reads the legal actions from the
environment's `action_masks()` and its policy (`MultiInputPolicy`) reads the whole observation
dict. `bot` hands the same network to `run_bot(..., observation_policy=True)`: the referee's
requests become the observations it trained on, its action index the move. Training stops
after --cpu-seconds of this process's CPU time (one torch thread), whatever else the machine
runs. See docs/ml.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback

from arena.env.gym import ArenaGymEnv

GAME = "lucky_numbers"


class CpuBudget(BaseCallback):
    """Stops the training once this process has used `seconds` of CPU time."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds
        self.start = time.process_time()

    def _on_step(self) -> bool:
        return time.process_time() - self.start < self.seconds


def train(cpu_seconds: float, opponent: str, out: Path, seed: int = 0) -> MaskablePPO:
    """Train against `opponent` for `cpu_seconds` of CPU time and save the model."""
    env = ArenaGymEnv(GAME, 2, opponents=opponent, seat=None)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=1024, batch_size=256, gamma=1.0,
                        seed=seed, verbose=0)  # fmt: skip
    start = time.process_time()
    model.learn(total_timesteps=10**9, callback=CpuBudget(cpu_seconds))
    model.save(out)
    used = time.process_time() - start
    print(f"trained {model.num_timesteps} decisions in {used:.0f} s of CPU; model in {out}")
    return model


def policy(model: MaskablePPO) -> Any:
    """The trained network as a function of one observation dict: an action index, drawn from
    the masked policy as in training."""

    def act(observation: dict[str, np.ndarray]) -> int:
        mask = observation["action_mask"].astype(bool)
        action, _ = model.predict(observation, action_masks=mask, deterministic=False)
        return int(action)

    return act


def evaluate(model: MaskablePPO, opponent: str, games: int, seed: int = 10**6) -> float:
    """The share of `games` (fresh seeds, a random seat) the model wins outright."""
    env = ArenaGymEnv(GAME, 2, opponents=opponent, seat=None)
    act, wins = policy(model), 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            obs, reward, terminated, truncated, _ = env.step(act(obs))
            done = terminated or truncated
        wins += reward > 0
    return wins / games


def main() -> None:
    """train / eval / bot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train and save the model")
    t.add_argument("--cpu-seconds", type=float, default=300.0)
    t.add_argument("--opponent", default="random", help="a built-in strategy: random, greedy")
    t.add_argument("--out", type=Path, default=Path("ppo.zip"))
    t.add_argument("--seed", type=int, default=0)
    e = sub.add_parser("eval", help="win rates against random and greedy")
    e.add_argument("--model", type=Path, default=Path("ppo.zip"))
    e.add_argument("--games", type=int, default=400)
    b = sub.add_parser("bot", help="play on a referee (arena play --bot-cmd, tournaments)")
    b.add_argument("--model", type=Path, default=Path("ppo.zip"))
    b.add_argument("--name", default=None)
    args = parser.parse_args()
    torch.set_num_threads(1)
    if args.command == "train":
        train(args.cpu_seconds, args.opponent, args.out, args.seed)
        return
    model = MaskablePPO.load(args.model)
    model.set_random_seed(0)
    if args.command == "eval":
        for opponent in ("random", "greedy"):
            print(f"against {opponent}: wins {evaluate(model, opponent, args.games):.1%}")
    else:
        from arena.bot import run_bot

        run_bot(policy(model), name=args.name, games=[GAME], observation_policy=True, argv=())


if __name__ == "__main__":
    main()
