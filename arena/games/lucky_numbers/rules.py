"""Lucky Numbers turn rules: legal moves, applying a decision, endings and scoring (§3-§6).

Legal moves come in a fixed order:
- setup: `place` on the empty diagonal cells, in a1, b2, c3, d4 order;
- acquire: `draw`, then `take v` for each playable table value, ascending;
- resolve: cells in a1, b1, c1, d1, a2, ... d4 order (`place` if empty, `swap` if occupied),
  then `discard` when the tile was drawn.

Every state carries its seat's legal moves (moves.py), so `play` checks a move by looking it
up there and builds the next state, its derived fields included, from the previous one's: the
grid analysis changes in one row and one column, the table bits by one value. A move that is
not in the list goes through `refusal` (refusals.py), which names the rule it breaks.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from operator import attrgetter
from typing import Any

from arena.core.game import outcome_from_keys
from arena.core.values import Outcome, Seat, Termination
from arena.games.lucky_numbers.analysis import CELL_MASK, CHUNK, SPARSE_BIT, changed
from arena.games.lucky_numbers.grid import bruno_bonus
from arena.games.lucky_numbers.moves import (
    MOVERS,
    PLACE,
    RESOLVE_LISTS,
    SWAP,
    TAKE,
    acquire_moves,
    cell_moves,
    complete,
    legal_of,
    resolve_moves,
    takeable,
)
from arena.games.lucky_numbers.notation import (
    CELLS,
    DIAGONAL,
    MAX_VALUE,
    MIN_VALUE,
    Kind,
    parse_move,
)
from arena.games.lucky_numbers.refusals import canonical
from arena.games.lucky_numbers.scoring import tournament_points
from arena.games.lucky_numbers.state import (
    TURN_CAP,
    LuckyNumbersState,
    Phase,
    Source,
    from_fields,
)

__all__ = [
    "adjudicate",
    "legal_moves",
    "outcome",
    "play",
    "takeable_values",
    "to_move",
    "tournament_points",
]

# Enum members bound once: reading an attribute of an enum class costs ~0.1 us in 3.11.
_ACQUIRE, _RESOLVE = Phase.ACQUIRE, Phase.RESOLVE
_NO_SOURCE, _DRAWN, _TAKEN = Source.NONE, Source.DRAW, Source.TABLE
_DRAW, _TAKE, _PLACE, _SWAP, _DISCARD = Kind.DRAW, Kind.TAKE, Kind.PLACE, Kind.SWAP, Kind.DISCARD
_NORMAL = Termination.NORMAL

# The seats to move and the result are fields of the state: reading them through attrgetter
# costs no Python call (random playouts ask for both on every decision).
to_move: Any = attrgetter("movers")  # the seat that decides now, or () when the game is over
outcome: Any = attrgetter("result")  # once over: LN-A10 ranks, scores = tiles, §6.1 points


def legal_moves(state: LuckyNumbersState, seat: Seat) -> list[str]:
    """The legal decisions of `seat`, in the order documented above ([] when not to decide)."""
    return list(state.legal) if seat == state.current else []


def takeable_values(state: LuckyNumbersState) -> list[int]:
    """Distinct table values the current player may take (LN-A6 and LN-A13), ascending."""
    playable = state.analyses[state.current][1]
    return takeable(state.table, playable, state.chain_returned)


# Every move token, as (kind, argument): the cell of place/swap, the value of take.
_STEPS: dict[str, tuple[Kind, int]] = {
    text: (parsed.kind, parsed.arg)
    for text in ("draw", "discard", *PLACE, *SWAP, *TAKE[MIN_VALUE:])
    for parsed in (parse_move(text),)
}
_SHIFT = [CHUNK * v for v in range(MAX_VALUE + 1)]  # where each value's chunk starts
_NEXT = [[(s + 1) % n for s in range(n)] for n in range(9)]  # the next seat, by player count
_new = object.__new__
_set = object.__setattr__  # bypasses the frozen __setattr__, as dataclasses' own __init__ does


def play(state: LuckyNumbersState, seat: Seat, move: str) -> LuckyNumbersState:
    """The state after `seat`, the seat to decide, plays `move`; InvalidMoveError /
    IllegalMoveError if it cannot (GameBase.apply checks the turn first)."""
    if move not in state.legal:
        move = canonical(state, move)  # the legal spelling of the move, or it raises
    kind, arg = _STEPS[move]
    fields = state.__dict__.copy()
    if kind is _TAKE:  # the kinds by how often random play meets them
        table = state.table
        i = bisect_left(table, arg)
        if i + 1 == len(table) or table[i + 1] != arg:  # the last `arg` leaves the table
            fields["table_bits"] = state.table_bits ^ SPARSE_BIT[arg]
        fields["table"] = table[:i] + table[i + 1 :]
        fields["hand"] = arg
        fields["source"] = _TAKEN
        fields["phase"] = _RESOLVE
        # moves.resolve_moves(packed, arg, False), written out: this runs on every take.
        packed = state.analyses[state.current][0]
        accepted = packed >> _SHIFT[arg] & CELL_MASK
        key = accepted | (accepted & packed) << CELLS
        fields["legal"] = RESOLVE_LISTS.get(key) or cell_moves(key)
    elif kind is _SWAP or (kind is _PLACE and state.phase is _RESOLVE):
        return _place(state, fields, arg)
    elif kind is _DRAW:
        # The pot is never empty when a turn starts: the game ends as it runs out (LN-A8).
        pot = state.pot
        fields["pot"] = pot[1:]
        fields["hand"] = hand = pot[0]
        fields["source"] = _DRAWN
        fields["phase"] = _RESOLVE
        fields["legal"] = resolve_moves(state.analyses[state.current][0], hand, True)
    elif kind is _DISCARD:
        value = state.hand
        table = state.table
        i = bisect_right(table, value)
        fields["table"] = table[:i] + (value,) + table[i:]
        fields["table_bits"] = state.table_bits | SPARSE_BIT[value]
        return _end_turn(state, fields, False, 0)
    else:
        return _setup_place(state, fields, arg)
    new = _new(LuckyNumbersState)
    _set(new, "__dict__", fields)
    return new


def _place(state: LuckyNumbersState, fields: dict[str, Any], cell: int) -> LuckyNumbersState:
    """Place or swap the tile in hand into `cell` (the move is legal), then end the turn."""
    seat, value = state.current, state.hand
    grid = state.grids[seat]
    old = grid[cell]
    cells = list(grid)
    cells[cell] = value
    new_grid = tuple(cells)
    per_seat = list(state.grids)
    per_seat[seat] = new_grid
    fields["grids"] = tuple(per_seat)
    bits = state.table_bits
    if old:
        table = state.table
        i = bisect_right(table, old)
        fields["table"] = table[:i] + (old,) + table[i:]
        fields["table_bits"] = bits = bits | SPARSE_BIT[old]
    if 0 not in new_grid:  # §5.1: a full grid wins at once, before any Bruno bonus (LN-A12)
        fields["winners"] = (seat,)
        return _over(fields, _NORMAL)
    analyses = list(state.analyses)
    analyses[seat] = changed(analyses[seat], cell, new_grid)
    fields["analyses"] = tuple(analyses)
    if state.options.bruno or not state.pot or state.turn >= TURN_CAP:
        bonus = state.options.bruno and bruno_bonus(new_grid, cell)
        return _end_turn(state, fields, bonus, old)
    # _end_turn's common case, written out: the next seat's turn begins (without Bruno, the
    # turn was no bonus turn and no chain is open).
    fields["hand"] = 0
    fields["source"] = _NO_SOURCE
    fields["phase"] = _ACQUIRE
    fields["turn"] = state.turn + 1
    fields["current"] = seat = _NEXT[len(per_seat)][seat]
    fields["legal"] = acquire_moves(bits & analyses[seat][1])
    fields["movers"] = MOVERS[seat]
    new = _new(LuckyNumbersState)
    _set(new, "__dict__", fields)
    return new


def _end_turn(
    state: LuckyNumbersState, fields: dict[str, Any], bonus: bool, returned: int
) -> LuckyNumbersState:
    """Close the turn: pot-out end (LN-A8), turn cap (LN-A14), Bruno bonus, or the next seat."""
    fields["hand"] = 0
    fields["source"] = _NO_SOURCE
    turn = state.turn
    if not state.pot or turn >= TURN_CAP:
        tiles = [CELLS - g.count(0) for g in fields["grids"]]
        best = max(tiles)
        fields["winners"] = tuple(s for s, t in enumerate(tiles) if t == best)
        return _over(fields, _NORMAL if not state.pot else Termination.TURN_CAP)
    fields["phase"] = _ACQUIRE
    fields["turn"] = turn + 1
    if bonus:
        chain = state.chain_returned + ((returned,) if returned else ())
        fields["bonus"] = True
        fields["chain_returned"] = tuple(sorted(chain))
        fields["legal"] = legal_of(fields)  # the same seat again: only its list changes
        return from_fields(fields)
    fields["current"] = seat = (state.current + 1) % len(state.grids)
    fields["bonus"] = False
    fields["chain_returned"] = ()
    fields["legal"] = acquire_moves(fields["table_bits"] & fields["analyses"][seat][1])
    fields["movers"] = MOVERS[seat]
    new = _new(LuckyNumbersState)
    _set(new, "__dict__", fields)
    return new


def _over(fields: dict[str, Any], termination: Termination) -> LuckyNumbersState:
    """The finished state: `fields` with the winners set, ended by `termination`."""
    fields["hand"] = 0
    fields["source"] = _NO_SOURCE
    fields["phase"] = Phase.OVER
    fields["termination"] = termination
    complete(fields)
    return from_fields(fields)


def _setup_place(state: LuckyNumbersState, fields: dict[str, Any], cell: int) -> LuckyNumbersState:
    """Michael's setup: the revealed tile goes on `cell`; the next tile is revealed (LN-A4)."""
    seat, per_seat, analyses = state.current, list(state.grids), list(state.analyses)
    grid = per_seat[seat]
    per_seat[seat] = new_grid = grid[:cell] + (state.hand,) + grid[cell + 1 :]
    analyses[seat] = changed(analyses[seat], cell, new_grid)
    fields["grids"] = tuple(per_seat)
    fields["analyses"] = tuple(analyses)
    step = fields["setup_step"] = state.setup_step + 1
    n = len(state.grids)
    if step == n * len(DIAGONAL):
        fields["current"] = state.start
        fields["phase"] = Phase.ACQUIRE
        fields["turn"] = 1
        fields["hand"] = 0
        fields["source"] = _NO_SOURCE
    else:
        nxt = fields["current"] = (state.start + step) % n  # round-robin, one tile per pass
        hidden = list(state.setup_tiles)
        fields["hand"], hidden[nxt] = hidden[nxt][0], hidden[nxt][1:]
        fields["setup_tiles"] = tuple(hidden)
    fields["legal"] = legal_of(fields)  # the table is empty in the setup: its bits stay 0
    fields["movers"] = MOVERS[fields["current"]]
    return from_fields(fields)


def adjudicate(state: LuckyNumbersState, offender: Seat | None) -> Outcome:
    """The result of stopping now.

    A finished game keeps its winners. Otherwise the position is scored as if the pot had run
    out: the seats (other than the offender) with the most tiles are provisional winners and get
    +2; everyone else, the offender included, loses 1 point per empty cell. The offender ranks
    alone last; the rest are ranked by tiles in grid (winners first).
    """
    tiles = state.tiles()
    if state.phase is Phase.OVER:
        winners = tuple(s for s in state.winners if s != offender)
    else:
        others = [t for s, t in enumerate(tiles) if s != offender]
        best = max(others)
        winners = tuple(s for s, t in enumerate(tiles) if s != offender and t == best)
    keys = [(s in winners, t) for s, t in enumerate(tiles)]
    return outcome_from_keys(keys, tiles, last=offender, points=tournament_points(tiles, winners))
