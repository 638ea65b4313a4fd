"""A Gymnasium single-agent environment: one seat learns, the other seats are played by
built-in strategies (by name, as `arena play --bot NAME`) or by any arena policy callable."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from arena.core.players import DecisionRequest, Policy, Reply
from arena.core.values import Seat
from arena.env.match import EnvMatch, SeedStream, capped
from arena.env.render import RENDER_FPS, RENDER_MODES, Renderer
from arena.env.spaces import action_space, observation_space
from arena.errors import EnvUsageError
from arena.match.strategies import make_policy

Opponent = str | Policy
"""A built-in strategy's name ("random", "greedy" ...) or a policy over DecisionRequests."""


class BuiltInOpponent:
    """A seeded built-in strategy for one seat of one episode, that pickles and deep-copies: a
    copy is the strategy made afresh from its seed and shown the requests the original answered,
    so it continues exactly as the original does (the strategies keep their own streams)."""

    def __init__(self, game: str, strategy: str, seed: int) -> None:
        self.game, self.strategy, self.seed = game, strategy, seed
        self.answered: list[DecisionRequest] = []
        self._policy: Policy = make_policy(game, strategy, seed)

    def __call__(self, request: DecisionRequest) -> Reply:
        self.answered.append(request)
        return self._policy(request)

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "_policy"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        vars(self).update(state)
        self._policy = make_policy(self.game, self.strategy, self.seed)
        for request in self.answered:
            self._policy(request)


class ArenaGymEnv(gymnasium.Env):
    """One seat of an arena game against fixed opponents; the reward comes at the end.

    Picklable and deep-copyable when the opponents are (built-in strategies by name are; a
    policy callable must be a picklable module-level function or object to pickle, and a deep
    copy shares it)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": RENDER_FPS}

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
        self.renderer = Renderer(self.match, render_mode)
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
        self.renderer.human(self.seat)
        return self.match.observe(self.seat), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play the agent's action, then the opponents until the agent decides again.

        An engine's cap (a turn or round limit, scored by the rules) ends the episode as
        truncated, not terminated; the reward is the rank reward either way."""
        if self.match.state is None:
            raise EnvUsageError("step() before reset(): reset the environment first")
        if self.match.outcome() is not None:
            raise EnvUsageError("step() after the episode ended: reset the environment")
        legal = self.match.play(self.seat, int(action))
        self._play_opponents()
        info = self._info()
        if not legal:
            info["illegal_action"] = int(action)
        outcome = self.match.outcome()
        reward = self.match.rewards()[self.seat] if outcome is not None else 0.0
        truncated = outcome is not None and capped(outcome)
        terminated = outcome is not None and not truncated
        self.renderer.human(self.seat)
        return self.match.observe(self.seat), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """The agent's legal actions now, as booleans (sb3-contrib's MaskablePPO convention)."""
        if self.match.state is None:
            raise EnvUsageError("action_masks() before reset(): reset the environment first")
        return self.match.mask(self.seat).astype(bool)

    def render(self) -> Any:
        """The position as the agent's seat sees it: text ("ansi"), an RGB array
        ("rgb_array"), None ("human" draws it on every step, and None when no mode was set)."""
        return self.renderer.render(self.seat)

    def close(self) -> None:
        """Close the human-mode window, if one was opened."""
        self.renderer.close()

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
    return BuiltInOpponent(game, opponent, seed) if isinstance(opponent, str) else opponent
