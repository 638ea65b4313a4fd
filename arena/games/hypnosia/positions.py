"""Literal Hypnosia positions, for tests, puzzles and bot debugging.

    position({"A3": "0", "A7": "11", "C3": "2"}, dice=(4, 2), start={0: [1, 2]})

Units map a space name to its pawns as owner digits: "0" is a single pawn of seat 0, "11" a
stack of seat 1. Start slots default to empty; the dice are the roll of the seat to move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from arena.core.chance import Stream

from .board import INDEX, NUM_SPACES
from .rules import generate
from .state import (
    HEIGHT_SHIFT,
    MAX_STACK,
    ROUND_CAP,
    State,
)


def _cells(units: Mapping[str, str]) -> bytes:
    cells = [0] * NUM_SPACES
    for name, pawns in units.items():
        if not pawns or len(set(pawns)) != 1 or len(pawns) > MAX_STACK:
            raise ValueError(f"{name}: {pawns!r} is not one or two pawns of one seat")
        cells[INDEX[name]] = len(pawns) << HEIGHT_SHIFT | int(pawns[0])
    return bytes(cells)


def position(
    units: Mapping[str, str],
    *,
    num_players: int = 2,
    dice: Sequence[int] = (1, 1),
    left: Sequence[int] | None = None,
    current: int = 0,
    start: Mapping[int, Sequence[int]] | None = None,
    centre: Sequence[int] = (),
    gained: Sequence[int] | None = None,
    lost: Sequence[int] | None = None,
    stacks_cross: bool = True,
    round_cap: int = ROUND_CAP,
    stream: int = 12345,  # the dice stream after this turn's roll
) -> State:
    """A position with `current` to move, `left` (default: all of `dice`) still to use."""
    cells = _cells(units)
    slots = tuple(sum(1 << (k - 1) for k in (start or {}).get(s, ())) for s in range(num_players))
    left_dice = tuple(dice if left is None else left)
    zeros = (0,) * num_players
    moves = generate(cells, slots[current], current, left_dice, stacks_cross)
    return State(
        num_players=num_players,
        stacks_cross=stacks_cross,
        round_cap=round_cap,
        cells=cells,
        start=slots,
        centre=tuple(centre),
        gained=tuple(gained or zeros),
        lost=tuple(lost or zeros),
        start_player=0,
        current=current,
        round=1,
        dice=tuple(dice),
        left=left_dice,
        moves=moves,
        turns=(((current, f"roll {dice[0]} {dice[1]}"),),),
        events_before=0,
        stream=Stream(stream),
        ply=0,
        over="",
    )


def unit_at(state: State, name: str) -> str:
    """The pawns on a space in the notation of `position` ("" when empty)."""
    v = state.cells[INDEX[name]]
    return str(v & 7) * (v >> HEIGHT_SHIFT) if v else ""
