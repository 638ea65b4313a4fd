"""Why a move is refused: the text of a move that is not in the state's legal list.

rules.play looks a move up in the state's legal list; anything else comes here, where text that
is no move raises InvalidMoveError (notation.parse_move), a legal move in another spelling
(`Draw`, `take 07`) is answered with its canonical text, and any other move raises
IllegalMoveError naming the rule it breaks.
"""

from __future__ import annotations

from arena.errors import IllegalMoveError
from arena.games.lucky_numbers.grid import violation
from arena.games.lucky_numbers.notation import DIAGONAL, Kind, Move, cell_name, parse_move
from arena.games.lucky_numbers.state import LuckyNumbersState, Phase


def canonical(state: LuckyNumbersState, move: str) -> str:
    """The legal move that `move` spells; InvalidMoveError or IllegalMoveError if none."""
    parsed = parse_move(move)
    text = str(parsed)
    if text in state.legal:
        return text
    raise IllegalMoveError(reason(state, parsed))


def reason(state: LuckyNumbersState, move: Move) -> str:
    """Why `move`, not legal in `state`, is refused."""
    if state.phase is Phase.ACQUIRE:
        return _acquire_reason(state, move)
    if state.phase is Phase.RESOLVE:
        return _resolve_reason(state, move)
    if state.phase is Phase.OVER:
        return "the game is over"
    if move.kind is not Kind.PLACE or move.arg not in DIAGONAL:
        return (
            f"{move}: in Michael's setup the revealed {state.hand} "
            "goes on an empty a1, b2, c3 or d4"
        )
    grid = state.grids[state.current]
    return f"{move}: {cell_name(move.arg)} already holds {grid[move.arg]}"


def _acquire_reason(state: LuckyNumbersState, move: Move) -> str:
    if move.kind is not Kind.TAKE:
        return f"{move}: first draw from the pot or take a table tile"
    value, table, guard = move.arg, state.table, state.chain_returned
    if value not in table:
        return f"{move}: there is no {value} on the table"
    if guard and table.count(value) <= guard.count(value):
        return f"{move}: you put that {value} on the table earlier in this bonus chain (LN-A13)"
    return f"{move}: a {value} has no legal place or swap in your grid (LN-A6)"


def _resolve_reason(state: LuckyNumbersState, move: Move) -> str:
    value = state.hand
    if move.kind is Kind.DISCARD:
        return (
            "discard: only a tile drawn from the pot may be discarded; "
            f"the {value} taken from the table must be placed or swapped"
        )
    if move.kind is not Kind.PLACE and move.kind is not Kind.SWAP:
        return f"{move}: you already hold a {value}; place, swap or discard it"
    grid = state.grids[state.current]
    cell, old = move.arg, grid[move.arg]
    name = cell_name(cell)
    if move.kind is Kind.PLACE and old:
        return f"{move}: {name} is occupied by {old} (use swap {name})"
    if move.kind is Kind.SWAP and not old:
        return f"{move}: {name} is empty (use place {name})"
    if old == value:
        return f"{move}: {name} already holds {value}; a swap must change it (LN-A7)"
    return f"{move} with {value}: {violation(grid, cell, value)}"
