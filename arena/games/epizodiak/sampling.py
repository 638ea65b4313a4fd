"""Resampling of what a seat cannot see, for conformance checks, search bots and ML adapters.

`resample(state, seat, rng)` returns a state that `seat` (None: a spectator) cannot tell apart
from `state`: everything its view shows is kept, the hidden part is re-dealt from `rng`.
"""

from __future__ import annotations

import random

from arena.core.chance import Stream
from arena.games.epizodiak.rounds import settle
from arena.games.epizodiak.state import VALUES, State, hand_of


def resample(s: State, seat: int | None, rng: random.Random) -> State:
    """Re-deal what `seat` cannot see: the other hands (sizes kept), the pile and the stream."""
    hidden = [x for x in range(3) if x != seat]
    pool = list(s.pile)
    for x in hidden:
        hand = s.hands[x]
        for v in range(1, VALUES + 1):
            pool += [v] * hand[v]
    rng.shuffle(pool)
    hands = list(s.hands)
    for x in hidden:
        size = sum(s.hands[x])
        hands[x], pool = hand_of(pool[:size]), pool[size:]
    return settle(s._replace(hands=tuple(hands), pile=tuple(pool), stream=Stream.from_rng(rng)))
