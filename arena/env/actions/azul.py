"""Azul: 325 actions (300 takes, 25 gray-wall placements)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

SOURCES = tuple(f"f{i}" for i in range(1, 10)) + ("c",)  # displays f1..f9, then the centre
COLOURS = ("B", "Y", "R", "K", "W")
DESTINATIONS = ("1", "2", "3", "4", "5", "floor")


def moves() -> list[str]:
    """take: 30 * source + 6 * colour + destination (0-299); wall: 300 + 5 * (line-1) + col-1."""
    takes = [f"take {s} {c} {d}" for s in SOURCES for c in COLOURS for d in DESTINATIONS]
    walls = [f"wall {line} {col}" for line in range(1, 6) for col in range(1, 6)]
    return takes + walls


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return 100 * (4 * (2 * n + 1) + 5 * n)  # round cap; takes + gray placements
