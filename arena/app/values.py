"""The value types the application layer's reports and calls are made of, for front ends.

Front ends import these from here, never from the store or the tournament package, so the
application layer stays the one thing they stand on (tests/app/test_front_end_layers.py).
"""

from __future__ import annotations

from arena.app.publicity import Disclosure, Frame, FrameKind
from arena.errors import UnknownMatchError
from arena.ratings.trueskill_ladder import CONSERVATIVE_K, LadderEntry
from arena.store import MatchSummary, RatingChange, Store
from arena.tournament import BotEntry
from arena.tournament.comparisons import HeadToHead
from arena.tournament.standings import SeatSummary

__all__ = [
    "CONSERVATIVE_K",
    "BotEntry",
    "Disclosure",
    "Frame",
    "FrameKind",
    "HeadToHead",
    "LadderEntry",
    "MatchSummary",
    "RatingChange",
    "SeatSummary",
    "Store",
    "UnknownMatchError",
]
