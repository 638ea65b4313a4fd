"""The PettingZoo AEC environment of any arena game, at any player count it supports.

Agents are `player_0` ... (seat order). When several seats decide at once (The Number),
they act one after another in seat order, and none sees another's pending choice: the
engine's views hide it. Rewards come once, at the end (`arena.env.rewards.rank_rewards`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import AECEnv

from arena.env.match import EnvMatch, SeedStream
from arena.env.spaces import action_space, observation_space


def agent_name(seat: int) -> str:
    """The PettingZoo agent of a seat."""
    return f"player_{seat}"


class ArenaAECEnv(AECEnv):  # type: ignore[misc]
    """An arena game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "arena_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        super().__init__()
        self.match = EnvMatch(game, num_players, options, illegal)
        self.metadata = {**self.metadata, "name": f"arena_{self.match.game.name}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.match.num_players)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(self.match) for a in self.possible_agents}
        self.action_spaces = {a: action_space(self.match) for a in self.possible_agents}
        self._seeds = SeedStream()

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
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's encoded view and action mask (zeros when it is not to move)."""
        return self.match.observe(self._seat[agent])

    def step(self, action: Any) -> None:
        """Play the selected agent's action (None for an agent whose game is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        legal = self.match.play(self._seat[agent], int(action))
        if not legal:
            self.infos[agent] = {**self.infos[agent], "illegal_action": int(action)}
        outcome = self.match.outcome()
        if outcome is not None:
            for a, reward in zip(self.agents, self.match.rewards(), strict=True):
                self.rewards[a] = reward
                self.terminations[a] = True
                self.infos[a] = {**self.infos[a], "outcome": outcome, "seed": self.match.seed}
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            print(self.render())

    def _select(self) -> None:
        movers = self.match.movers()
        if movers:
            self.agent_selection = agent_name(min(movers))
        elif self.agents and not hasattr(self, "agent_selection"):
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The game's text picture of the position, as a spectator sees it."""
        if self.render_mode is None:
            return None
        return self.match.game.render(self.match.state, None)

    def close(self) -> None:
        """Nothing to release."""
