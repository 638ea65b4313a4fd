"""Move tokens (spec "Move notation"): `<d> <from> [x2] [in]`, e.g. `4 A3`, `2 A7 in`, `3 S1`.

A move is kept as a key (die, source, stack, inward): the source is a board space index, or
-k for the mover's own start slot S<k>. Every well-formed token is in a table built once, so
parsing and formatting are dictionary reads.
"""

from __future__ import annotations

from typing import NamedTuple

from arena.errors import InvalidMoveError

from .board import MAX_DIE, NUM_SPACES, SPACE_NAMES, START_SLOTS

STACK_WORD = "x2"
CROSS_WORD = "in"


class MoveKey(NamedTuple):
    """One die use: die value, source (space index, or -k for slot S<k>), stack?, crossing?"""

    die: int
    source: int
    stack: bool
    inward: bool


def source_name(source: int) -> str:
    """The token of a source: a space name, or S1..S4."""
    return f"S{-source}" if source < 0 else SPACE_NAMES[source]


def _format(key: MoveKey) -> str:
    words = [str(key.die), source_name(key.source)]
    if key.stack:
        words.append(STACK_WORD)
    if key.inward:
        words.append(CROSS_WORD)
    return " ".join(words)


_SOURCES = [*range(NUM_SPACES), *(-k for k in range(1, START_SLOTS + 1))]
TEXT: dict[MoveKey, str] = {
    key: _format(key)
    for d in range(1, MAX_DIE + 1)
    for s in _SOURCES
    for key in (MoveKey(d, s, x2, inward) for x2 in (False, True) for inward in (False, True))
}
PARSE: dict[str, MoveKey] = {text: key for key, text in TEXT.items()}


def parse_move(move: str) -> MoveKey:
    """The key of a token; InvalidMoveError when the text is not a move at all."""
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move is text like '4 A3' or '1 C3 in', not {move!r}")
    key = PARSE.get(move) or PARSE.get(" ".join(move.split()))
    if key is None:
        raise InvalidMoveError(
            f"expected '<die 1-6> <S1-S4 or space> [x2] [in]' (e.g. '4 A3'), got {move!r}"
        )
    return key
