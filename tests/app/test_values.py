"""arena.app.values: the value types front ends take from the application layer are the very
classes the store, the ratings and the tournament package build (not copies that drift)."""

from __future__ import annotations

import arena.app.values as values
from arena import errors, store, tournament
from arena.app import publicity
from arena.ratings import trueskill_ladder as ratings
from arena.tournament import comparisons, standings

ORIGINS = {
    "CONSERVATIVE_K": ratings,
    "BotEntry": tournament,
    "Disclosure": publicity,
    "Frame": publicity,
    "FrameKind": publicity,
    "HeadToHead": comparisons,
    "LadderEntry": ratings,
    "MatchSummary": store,
    "RatingChange": store,
    "SeatSummary": standings,
    "Store": store,
    "UnknownMatchError": errors,
}


def test_every_value_is_the_original_object() -> None:
    assert sorted(values.__all__) == sorted(ORIGINS)
    for name, origin in ORIGINS.items():
        assert getattr(values, name) is getattr(origin, name), name


def test_the_conservative_estimate_is_mu_minus_three_sigma() -> None:
    assert values.CONSERVATIVE_K == 3
    entry = values.LadderEntry("ann", 25.0, 2.0, 4, 1)
    assert entry.conservative == 25.0 - 3 * 2.0
