"""Resampling of what a seat cannot see, for conformance checks, search bots and ML adapters.

`resample(state, seat, rng)` returns a state that `seat` (None: a spectator) cannot tell apart
from `state`: everything its view shows is kept, the hidden part is re-dealt from `rng`.
"""

from __future__ import annotations

import random

from arena.games.lucky_numbers.state import LuckyNumbersState, Source, evolve


def resample(state: LuckyNumbersState, seat: int | None, rng: random.Random) -> LuckyNumbersState:
    """Re-deal everything hidden: the pot order, and unrevealed Michael tiles against the pot."""
    pot = list(state.pot)
    hidden = [list(t) for t in state.setup_tiles]
    for s, own in enumerate(hidden):
        revealed = {state.grids[s][c] for c in (0, 5, 10, 15)}
        if state.source is Source.SETUP and state.current == s:
            revealed.add(state.hand)
        for i, value in enumerate(own):
            j = rng.randrange(len(pot))
            # Swapping keeps the per-value counts; a player's own set never repeats a value.
            if pot[j] not in revealed and pot[j] not in own:
                own[i], pot[j] = pot[j], value
    rng.shuffle(pot)
    return evolve(state, pot=tuple(pot), setup_tiles=tuple(tuple(t) for t in hidden))
