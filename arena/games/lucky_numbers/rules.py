"""Lucky Numbers turn rules: legal moves, applying a decision, endings and scoring (§3-§6).

Legal moves come in a fixed order:
- setup: `place` on the empty diagonal cells, in a1, b2, c3, d4 order;
- acquire: `draw`, then `take v` for each playable table value, ascending;
- resolve: cells in a1, b1, c1, d1, a2, ... d4 order (`place` if empty, `swap` if occupied),
  then `discard` when the tile was drawn.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from functools import lru_cache

from arena.core import Outcome, Seat, Termination
from arena.errors import IllegalMoveError
from arena.game import ranks_from_keys, ranks_with_offender_last
from arena.games.lucky_numbers.grid import (
    bruno_bonus,
    fits,
    playable_mask,
    resolve_cells,
    tiles_in,
    violation,
    with_tile,
)
from arena.games.lucky_numbers.notation import (
    CELLS,
    DIAGONAL,
    MAX_VALUE,
    Kind,
    Move,
    cell_name,
    parse_move,
)
from arena.games.lucky_numbers.state import TURN_CAP, LuckyNumbersState, Phase, Source, evolve

WIN_POINTS = 2  # §6.1: the winner(s) of a game gain 2 tournament points
EMPTY_CELL_PENALTY = 1  # §6.1: everyone else loses 1 point per empty cell

_PLACE = tuple(f"place {cell_name(i)}" for i in range(CELLS))
_SWAP = tuple(f"swap {cell_name(i)}" for i in range(CELLS))
_TAKE = tuple(f"take {v}" for v in range(MAX_VALUE + 1))


def to_move(state: LuckyNumbersState) -> tuple[Seat, ...]:
    """The seat that decides now, or () when the game is over."""
    return () if state.phase is Phase.OVER else (state.current,)


def legal_moves(state: LuckyNumbersState, seat: Seat) -> list[str]:
    """The legal decisions of `seat`, in the module's documented order."""
    if state.phase is Phase.OVER or seat != state.current:
        return []
    grid = state.grids[seat]
    if state.phase is Phase.SETUP:
        return [_PLACE[c] for c in DIAGONAL if grid[c] == 0]
    if state.phase is Phase.ACQUIRE:
        return ["draw", *(_TAKE[v] for v in takeable_values(state))]
    moves = [_PLACE[c] if grid[c] == 0 else _SWAP[c] for c in resolve_cells(grid, state.hand)]
    if state.source is Source.DRAW:
        moves.append("discard")
    return moves


def takeable_values(state: LuckyNumbersState) -> list[int]:
    """Distinct table values the current player may take (LN-A6 and LN-A13), ascending.

    Equal values are interchangeable tiles, so the LN-A13 guard allows `take v` while the
    table holds more v's than the player returned during the current bonus chain.
    """
    playable = playable_mask(state.grids[state.current])
    guard, table = state.chain_returned, state.table
    out = []
    last = 0
    for v in table:  # sorted, so each distinct value is seen once in order
        if v != last and playable >> v & 1 and (not guard or table.count(v) > guard.count(v)):
            out.append(v)
        last = v
    return out


@lru_cache(maxsize=4096)
def _parse(text: str) -> Move:
    return parse_move(text)


def apply(state: LuckyNumbersState, seat: Seat, text: str) -> LuckyNumbersState:
    """The state after `seat` plays `text`; InvalidMoveError / IllegalMoveError if it cannot."""
    move = _parse(text)
    if state.phase is Phase.OVER:
        raise IllegalMoveError("the game is over")
    if seat != state.current:
        raise IllegalMoveError(f"it is seat {state.current}'s decision, not seat {seat}'s")
    if state.phase is Phase.SETUP:
        return _apply_setup(state, move)
    if state.phase is Phase.ACQUIRE:
        return _apply_acquire(state, move)
    return _apply_resolve(state, move)


