"""The legal decisions of a position, in the order documented in rules.py (LN-A6, LN-A13), and
the fields a state derives from its position when it is built.

A state carries its seat's legal moves (`legal`), the seats to move (`movers`), its result once
over (`result`), every grid's packed analysis (`analyses`, analysis.py) and the distinct table
values as bits (`table_bits`). `complete` computes them from the position for a state built
from its fields (setup, positions, belief); the engine's hot steps (rules.py) derive them from
the previous state's instead, so a random playout asks for each list once, already made.
"""

from __future__ import annotations

from typing import Any

from arena.games.lucky_numbers.analysis import CELL_MASK, CHUNK, SPARSE_BIT, analyse, dense
from arena.games.lucky_numbers.notation import CELLS, DIAGONAL, MAX_VALUE, cell_name
from arena.games.lucky_numbers.scoring import result

PLACE = tuple(f"place {cell_name(i)}" for i in range(CELLS))
SWAP = tuple(f"swap {cell_name(i)}" for i in range(CELLS))
TAKE = tuple(f"take {v}" for v in range(MAX_VALUE + 1))
DRAW_ONLY = ("draw",)
MOVERS = tuple((s,) for s in range(8))  # the `movers` tuple of each seat, shared
CACHE_LIMIT = 1 << 15  # lists kept per table below; emptied when full (the lists in play recur)

# Resolve lists by key (see resolve_moves): bit c, cell c accepts the tile; bit 16 + c, cell c
# is occupied (a swap); bit 32, the tile was drawn (the list ends with `discard`).
RESOLVE_LISTS: dict[int, tuple[str, ...]] = {}
_DRAWN = 1 << 2 * CELLS
# `take v` moves for every set of values, in two halves (values 1-10 and 11-20), keyed by the
# bytes that a sparse mask's `to_bytes` holds for them: byte 3*v + 2 is 1 when v is in the set.
_BYTES = CHUNK // 8 * (MAX_VALUE + 1)
_LOW = slice(3 * 1 + 2, 3 * 11, 3)
_HIGH = slice(3 * 11 + 2, _BYTES, 3)
_TAKES_LOW = {
    bytes(m >> i & 1 for i in range(10)): tuple(TAKE[1 + i] for i in range(10) if m >> i & 1)
    for m in range(1 << 10)
}
_TAKES_HIGH = {
    bytes(m >> i & 1 for i in range(10)): tuple(TAKE[11 + i] for i in range(10) if m >> i & 1)
    for m in range(1 << 10)
}


def acquire_moves(takeable: int) -> tuple[str, ...]:
    """`draw`, then `take v` for each value v set in the sparse mask `takeable`, ascending."""
    if not takeable:
        return DRAW_ONLY
    held = takeable.to_bytes(_BYTES, "little")
    return DRAW_ONLY + _TAKES_LOW[held[_LOW]] + _TAKES_HIGH[held[_HIGH]]


def resolve_moves(packed: int, value: int, drawn: bool) -> tuple[str, ...]:
    """Place/swap moves for `value` in the grid analysed as `packed`, cells in a1, b1, ...
    order, then `discard` when the tile was drawn."""
    accepted = packed >> CHUNK * value & CELL_MASK if 0 < value <= MAX_VALUE else 0
    key = accepted | (accepted & packed) << CELLS
    return cell_moves(key | _DRAWN if drawn else key)


def cell_moves(key: int) -> tuple[str, ...]:
    """The list of a resolve key (see RESOLVE_LISTS)."""
    found = RESOLVE_LISTS.get(key)
    if found is None:
        if len(RESOLVE_LISTS) >= CACHE_LIMIT:
            RESOLVE_LISTS.clear()
        moves = tuple(
            SWAP[c] if key >> (CELLS + c) & 1 else PLACE[c] for c in range(CELLS) if key >> c & 1
        )
        found = RESOLVE_LISTS[key] = moves + ("discard",) if key & _DRAWN else moves
    return found


def table_bits(table: tuple[int, ...]) -> int:
    """The distinct values of the table as a sparse mask (bit 16*v = value v)."""
    bits = 0
    for value in table:
        bits |= SPARSE_BIT[value]
    return bits


def takeable(table: tuple[int, ...], playable: int, chain_returned: tuple[int, ...]) -> list[int]:
    """Distinct table values the current player may take (LN-A6 and LN-A13), ascending.

    `playable` is the sparse mask of the values that fit the player's grid (analysis.py). Equal
    values are interchangeable tiles, so the LN-A13 guard allows `take v` while the table holds
    more v's than the player returned during the current bonus chain.
    """
    takeable = dense(table_bits(table) & playable)
    return [
        v
        for v in range(MAX_VALUE + 1)
        if takeable >> v & 1 and (not chain_returned or table.count(v) > chain_returned.count(v))
    ]


def legal_of(fields: dict[str, Any]) -> tuple[str, ...]:
    """The current seat's legal moves of the position in `fields` (analyses and table_bits
    already derived), in the order documented in rules.py."""
    phase = fields["phase"].value
    if phase == "over":
        return ()
    current = fields["current"]
    if phase == "setup":
        grid = fields["grids"][current]
        return tuple(PLACE[c] for c in DIAGONAL if grid[c] == 0)
    analysis = fields["analyses"][current]
    if phase == "acquire":
        guard = fields["chain_returned"]
        if guard:
            return DRAW_ONLY + tuple(TAKE[v] for v in takeable(fields["table"], analysis[1], guard))
        return acquire_moves(fields["table_bits"] & analysis[1])
    return resolve_moves(analysis[0], fields["hand"], fields["source"].value == "draw")


def complete(fields: dict[str, Any]) -> None:
    """Add the derived fields to the instance dict of a state built from its position."""
    fields["analyses"] = tuple(analyse(g) for g in fields["grids"])
    fields["table_bits"] = table_bits(fields["table"])
    fields["legal"] = legal_of(fields)
    over = fields["phase"].value == "over"
    fields["movers"] = () if over else MOVERS[fields["current"]]
    grids, winners = fields["grids"], fields["winners"]
    fields["result"] = result(grids, winners, fields["termination"]) if over else None
