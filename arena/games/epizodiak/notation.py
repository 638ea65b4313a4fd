"""Epizodiak move notation (spec "Move notation"): one token per decision.

Tokens: `draw`, `pickup` (`pickup cw` / `pickup ccw` under pickup_legacy, which may take either
end), `contest v`, `place cw v...` / `place ccw v...`, `set v`, `pass`. A whole turn reads as
its tokens joined by "; ". Parsing checks syntax only (InvalidMoveError); legality lives in
moves.py and rules.py.
"""

from __future__ import annotations

from typing import NamedTuple

from arena.errors import InvalidMoveError

from .state import CCW, CW, VALUES, Side

DRAW = "draw"
PASS = "pass"
PICKUP = "pickup"
SIDE_NAMES = {Side.CW: "cw", Side.CCW: "ccw"}
SIDE_OF = {"cw": Side.CW, "ccw": Side.CCW}
STEP = {Side.CW: CW, Side.CCW: CCW}

SET_TEXT: tuple[str, ...] = tuple(f"set {v}" for v in range(VALUES + 1))
CONTEST_TEXT: tuple[str, ...] = tuple(f"contest {v}" for v in range(VALUES + 1))
LEGACY_PICKUP_TEXT = {Side.CW: "pickup cw", Side.CCW: "pickup ccw"}


def _place_texts(side: Side) -> dict[tuple[int, int], str]:
    """Every placement text by (first value, length): `place cw 8 9 10` is (8, 3)."""
    out = {}
    step = STEP[side]
    for first in range(1, VALUES + 1):
        values = [first]
        for _ in range(VALUES - 1):
            values.append(step[values[-1]])
        for k in range(1, VALUES + 1):
            out[first, k] = f"place {SIDE_NAMES[side]} " + " ".join(map(str, values[:k]))
    return out


PLACE_TEXT = {side: _place_texts(side) for side in (Side.CW, Side.CCW)}


class Move(NamedTuple):
    """A parsed token: its kind, a side (placements, legacy pickups) and its values."""

    kind: str  # draw, pickup, contest, place, set, pass
    side: Side = Side.NONE
    values: tuple[int, ...] = ()


def _value(text: str, move: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= VALUES:
        raise InvalidMoveError(f"{text!r} is not a tile value 1-12 in {move!r}")
    return int(text)


def parse_move(move: str) -> Move:
    """The parsed token; InvalidMoveError when the text is not an Epizodiak decision."""
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move is text like 'place cw 8 9', not {move!r}")
    words = move.split()
    if not words:
        raise InvalidMoveError("an empty move")
    kind, args = words[0], words[1:]
    if kind in (DRAW, PASS) and not args:
        return Move(kind)
    if kind == PICKUP and not args:
        return Move(kind)
    if kind == PICKUP and len(args) == 1 and args[0] in SIDE_OF:
        return Move(kind, SIDE_OF[args[0]])
    if kind in ("set", "contest") and len(args) == 1:
        return Move(kind, Side.NONE, (_value(args[0], move),))
    if kind == "place" and len(args) >= 2 and args[0] in SIDE_OF:
        values = tuple(_value(a, move) for a in args[1:])
        return Move(kind, SIDE_OF[args[0]], values)
    raise InvalidMoveError(
        f"expected draw, pickup, pass, set <v>, contest <v> or place cw|ccw <v...>, not {move!r}"
    )
