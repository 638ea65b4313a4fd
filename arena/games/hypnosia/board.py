"""Lookup tables built from the board data (board_data.py), checked when the module loads.

Spaces are indexed 0..NUM_SPACES-1, circle by circle from the outermost. Destinations are
precomputed per (space, die) so that legal-move generation is a few table reads.
"""

from __future__ import annotations

from . import board_data as data

MAX_DIE = 6
CENTRE = -2  # a destination: the centre
NONE = -1  # no destination (no bridge here, or the die cannot be used this way)


def _spaces() -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """Names, circle number and next space (counter-clockwise) of every space."""
    names: list[str] = []
    circle: list[int] = []
    nxt: list[int] = []
    for depth, (letter, size) in enumerate(data.CIRCLES):
        if size <= MAX_DIE:
            raise ValueError(f"circle {letter} needs more than {MAX_DIE} spaces, has {size}")
        base = len(names)
        for i in range(size):
            names.append(f"{letter}{i}")
            circle.append(depth)
            nxt.append(base + (i + 1) % size)
    return tuple(names), tuple(circle), tuple(nxt)


SPACE_NAMES, CIRCLE_OF, NEXT = _spaces()
NUM_SPACES = len(SPACE_NAMES)
NUM_CIRCLES = len(data.CIRCLES)
INDEX: dict[str, int] = {name: i for i, name in enumerate(SPACE_NAMES)}
START_SLOTS = data.START_SLOTS
NUM_COLOURS = len(data.ENTRIES)
BOARD_NAME = data.BOARD_NAME
APPROXIMATE = data.APPROXIMATE


def _space(name: str) -> int:
    if name not in INDEX:
        raise ValueError(f"board data names an unknown space {name!r}")
    return INDEX[name]


def _inward() -> tuple[int, ...]:
    """Per space: the inner space its bridge leads to, CENTRE, or NONE."""
    inward = [NONE] * NUM_SPACES
    for outer, inner in data.BRIDGES:
        a, b = _space(outer), _space(inner)
        if CIRCLE_OF[b] != CIRCLE_OF[a] + 1 or inward[a] != NONE:
            raise ValueError(f"bridge {outer}->{inner} must lead one circle inwards, once")
        inward[a] = b
    for name in data.CENTRE_BRIDGES:
        a = _space(name)
        if CIRCLE_OF[a] != NUM_CIRCLES - 1 or inward[a] != NONE:
            raise ValueError(f"centre bridge {name} must be a plain innermost space")
        inward[a] = CENTRE
    return tuple(inward)


INWARD = _inward()
ENTRY: tuple[int, ...] = tuple(_space(name) for name in data.ENTRIES)


def _walk(space: int, steps: int) -> int:
    for _ in range(steps):
        space = NEXT[space]
    return space


# ALONG[s][k]: the space k steps counter-clockwise from s on its own circle (k = 0..6).
ALONG: tuple[tuple[int, ...], ...] = tuple(
    tuple(_walk(s, k) for k in range(MAX_DIE + 1)) for s in range(NUM_SPACES)
)


def _across(space: int, die: int) -> int:
    """Where die `die` ends when its first step crosses the bridge at `space` (HY-A7)."""
    link = INWARD[space]
    if link == NONE:
        return NONE
    if link == CENTRE:
        return CENTRE if die == 1 else NONE  # every pip must be used: exactly 1 (spec §4.4)
    return ALONG[link][die - 1]


# ACROSS[s][d]: destination of die d crossing the bridge at s (index 0 unused).
ACROSS: tuple[tuple[int, ...], ...] = tuple(
    tuple(NONE if d == 0 else _across(s, d) for d in range(MAX_DIE + 1)) for s in range(NUM_SPACES)
)

# FROM_START[colour][k][d]: where a pawn in slot S<k> lands with die d; NONE when d < k
# (HY-A5: S_k is k steps before the entry space, which counts as the first circle space).
FROM_START: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(ALONG[entry][d - k] if k and d >= k else NONE for d in range(MAX_DIE + 1))
        for k in range(START_SLOTS + 1)
    )
    for entry in ENTRY
)


def depth(space: int) -> int:
    """How far in a board space is: 1 for the outermost circle (start slots are 0)."""
    return CIRCLE_OF[space] + 1


CENTRE_DEPTH = NUM_CIRCLES + 1
