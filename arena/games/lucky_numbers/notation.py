"""Lucky Numbers move notation: cells `a1`..`d4` and the five decision tokens.

Cells are indexed row-major, 0..15: index = 4 * row + column, so a1=0, b1=1, ..., d1=3,
a2=4, ..., d4=15. Parsing checks syntax only (InvalidMoveError); legality lives in rules.py.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from arena.errors import InvalidMoveError

SIZE = 4
CELLS = SIZE * SIZE
MIN_VALUE = 1
MAX_VALUE = 20
COLUMNS = "abcd"

CELL_NAMES: tuple[str, ...] = tuple(f"{COLUMNS[i % SIZE]}{i // SIZE + 1}" for i in range(CELLS))
_CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}
DIAGONAL: tuple[int, ...] = (0, 5, 10, 15)  # a1, b2, c3, d4


class Kind(enum.StrEnum):
    """The five kinds of decision."""

    DRAW = "draw"
    TAKE = "take"
    PLACE = "place"
    SWAP = "swap"
    DISCARD = "discard"


@dataclass(frozen=True, slots=True)
class Move:
    """A parsed decision: its kind plus a table value (take) or a cell index (place/swap)."""

    kind: Kind
    arg: int = -1

    def __str__(self) -> str:
        if self.kind is Kind.TAKE:
            return f"take {self.arg}"
        if self.kind in (Kind.PLACE, Kind.SWAP):
            return f"{self.kind.value} {CELL_NAMES[self.arg]}"
        return self.kind.value


def cell_name(index: int) -> str:
    """The name of a cell index, e.g. 5 -> 'b2'."""
    return CELL_NAMES[index]


def cell_index(name: str) -> int:
    """The index of a cell name; InvalidMoveError if it is not a1..d4."""
    try:
        return _CELL_INDEX[name.strip().lower()]
    except KeyError:
        raise InvalidMoveError(f"{name!r} is not a cell (columns a-d, rows 1-4, e.g. b3)") from None


def column_name(index: int) -> str:
    """The column letter of a cell index."""
    return COLUMNS[index % SIZE]


def row_name(index: int) -> str:
    """The row digit of a cell index."""
    return str(index // SIZE + 1)


_NO_ARG = {"draw": Kind.DRAW, "discard": Kind.DISCARD}
_CELL_ARG = {"place": Kind.PLACE, "swap": Kind.SWAP}
_USAGE = "moves are: draw, take <1-20>, place <cell>, swap <cell>, discard"


def parse_move(text: str) -> Move:
    """Parse one decision token; InvalidMoveError when the text is not a move at all."""
    parts = text.strip().lower().split()
    if not parts:
        raise InvalidMoveError(f"empty move ({_USAGE})")
    word, args = parts[0], parts[1:]
    if word in _NO_ARG and not args:
        return Move(_NO_ARG[word])
    if word in _CELL_ARG and len(args) == 1:
        return Move(_CELL_ARG[word], cell_index(args[0]))
    if word == "take" and len(args) == 1:
        return Move(Kind.TAKE, _parse_value(args[0]))
    raise InvalidMoveError(f"{text!r} is not a move ({_USAGE})")


def _parse_value(text: str) -> int:
    if not text.isdigit() or not MIN_VALUE <= int(text) <= MAX_VALUE:
        raise InvalidMoveError(f"{text!r} is not a tile value ({MIN_VALUE}-{MAX_VALUE})")
    return int(text)
