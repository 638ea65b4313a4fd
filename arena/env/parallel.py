"""The PettingZoo parallel environment, for The Number's simultaneous decisions: every seat
to move acts in one step, and nobody sees the others' choices before they are all in.

It takes any game; in a turn-based game a step holds the one mover's action. Agents not
to move (a seat out of a round) have an all-zero mask, and their actions are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from pettingzoo import ParallelEnv

from arena.env.aec import agent_name
from arena.env.match import EnvMatch, SeedStream
from arena.env.spaces import action_space, observation_space

Obs = dict[str, dict[str, np.ndarray]]


class ArenaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """An arena game as a PettingZoo parallel environment."""

    metadata = {"render_modes": ["ansi"], "name": "arena_parallel_v0"}

    def __init__(
        self,
        game: str = "the_number",
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        self.match = EnvMatch(game, num_players, options, illegal)
        self.metadata = {**self.metadata, "name": f"arena_{self.match.game.name}_parallel_v0"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.match.num_players)]
        self.observation_spaces = {a: observation_space(self.match) for a in self.possible_agents}
        self.action_spaces = {a: action_space(self.match) for a in self.possible_agents}
        self._seeds = SeedStream()
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
        self.agents = list(self.possible_agents)
        return self._observe(), {a: {"seed": self.match.seed} for a in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[
        Obs, dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]
    ]:  # fmt: skip
        """Play the actions of every agent to move, in seat order (the others are ignored)."""
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        for seat in sorted(self.match.movers()):
            agent = agent_name(seat)
            if agent not in actions:
                raise ValueError(f"{agent} is to move and has no action")
            if not self.match.play(seat, int(actions[agent])):
                infos[agent]["illegal_action"] = int(actions[agent])
                break
        outcome = self.match.outcome()
        observations = self._observe()
        rewards = dict(zip(self.agents, self.match.rewards(), strict=True))
        over = outcome is not None
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        if over:
            for info in infos.values():
                info.update(outcome=outcome, seed=self.match.seed)
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observe(self) -> Obs:
        return {a: self.match.observe(s) for s, a in enumerate(self.possible_agents)}

    def render(self) -> str | None:
        """The game's text picture of the position, as a spectator sees it."""
        if self.render_mode is None:
            return None
        return self.match.game.render(self.match.state, None)

    def close(self) -> None:
        """Nothing to release."""
