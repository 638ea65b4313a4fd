"""A Gymnasium single-agent environment: one seat learns, the other seats are played by
built-in strategies (by name, as `arena play --bot NAME`) or by any arena policy callable."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from arena.core import Seat
from arena.env.match import EnvMatch, SeedStream
from arena.env.spaces import action_space, observation_space
from arena.players import DecisionRequest, Policy
from arena.strategies import make_policy

Opponent = str | Policy
"""A built-in strategy's name ("random", "greedy" ...) or a policy over DecisionRequests."""


class ArenaGymEnv(gymnasium.Env):
    """One seat of an arena game against fixed opponents; the reward comes at the end."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        num_players: int | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seat: Seat | None = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        illegal: str = "lose",
    ) -> None:
        self.match = EnvMatch(game, num_players, options, illegal)
        n = self.match.num_players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of a {n}-player game")
        others: list[Opponent]
        if isinstance(opponents, str) or callable(opponents):
            others = [opponents] * (n - 1)
        else:
            others = list(opponents)
        if len(others) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, not {len(others)}")
        self._opponents: list[Opponent] = others
        self._fixed_seat = seat
        self.seat: Seat = seat or 0
        self.render_mode = render_mode
        self.observation_space = observation_space(self.match)
        self.action_space = action_space(self.match)
        self._seeds = SeedStream()
        self._policies: dict[Seat, Policy] = {}
        self._request_id = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Deal the referee's game of `seed` and play the opponents up to the agent's turn."""
        super().reset(seed=seed)
        deal = self._seeds.next(seed)
        self.match.deal(deal)
        n = self.match.num_players
        fixed = self._fixed_seat
        self.seat = fixed if fixed is not None else random.Random(deal).randrange(n)
        others = [s for s in range(n) if s != self.seat]
        self._policies = {
            s: _policy(self.match.game.name, o, deal * 1009 + s)
            for s, o in zip(others, self._opponents, strict=True)
        }
        self._play_opponents()
        return self.match.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the opponents until the agent decides again."""
        legal = self.match.play(self.seat, int(action))
        self._play_opponents()
        info = self._info()
        if not legal:
            info["illegal_action"] = int(action)
        over = self.match.outcome() is not None
        reward = self.match.rewards()[self.seat] if over else 0.0
        return self.match.observe(self.seat), float(reward), over, False, info

    def render(self) -> str | None:
        """The position as the agent's seat sees it."""
        if self.render_mode is None:
            return None
        return self.match.game.render(self.match.state, self.seat)

    def _play_opponents(self) -> None:
        while (movers := self.match.movers()) and self.seat not in movers:
            seat = min(movers)
            self.match.play_move(seat, self._ask(seat))

    def _ask(self, seat: Seat) -> str:
        self._request_id += 1
        legal = tuple(self.match.legal_moves(seat))
        request = DecisionRequest(
            match_id=f"gym-{self.match.seed}",
            request_id=self._request_id,
            game=self.match.game.name,
            seat=seat,
            view=self.match.view(seat),
            legal_moves=legal,
        )
        reply = self._policies[seat](request)
        if isinstance(reply, int) and not isinstance(reply, bool):
            return legal[reply] if 0 <= reply < len(legal) else f"index {reply}"
        return str(reply)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"seed": self.match.seed, "seat": self.seat}
        outcome = self.match.outcome()
        if outcome is not None:
            info["outcome"] = outcome
        return info


def _policy(game: str, opponent: Opponent, seed: int) -> Policy:
    """A fresh, seeded built-in policy for a name; a callable as it is."""
    return make_policy(game, opponent, seed) if isinstance(opponent, str) else opponent
