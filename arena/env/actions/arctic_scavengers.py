"""Arctic Scavengers: 1774 actions over the base game's 149 physical cards (ids CODE.serial).

The inventory below is the base game's (its rules' card counts), in the engine's kind order;
a test checks that every card id the engine offers is in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

INVENTORY: tuple[tuple[str, int], ...] = (
    ("REF", 20), ("SCA", 20), ("BRA", 10), ("HUN", 8), ("SAB", 8), ("SCO", 8), ("GRL", 5),
    ("SNI", 5), ("THU", 5), ("SLE", 2), ("FIE", 2), ("TF3", 2), ("TF4", 2), ("TF5", 2),
    ("WOL", 2), ("GRE", 2), ("JUN", 7), ("PIL", 9), ("MDK", 6), ("MUL", 4), ("NET", 4),
    ("SPE", 6), ("PIC", 4), ("SHO", 6),
)  # fmt: skip
PERSONS = ("REF", "SCA", "BRA", "HUN", "SAB", "SCO", "GRL", "SNI", "THU", "SLE", "FIE",
           "TF3", "TF4", "TF5")  # fmt: skip
TOOLS = ("WOL", "GRE", "MUL", "NET", "SPE", "PIC", "SHO")
MERCENARIES = ("SCA", "BRA", "HUN", "SAB", "SCO", "GRL", "SNI", "THU")  # hire stack order
CARD_VERBS = ("draw", "dig", "hunt", "trash", "add", "pay", "keep")


def card_ids(codes: tuple[str, ...] | None = None) -> list[str]:
    """Every card id (of the given kinds), in inventory order then serial."""
    return [
        f"{code}.{serial}"
        for code, qty in INVENTORY
        if codes is None or code in codes
        for serial in range(1, qty + 1)
    ]


def moves() -> list[str]:
    """Per verb draw, dig, hunt, trash, add, pay, keep: every card (7 x 149 = 1043); hire by
    stack (8); end, go, keep none, done (4); snipe SNI x person (5 x 99); disarm SAB x tool
    (8 x 28)."""
    cards = card_ids()
    out = [f"{verb} {card}" for verb in CARD_VERBS for card in cards]
    out += [f"hire {code}" for code in MERCENARIES]
    out += ["end", "go", "keep none", "done"]
    out += [f"snipe {s} {p}" for s in card_ids(("SNI",)) for p in card_ids(PERSONS)]
    out += [f"disarm {s} {t}" for s in card_ids(("SAB",)) for t in card_ids(TOOLS)]
    return out


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return 16 * n * 200  # a card is played once per round
