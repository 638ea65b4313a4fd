"""The PettingZoo AEC environment of any arena game, at any player count it supports.

Agents are `player_0` ... (seat order). When several seats decide at once (The Number),
they act one after another in seat order, and none sees another's pending choice: the
engine's views hide it. Rewards come once, at the end (`arena.env.rewards.rank_rewards`).
A game stopped by the engine's cap (a turn or round limit) ends truncated, with its rank
rewards; `max_cycles` stops a game unfinished, truncated, without rewards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from arena.env.match import EnvMatch, SeedStream, capped
from arena.env.render import RENDER_FPS, RENDER_MODES, Renderer
from arena.env.spaces import action_space, observation_space, state_space
from arena.errors import EnvUsageError


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat."""
    return f"player_{seat}"


class ArenaAECEnv(AECEnv):  # type: ignore[misc]
    """An arena game as a PettingZoo AEC environment (picklable and deep-copyable: a copy
    continues exactly as the original does for the same actions)."""

    metadata = {
        "render_modes": list(RENDER_MODES),
        "name": "arena_v0",
        "is_parallelizable": False,
        "render_fps": RENDER_FPS,
    }

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.match = EnvMatch(game, num_players, options, illegal)
        self.metadata = {**self.metadata, "name": f"arena_{self.match.game.name}_v0"}
        self.renderer = Renderer(self.match, render_mode)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.possible_agents = [agent_name(s) for s in range(self.match.num_players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: `seed` gives the referee's deal for that seed (game options are
        the constructor's; `options` here is accepted and unused)."""
        self.match.deal(self._seeds.next(seed))
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()
        self.renderer.human()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's encoded view and action mask (zeros when it is not to move)."""
        self._check_reset("observe()")
        return self.match.observe(self._seat[agent])

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward so far, terminated, truncated and info."""
        self._check_reset("last()")
        result: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return result

    def state(self) -> np.ndarray:
        """A global state for centralised critics: every seat's observation vector, seat 0
        first (all that some player knows; what nobody knows, such as the deck order, stays
        out). Its space is `state_space`."""
        self._check_reset("state()")
        return np.concatenate([self.match.observe(s)["observation"] for s in self._seat.values()])

    def step(self, action: Any) -> None:
        """Play the selected agent's action (None for an agent whose game is over)."""
        self._check_reset("step()")
        if not self.agents:
            raise EnvUsageError("step() after every agent is done: reset the environment")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvUsageError(f"{agent} is to move: step(None) is only for an agent that is done")
        self._cumulative_rewards[agent] = 0.0
        legal = self.match.play(self._seat[agent], int(action))
        self._steps += 1
        if not legal:
            self.infos[agent] = {**self.infos[agent], "illegal_action": int(action)}
        outcome = self.match.outcome()
        if outcome is not None:
            truncated = capped(outcome)
            for a, reward in zip(self.agents, self.match.rewards(), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
                self.infos[a] = {**self.infos[a], "outcome": outcome, "seed": self.match.seed}
            self._accumulate_rewards()
        elif self.max_cycles is not None and self._steps >= self.max_cycles * len(self.agents):
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {**self.infos[a], "seed": self.match.seed}
        self._select()
        self.renderer.human()

    def _select(self) -> None:
        movers = self.match.movers()
        if movers:
            self.agent_selection = agent_name(min(movers))
        elif self.agents and not hasattr(self, "agent_selection"):
            self.agent_selection = self.agents[0]

    def _check_reset(self, what: str) -> None:
        if self.match.state is None:
            raise EnvUsageError(f"{what} before reset(): reset the environment first")

    def render(self) -> Any:
        """The game's text picture of the position, as a spectator sees it ("ansi"); None in
        "human" mode (the picture is printed at every step) or without a render mode."""
        return self.renderer.render(None)

    def close(self) -> None:
        """Nothing to release."""
        self.renderer.close()
