"""The Number's move notation: `write ddd`, exactly three digits, leading zeros kept (spec
"Move notation"). Parsing checks syntax only (InvalidMoveError); legality lives in rules.py."""

from __future__ import annotations

from arena.errors import InvalidMoveError
from arena.games.the_number.state import NUMBER_TEXT

MOVE_WORD = "write"
_DIGIT_CHARS = frozenset("0123456789")


def parse_move(move: str) -> int:
    """The number in `write ddd` (three ASCII digits, zeros kept); InvalidMoveError if not."""
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move is text like 'write 513', not {move!r}")
    parts = move.split()
    if len(parts) != 2 or parts[0] != MOVE_WORD:
        raise InvalidMoveError(f"expected 'write ddd', got {move!r}")
    digits = parts[1]
    if len(digits) != 3 or not set(digits) <= _DIGIT_CHARS:
        raise InvalidMoveError(f"a submission is exactly three digits 0-9, got {digits!r}")
    return int(digits)


def format_move(number: int) -> str:
    """The canonical move text for a number."""
    return f"{MOVE_WORD} {NUMBER_TEXT[number]}"
