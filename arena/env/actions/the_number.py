"""The Number: 1000 actions, action i writes the number i (`write 000` ... `write 999`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.games.the_number.compiled import _core

fill_mask = getattr(_core, "legal_mask", None)  # None: no core, or one built before it
"""The mask of a seat's legal numbers, written by the compiled core from the state (or None)."""


def moves() -> list[str]:
    """write DDD at index DDD."""
    return [f"write {n:03d}" for n in range(1000)]


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return int(options.get("rounds", 2)) * 5 * n
