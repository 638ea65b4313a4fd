"""Resampling of what a seat cannot see, for conformance checks, search bots and ML adapters.

`resample(state, seat, rng)` returns a state that `seat` (None: a spectator) cannot tell apart
from `state`: everything its view shows is kept, the hidden part is re-dealt from `rng`.
"""

from __future__ import annotations

import random

from arena.core.chance import Stream
from arena.games.hypnosia.state import State


def resample(state: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal what nobody may see: the future dice."""
    return state._replace(stream=Stream.from_rng(rng))