def _apply_setup(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    if move.kind is not Kind.PLACE or move.arg not in DIAGONAL:
        raise IllegalMoveError(
            f"{move}: in Michael's setup the revealed {state.hand} "
            "goes on an empty a1, b2, c3 or d4"
        )
    grid = state.grids[state.current]
    if grid[move.arg]:
        raise IllegalMoveError(f"{move}: {cell_name(move.arg)} already holds {grid[move.arg]}")
    grids = _set_grid(state, state.current, with_tile(grid, move.arg, state.hand))
    step = state.setup_step + 1
    n = state.num_players
    if step == n * len(DIAGONAL):
        return evolve(
            state,
            grids=grids,
            setup_step=step,
            current=state.start,
            phase=Phase.ACQUIRE,
            turn=1,
            hand=0,
            source=Source.NONE,
        )
    nxt = (state.start + step) % n  # LN-A4: round-robin from the start seat, one tile per pass
    hidden = list(state.setup_tiles)
    hand, hidden[nxt] = hidden[nxt][0], hidden[nxt][1:]
    return evolve(
        state, grids=grids, setup_step=step, current=nxt, hand=hand, setup_tiles=tuple(hidden)
    )


def _apply_acquire(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    if move.kind is Kind.DRAW:
        # The pot is never empty when a turn starts: the game ends as it runs out (LN-A8).
        return evolve(
            state, pot=state.pot[1:], hand=state.pot[0], source=Source.DRAW, phase=Phase.RESOLVE
        )
    if move.kind is not Kind.TAKE:
        raise IllegalMoveError(f"{move}: first draw from the pot or take a table tile")
    value = move.arg
    if value not in state.table:
        raise IllegalMoveError(f"{move}: there is no {value} on the table")
    if state.table.count(value) <= state.chain_returned.count(value):
        raise IllegalMoveError(
            f"{move}: you put that {value} on the table earlier in this bonus chain (LN-A13)"
        )
    if not playable_mask(state.grids[state.current]) >> value & 1:
        raise IllegalMoveError(f"{move}: a {value} has no legal place or swap in your grid (LN-A6)")
    i = bisect_left(state.table, value)
    table = state.table[:i] + state.table[i + 1 :]
    return evolve(state, table=table, hand=value, source=Source.TABLE, phase=Phase.RESOLVE)


def _apply_resolve(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    value, grid = state.hand, state.grids[state.current]
    if move.kind is Kind.DISCARD:
        if state.source is not Source.DRAW:
            raise IllegalMoveError(
                "discard: only a tile drawn from the pot may be discarded; "
                f"the {value} taken from the table must be placed or swapped"
            )
        return _end_turn(state, state.grids, _add(state.table, value), bonus=False, returned=0)
    if move.kind not in (Kind.PLACE, Kind.SWAP):
        raise IllegalMoveError(f"{move}: you already hold a {value}; place, swap or discard it")
    cell, old = move.arg, grid[move.arg]
    name = cell_name(cell)
    if move.kind is Kind.PLACE and old:
        raise IllegalMoveError(f"{move}: {name} is occupied by {old} (use swap {name})")
    if move.kind is Kind.SWAP and not old:
        raise IllegalMoveError(f"{move}: {name} is empty (use place {name})")
    if old == value:
        raise IllegalMoveError(
            f"{move}: {name} already holds {value}; a swap must change it (LN-A7)"
        )
    if not fits(grid, cell, value):
        raise IllegalMoveError(f"{move} with {value}: {violation(grid, cell, value)}")
    new_grid = with_tile(grid, cell, value)
    grids = _set_grid(state, state.current, new_grid)
    table = _add(state.table, old) if old else state.table
    if 0 not in new_grid:  # §5.1: a full grid wins at once, before any Bruno bonus (LN-A12)
        return evolve(
            state,
            grids=grids,
            table=table,
            hand=0,
            source=Source.NONE,
            phase=Phase.OVER,
            winners=(state.current,),
            termination=Termination.NORMAL,
        )
    bonus = state.options.bruno and bruno_bonus(new_grid, cell)
    return _end_turn(state, grids, table, bonus=bonus, returned=old)


def _end_turn(
    state: LuckyNumbersState,
    grids: tuple[tuple[int, ...], ...],
    table: tuple[int, ...],
    *,
    bonus: bool,
    returned: int,
) -> LuckyNumbersState:
    """Close the turn: pot-out end (LN-A8), turn cap (LN-A14), Bruno bonus, or the next seat."""
    common = {"grids": grids, "table": table, "hand": 0, "source": Source.NONE}
    if not state.pot or state.turn >= TURN_CAP:
        termination = Termination.NORMAL if not state.pot else Termination.TURN_CAP
        tiles = [tiles_in(g) for g in grids]
        best = max(tiles)
        winners = tuple(s for s, t in enumerate(tiles) if t == best)
        return evolve(state, **common, phase=Phase.OVER, winners=winners, termination=termination)
    if bonus:
        chain = state.chain_returned + ((returned,) if returned else ())
        return evolve(
            state,
            **common,
            phase=Phase.ACQUIRE,
            turn=state.turn + 1,
            bonus=True,
            chain_returned=tuple(sorted(chain)),
        )
    nxt = (state.current + 1) % state.num_players
    return evolve(
        state,
        **common,
        phase=Phase.ACQUIRE,
        turn=state.turn + 1,
        current=nxt,
        bonus=False,
        chain_returned=(),
    )


def _set_grid(
    state: LuckyNumbersState, seat: Seat, grid: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    grids = list(state.grids)
    grids[seat] = grid
    return tuple(grids)


def _add(table: tuple[int, ...], value: int) -> tuple[int, ...]:
    out = list(table)
    insort(out, value)
    return tuple(out)


def tournament_points(tiles: tuple[int, ...], winners: tuple[Seat, ...]) -> tuple[float, ...]:
    """§6.1 / LN-A11: each winner +2; everyone else -1 per empty cell of their grid."""
    return tuple(
        float(WIN_POINTS) if s in winners else -float(EMPTY_CELL_PENALTY * (CELLS - t))
        for s, t in enumerate(tiles)
    )


def outcome(state: LuckyNumbersState) -> Outcome | None:
    """The result once over: LN-A10 ranks, scores = tiles in grid, §6.1 tournament points."""
    if state.phase is not Phase.OVER:
        return None
    tiles = state.tiles()
    keys = [(s in state.winners, t) for s, t in enumerate(tiles)]
    return Outcome(
        ranks=ranks_from_keys(keys),
        scores=tuple(float(t) for t in tiles),
        points=tournament_points(tiles, state.winners),
        termination=state.termination,
    )


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
    return Outcome(
        ranks=ranks_with_offender_last(keys, offender),
        scores=tuple(float(t) for t in tiles),
        points=tournament_points(tiles, winners),
        termination=Termination.NORMAL,
    )
