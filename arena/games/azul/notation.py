"""Azul move notation (spec "Move notation"), as precomputed text tables.

    take <src> <colour> <dest>   src f1..f9 (display) or c (centre); colour B Y R K W;
                                 dest 1..5 (pattern line) or floor.   e.g. `take f3 R 4`
    wall <line> <col>            gray wall only: tile complete line <line> in column <col>

Canonical legal-move order: sources f1, f2, ... then c; within a source, colours B Y R K W;
within a colour, pattern lines 1..5 then floor. Wall choices by column, left to right.
"""

from __future__ import annotations

from arena.errors import InvalidMoveError

from .state import COLOURS

MAX_DISPLAYS = 9  # 4 players: 2*4+1 (spec §1.2)
CENTRE = MAX_DISPLAYS  # source index of the centre in the move tables
FLOOR = 5  # destination index of the floor line
TAKE = 0
WALL_MOVE = 1

SOURCE_NAMES: tuple[str, ...] = tuple(f"f{i + 1}" for i in range(MAX_DISPLAYS)) + ("c",)
DEST_NAMES: tuple[str, ...] = ("1", "2", "3", "4", "5", "floor")


def take_text(src: int, colour: int, dest: int) -> str:
    """The text of a take move; src CENTRE is the centre, dest FLOOR the floor line."""
    return f"take {SOURCE_NAMES[src]} {COLOURS[colour]} {DEST_NAMES[dest]}"


def wall_text(line: int, col: int) -> str:
    """The text of a gray-wall choice (0-based line and column)."""
    return f"wall {line + 1} {col + 1}"


# TAKE_MOVES[src][colour][dest_mask]: the take moves of one source and colour whose allowed
# destinations are the set bits of dest_mask (bit 5 = floor), in canonical order.
TAKE_MOVES: tuple[tuple[tuple[tuple[str, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(take_text(s, c, d) for d in range(6) if mask >> d & 1) for mask in range(64))
        for c in range(5)
    )
    for s in range(MAX_DISPLAYS + 1)
)

# WALL_MOVES[line][col_mask]: the wall choices for a set of legal columns.
WALL_MOVES: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
    tuple(tuple(wall_text(r, c) for c in range(5) if mask >> c & 1) for mask in range(32))
    for r in range(5)
)

# Every well-formed move text -> (kind, a, b, c): (TAKE, src, colour, dest) or
# (WALL_MOVE, line, col, 0). Parsing is one dict lookup on the hot path.
PARSED: dict[str, tuple[int, int, int, int]] = {
    take_text(s, c, d): (TAKE, s, c, d)
    for s in range(MAX_DISPLAYS + 1)
    for c in range(5)
    for d in range(6)
}
PARSED.update({wall_text(r, c): (WALL_MOVE, r, c, 0) for r in range(5) for c in range(5)})

_SYNTAX = "expected `take <f1..f9|c> <B|Y|R|K|W> <1..5|floor>` or `wall <1..5> <1..5>`"


def parse_move(text: str) -> tuple[int, int, int, int]:
    """Parse a move (extra spaces tolerated); InvalidMoveError when it is not Azul notation."""
    if not isinstance(text, str):
        raise InvalidMoveError(f"{text!r} is not an Azul move: {_SYNTAX}")
    parsed = PARSED.get(text)
    if parsed is None:
        parsed = PARSED.get(" ".join(text.split()))
    if parsed is None:
        raise InvalidMoveError(f"{text!r} is not an Azul move: {_SYNTAX}")
    return parsed
