"""Listing the legal decisions of a position, in the order documented in rules.py (LN-A6, LN-A13).

Random playouts ask for these lists on every decision, so the lists come from precomputed
tables and the cached packed analysis of the grid (analysis.py) rather than cell sweeps.
"""

from __future__ import annotations

from functools import lru_cache, reduce
from operator import or_

from arena.core import Seat
from arena.games.lucky_numbers.analysis import FIELD_BITS, OCCUPIED, analyse, cached_analysis
from arena.games.lucky_numbers.notation import CELLS, DIAGONAL, MAX_VALUE, cell_name
from arena.games.lucky_numbers.state import LuckyNumbersState, Phase, Source

PLACE = tuple(f"place {cell_name(i)}" for i in range(CELLS))
SWAP = tuple(f"swap {cell_name(i)}" for i in range(CELLS))
TAKE = tuple(f"take {v}" for v in range(MAX_VALUE + 1))

# Enum members bound once: reading an attribute of an enum class costs ~0.1 us in 3.11.
_OVER, _ACQUIRE, _SETUP = Phase.OVER, Phase.ACQUIRE, Phase.SETUP
_DRAWN = Source.DRAW

# `take v` moves for every set of values (bit v = value v), split in two halves so that the
# tables stay small (2**10 and 2**11 entries).
_LOW_BITS = (MAX_VALUE + 1) // 2
_LOW = (1 << _LOW_BITS) - 1
_TAKES_LOW = tuple(
    tuple(TAKE[v] for v in range(_LOW_BITS) if m >> v & 1) for m in range(1 << _LOW_BITS)
)
_TAKES_HIGH = tuple(
    tuple(TAKE[_LOW_BITS + v] for v in range(MAX_VALUE + 1 - _LOW_BITS) if m >> v & 1)
    for m in range(1 << (MAX_VALUE + 1 - _LOW_BITS))
)
# A list, not a tuple: list.__getitem__ is a fast builtin method, tuple's a slow slot wrapper.
_BIT_OF = [1 << v for v in range(MAX_VALUE + 1)].__getitem__


def legal_moves(state: LuckyNumbersState, seat: Seat) -> list[str]:
    """The legal decisions of `seat`, in the order documented in rules.py."""
    phase = state.phase
    if phase is _OVER or seat != state.current:
        return []
    grid = state.grids[seat]
    if phase is _ACQUIRE:
        if state.chain_returned:
            return ["draw", *(TAKE[v] for v in takeable_values(state))]
        playable = (cached_analysis(grid) or analyse(grid))[1]
        takeable = table_mask(state.table) & playable
        return ["draw", *_TAKES_LOW[takeable & _LOW], *_TAKES_HIGH[takeable >> _LOW_BITS]]
    if phase is _SETUP:
        return [PLACE[c] for c in DIAGONAL if grid[c] == 0]
    moves = resolve_moves((cached_analysis(grid) or analyse(grid))[0], state.hand)
    if state.source is _DRAWN:
        moves.append("discard")
    return moves


def takeable_values(state: LuckyNumbersState) -> list[int]:
    """Distinct table values the current player may take (LN-A6 and LN-A13), ascending.

    Equal values are interchangeable tiles, so the LN-A13 guard allows `take v` while the
    table holds more v's than the player returned during the current bonus chain.
    """
    takeable = table_mask(state.table) & analyse(state.grids[state.current]).playable
    guard, table = state.chain_returned, state.table
    return [
        v
        for v in range(MAX_VALUE + 1)
        if takeable >> v & 1 and (not guard or table.count(v) > guard.count(v))
    ]


def table_mask(table: tuple[int, ...]) -> int:
    """The distinct values of the table as a bit mask (bit v = value v)."""
    return reduce(or_, map(_BIT_OF, table), 0)


def resolve_moves(packed: int, value: int) -> list[str]:
    """Place/swap moves for `value` in the grid analysed as `packed`, cells in a1, b1, ... order."""
    if not 0 < value < FIELD_BITS:
        return []
    accepted = packed >> value & OCCUPIED  # bit 0 of each field: the cell accepts `value`
    return list(_cell_moves(accepted | (packed & accepted) << 1))


@lru_cache(maxsize=16384)
def _cell_moves(key: int) -> tuple[str, ...]:
    """The moves onto the cells whose field has bit 0 set in `key` (bit 1 set: a swap)."""
    return tuple(
        SWAP[c] if key >> (FIELD_BITS * c + 1) & 1 else PLACE[c]
        for c in range(CELLS)
        if key >> FIELD_BITS * c & 1
    )
