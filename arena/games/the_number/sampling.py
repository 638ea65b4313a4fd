"""Resampling of what a seat cannot see, for conformance checks, search bots and ML adapters.

`resample(state, seat, rng)` returns a state that `seat` (None: a spectator) cannot tell apart
from `state`: everything its view shows is kept, the hidden part is re-dealt from `rng`.
"""

from __future__ import annotations

import random

from arena.games.the_number.state import TheNumberState, available_digits


def resample(state: TheNumberState, seat: int | None, rng: random.Random) -> TheNumberState:
    """Rewrite every other submitted seat's secret number with another writable one."""
    pending = list(state.pending)
    for other, number in enumerate(pending):
        if other != seat and number is not None:
            pool = available_digits(state.crossed[other])
            pending[other] = rng.choice(pool) * 100 + rng.choice(pool) * 10 + rng.choice(pool)
    return state._replace(pending=tuple(pending))
