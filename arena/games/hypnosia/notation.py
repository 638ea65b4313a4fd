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


def _table(stack: bool, inward: bool) -> tuple[tuple[str, ...], ...]:
    return tuple(
        tuple(TEXT[MoveKey(max(d, 1), s, stack, inward)] for s in range(NUM_SPACES))
        for d in range(MAX_DIE + 1)
    )


# Token tables for move generation, [die][space] (die 0 is unused): no tuple built per move.
SINGLE_ALONG = _table(False, False)
SINGLE_ACROSS = _table(False, True)
STACK_ALONG = _table(True, False)
STACK_ACROSS = _table(True, True)
# FROM_SLOT[die][k]: the token moving the pawn in start slot S<k> (k = 1..4; index 0 unused).
FROM_SLOT: tuple[tuple[str, ...], ...] = tuple(
    tuple(TEXT[MoveKey(max(d, 1), -max(k, 1), False, False)] for k in range(START_SLOTS + 1))
    for d in range(MAX_DIE + 1)
)
# The engine's chance events: ROLL_TEXT[a][b] = "roll a b", SKIP_TEXT[d] = "skip d".
ROLL_TEXT: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"roll {a} {b}" for b in range(MAX_DIE + 1)) for a in range(MAX_DIE + 1)
)
SKIP_TEXT: tuple[str, ...] = tuple(f"skip {d}" for d in range(MAX_DIE + 1))
