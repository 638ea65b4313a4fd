"""The Gymnasium spaces of a game at a player count (shared by every adapter)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from arena.env.match import EnvMatch


def observation_space(match: EnvMatch) -> spaces.Dict:
    """{"observation": the encoded view (float32), "action_mask": int8 per action}."""
    layout = match.encoder.layout
    return spaces.Dict(
        {
            "observation": spaces.Box(layout.low, layout.high, (layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (match.table.size,), np.int8),
        }
    )


def action_space(match: EnvMatch) -> spaces.Discrete:
    """One action per entry of the game's action table."""
    return spaces.Discrete(match.table.size)


def state_space(match: EnvMatch) -> spaces.Box:
    """The AEC and parallel environments' `state()`: every seat's observation vector."""
    layout = match.encoder.layout
    n = match.num_players
    low, high = np.tile(layout.low, n), np.tile(layout.high, n)
    return spaces.Box(low, high, (layout.size * n,), np.float32)
