"""Lucky Numbers: 54 actions (draw, take 1..20, place and swap on 16 cells, discard)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CELLS = tuple(f"{col}{row}" for row in "1234" for col in "abcd")  # a1 b1 c1 d1 a2 ... d4


def moves() -> list[str]:
    """draw (0); take 1..20 (1-20); place a1..d4 (21-36); swap a1..d4 (37-52); discard (53)."""
    return (
        ["draw"]
        + [f"take {v}" for v in range(1, 21)]
        + [f"place {c}" for c in CELLS]
        + [f"swap {c}" for c in CELLS]
        + ["discard"]
    )


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return 2 * 500 + 4 * n  # turn cap 500, two decisions a turn
