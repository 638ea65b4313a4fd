"""From a trained policy to the ladder: a policy over the adapters' observation and action
index becomes an arena Policy (DecisionRequest -> move), for `run_bot`, `arena play --bot-cmd`
bots, in-process players and Gymnasium opponents alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from arena.core.players import DecisionRequest, Policy, Reply
from arena.core.registry import get_game
from arena.env.actions import table_for
from arena.env.observations import encoder_for

ObservationPolicy = Callable[[dict[str, np.ndarray]], Any]
"""Given {"observation": vector, "action_mask": int8 mask} (as the environments give it),
an action index."""


def players_of(game_name: str, view: Mapping[str, Any]) -> int:
    """The table size a view was made at."""
    game = get_game(game_name)
    if game.min_players == game.max_players:
        return int(game.min_players)
    return int(view["num_players"])


def observation_of(request: DecisionRequest) -> dict[str, np.ndarray]:
    """The observation the environments would give the requested seat now."""
    encoder = encoder_for(request.game, players_of(request.game, request.view))
    mask = table_for(request.game).mask(request.legal_moves)
    return {"observation": encoder.encode(request.view), "action_mask": mask}


def env_policy(fn: ObservationPolicy, game: str | None = None) -> Policy:
    """An arena Policy that asks `fn` for an action index and answers with its move text.

    `game`, when given, refuses requests of other games (a policy is trained for one game's
    tables); else any game is encoded with its own tables.
    """

    def policy(request: DecisionRequest) -> Reply:
        if game is not None and get_game(game).name != request.game:
            raise ValueError(f"this policy plays {game}, not {request.game}")
        action = int(fn(observation_of(request)))
        return table_for(request.game).decode(action)

    return policy
