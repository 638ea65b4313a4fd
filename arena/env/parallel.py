"""The PettingZoo parallel environment, for The Number's simultaneous decisions: every seat
to move acts in one step, and nobody sees the others' choices before they are all in.

It takes any game; in a turn-based game a step holds the one mover's action. Agents not
to move (a seat out of a round) have an all-zero mask, and their actions are ignored. A game
stopped by the engine's cap ends truncated, with its rank rewards; `max_cycles` (steps) stops
a game unfinished, truncated, without rewards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from arena.env.aec import agent_name
from arena.env.match import EnvMatch, SeedStream, capped
from arena.env.render import RENDER_FPS, RENDER_MODES, Renderer
from arena.env.spaces import action_space, observation_space, state_space
from arena.errors import EnvUsageError

Obs = dict[str, dict[str, np.ndarray]]


class ArenaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """An arena game as a PettingZoo parallel environment (picklable and deep-copyable)."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "arena_parallel_v0",
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        game: str = "the_number",
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_cycles: int | None = None,
    ) -> None:
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.match = EnvMatch(game, num_players, options, illegal)
        self.metadata = {**self.metadata, "name": f"arena_{self.match.game.name}_parallel_v0"}
        self.renderer = Renderer(self.match, render_mode)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(self.match.num_players)]
        self.observation_spaces = {a: observation_space(self.match) for a in self.possible_agents}
        self.action_spaces = {a: action_space(self.match) for a in self.possible_agents}
        self.state_space = state_space(self.match)
        self._seeds = SeedStream()
        self._steps = 0
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> Any:
        """The agent's observation space (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """The agent's Discrete action space (the same object every call)."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, dict[str, Any]]]:
        """Deal the referee's game of `seed`; every agent's first observation."""
        self.match.deal(self._seeds.next(seed))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.renderer.human()
        return self._observe(), {a: {"seed": self.match.seed} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[
        Obs, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:  # fmt: skip
        """Play the actions of every agent to move, in seat order (the others are ignored)."""
        if self.match.state is None:
            raise EnvUsageError("step() before reset(): reset the environment first")
        if not self.agents:
            raise EnvUsageError("step() after the game ended: reset the environment")
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in sorted(self.match.movers()):
            agent = agent_name(seat)
            if agent not in actions or actions[agent] is None:
                raise EnvUsageError(f"{agent} is to move and has no action")
            if not self.match.play(seat, int(actions[agent])):
                infos[agent]["illegal_action"] = int(actions[agent])
                break
        self._steps += 1
        outcome = self.match.outcome()
        observations = self._observe()
        rewards = dict(zip(self.agents, self.match.rewards(), strict=True))
        over = outcome is not None
        truncated = (outcome is not None and capped(outcome)) or (
            not over and self.max_cycles is not None and self._steps >= self.max_cycles
        )
        terminations = {a: over and not truncated for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        if over or truncated:
            for info in infos.values():
                info["seed"] = self.match.seed
                if outcome is not None:
                    info["outcome"] = outcome
            self.agents = []
        self.renderer.human()
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        """Every seat's observation vector, seat 0 first (as the AEC environment's)."""
        if self.match.state is None:
            raise EnvUsageError("state() before reset(): reset the environment first")
        return np.concatenate([self.match.observe(s)["observation"] for s in self._seats()])

    def _seats(self) -> range:
        return range(self.match.num_players)

    def _observe(self) -> Obs:
        return {a: self.match.observe(s) for s, a in enumerate(self.possible_agents)}

    def render(self) -> Any:
        """The game's text picture of the position, as a spectator sees it ("ansi"); None in
        "human" mode (printed at every step) or without a render mode."""
        return self.renderer.render(None)

    def close(self) -> None:
        """Nothing to release."""
        self.renderer.close()
