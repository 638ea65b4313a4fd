"""Epizodiak: 293 actions. A placement is a run of consecutive values, so (direction, first
value, length) names it: the index alone gives the whole move text."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

VALUES = 12
MAX_RUN = 11  # the dial always holds a tile, so at most 11 places are free


def run(direction: str, first: int, length: int) -> str:
    """The text of a placement: `place cw 11 12 1`, `place ccw 1 12`."""
    step = 1 if direction == "cw" else -1
    values = [(first - 1 + step * k) % VALUES + 1 for k in range(length)]
    return f"place {direction} " + " ".join(str(v) for v in values)


def moves() -> list[str]:
    """draw, pickup, pickup cw, pickup ccw (0-3); placements cw then ccw, by first value then
    length (4-267); set 1..12 (268-279); contest 1..12 (280-291); pass (292)."""
    places = [
        run(d, first, length)
        for d in ("cw", "ccw")
        for first in range(1, VALUES + 1)
        for length in range(1, MAX_RUN + 1)
    ]
    return (
        ["draw", "pickup", "pickup cw", "pickup ccw"]
        + places
        + [f"set {v}" for v in range(1, VALUES + 1)]
        + [f"contest {v}" for v in range(1, VALUES + 1)]
        + ["pass"]
    )


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return 2 * 600 * (50 if options.get("mode") != "one_round" else 1)
