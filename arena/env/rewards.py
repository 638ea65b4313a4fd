"""Rewards from a game's outcome: its ranks mapped onto [-1, 1], summing to zero."""

from __future__ import annotations

from arena.core.game import points_by_rank
from arena.core.values import Outcome


def rank_rewards(outcome: Outcome) -> tuple[float, ...]:
    """2 * (the default tournament points by rank) - 1: a sole win +1, last -1, shared places
    averaged (two players: +1 / 0 / -1). Zero-sum at every player count, like the ranks."""
    return tuple(2.0 * p - 1.0 for p in points_by_rank(outcome.ranks))
