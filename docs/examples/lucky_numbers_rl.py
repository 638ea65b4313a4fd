"""Train a small Lucky Numbers agent on CPU with numpy only, then enter it on the ladder.

    python docs/examples/lucky_numbers_rl.py train --seconds 180 --out agent.npz
    python docs/examples/lucky_numbers_rl.py eval --weights agent.npz --games 200
    arena play lucky_numbers --bot-cmd "python docs/examples/lucky_numbers_rl.py bot \
        --weights agent.npz" --bot greedy --seed 7

The agent is a one-hidden-layer softmax policy over the Gymnasium wrapper's observation,
masked to the legal actions, trained by REINFORCE (with a running-mean baseline and Adam)
on the rank reward against a built-in opponent. `bot` hands the very same `act` function to
`run_bot(..., observation_policy=True)`: the referee's requests become the observations it
was trained on, and its action index becomes the move. See docs/ml.md.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from arena.env.gym import ArenaGymEnv

GAME = "lucky_numbers"
HIDDEN = 64


class Agent:
    """A masked softmax policy: observation -> relu layer -> one logit per action."""

    def __init__(self, obs_size: int, actions: int, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.rng = np.random.default_rng(seed + 1)  # for `act`
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(obs_size), (obs_size, HIDDEN)).astype(np.float32),
            "b1": np.zeros(HIDDEN, np.float32),
            "w2": rng.normal(0, 0.01, (HIDDEN, actions)).astype(np.float32),
            "b2": np.zeros(actions, np.float32),
        }

    def probabilities(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The hidden layer and the policy's probabilities over the legal actions."""
        p = self.params
        hidden = np.maximum(obs @ p["w1"] + p["b1"], 0.0)
        logits = np.where(mask > 0, hidden @ p["w2"] + p["b2"], -np.inf)
        e = np.exp(logits - logits.max(axis=-1, keepdims=True))
        return hidden, e / e.sum(axis=-1, keepdims=True)

    def act(self, observation: dict[str, np.ndarray]) -> int:
        """A legal action drawn from the policy, as in training (its most likely action alone
        can loop: take a table tile, swap it back, take it again ...)."""
        _, probs = self.probabilities(observation["observation"], observation["action_mask"])
        return int(self.rng.choice(len(probs), p=probs))

    def save(self, path: Path) -> None:
        """Write the weights (.npz)."""
        np.savez(path, **self.params)

    @classmethod
    def load(cls, path: Path) -> Agent:
        """Read weights written by `save`."""
        data = np.load(path)
        agent = cls(data["w1"].shape[0], data["w2"].shape[1])
        agent.params = {k: data[k] for k in agent.params}
        return agent


class Adam:
    """Adam on a dict of arrays (ascent: the step follows the gradient)."""

    def __init__(self, params: dict[str, np.ndarray], lr: float = 3e-3) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        """Move `params` along `grads`."""
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def episode(env: ArenaGymEnv, agent: Agent, rng: np.random.Generator, seed: int) -> tuple:
    """Play one game sampling from the policy: its observations, masks, actions, reward."""
    obs, _ = env.reset(seed=seed)
    xs, masks, actions = [], [], []
    done, reward = False, 0.0
    while not done:
        _, probs = agent.probabilities(obs["observation"], obs["action_mask"])
        action = int(rng.choice(len(probs), p=probs))
        xs.append(obs["observation"])
        masks.append(obs["action_mask"])
        actions.append(action)
        obs, reward, done, _, _ = env.step(action)
    return np.array(xs), np.array(masks), np.array(actions), reward


def gradients(agent: Agent, batch: list[tuple], baseline: float) -> dict[str, np.ndarray]:
    """REINFORCE: the gradient of sum (R - baseline) log pi(a | s) over a batch of games."""
    p = agent.params
    grads = {k: np.zeros_like(v) for k, v in p.items()}
    for xs, masks, actions, reward in batch:
        hidden, probs = agent.probabilities(xs, masks)
        d_logits = -probs
        d_logits[np.arange(len(actions)), actions] += 1.0
        d_logits *= (reward - baseline) / len(batch)
        grads["w2"] += hidden.T @ d_logits
        grads["b2"] += d_logits.sum(axis=0)
        d_hidden = (d_logits @ p["w2"].T) * (hidden > 0)
        grads["w1"] += xs.T @ d_hidden
        grads["b1"] += d_hidden.sum(axis=0)
    return grads


def train(seconds: float, opponent: str, out: Path, seed: int = 0) -> Agent:
    """Train against `opponent` for about `seconds`, print progress, save the weights."""
    env = ArenaGymEnv(GAME, 2, opponents=opponent, seat=None)
    agent = Agent(env.observation_space["observation"].shape[0], int(env.action_space.n), seed)
    adam, rng = Adam(agent.params), np.random.default_rng(seed)
    baseline, games, start, wins = 0.0, 0, time.monotonic(), []
    while time.monotonic() - start < seconds:
        batch = [episode(env, agent, rng, seed * 1_000_003 + games + k) for k in range(8)]
        games += len(batch)
        adam.step(agent.params, gradients(agent, batch, baseline))
        rewards = [b[3] for b in batch]
        baseline = 0.95 * baseline + 0.05 * float(np.mean(rewards))
        wins += [r > 0 for r in rewards]
        if games % 400 == 0:
            share = np.mean(wins[-400:])
            print(f"{games} games, {time.monotonic() - start:.0f} s: "
                  f"wins {share:.0%} of the last 400 against {opponent}")  # fmt: skip
    agent.save(out)
    print(f"trained on {games} games in {time.monotonic() - start:.0f} s; weights in {out}")
    return agent


def evaluate(agent: Agent, opponent: str, games: int, seed: int = 10**6) -> float:
    """The share of games the agent wins outright."""
    env = ArenaGymEnv(GAME, 2, opponents=opponent, seat=None)
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(agent.act(obs))
        wins += reward > 0
    return wins / games


def main() -> None:
    """train / eval / bot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train and save the weights")
    t.add_argument("--seconds", type=float, default=180.0)
    t.add_argument("--opponent", default="random", help="a built-in strategy: random, greedy")
    t.add_argument("--out", type=Path, default=Path("agent.npz"))
    e = sub.add_parser("eval", help="win rates against random and greedy")
    e.add_argument("--weights", type=Path, default=Path("agent.npz"))
    e.add_argument("--games", type=int, default=200)
    b = sub.add_parser("bot", help="play on a referee (arena play --bot-cmd, tournaments)")
    b.add_argument("--weights", type=Path, default=Path("agent.npz"))
    b.add_argument("--name", default=None)
    args = parser.parse_args()
    if args.command == "train":
        train(args.seconds, args.opponent, args.out)
    elif args.command == "eval":
        agent = Agent.load(args.weights)
        for opponent in ("random", "greedy"):
            print(f"against {opponent}: wins {evaluate(agent, opponent, args.games):.0%}")
    else:
        from arena.bot import run_bot

        agent = Agent.load(args.weights)
        run_bot(agent.act, name=args.name, games=[GAME], observation_policy=True, argv=())


if __name__ == "__main__":
    main()
