"""Lucky Numbers turn rules: legal moves, applying a decision, endings and scoring (§3-§6).

Legal moves come in a fixed order:
- setup: `place` on the empty diagonal cells, in a1, b2, c3, d4 order;
- acquire: `draw`, then `take v` for each playable table value, ascending;
- resolve: cells in a1, b1, c1, d1, a2, ... d4 order (`place` if empty, `swap` if occupied),
  then `discard` when the tile was drawn.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import NoReturn

from arena.core import Outcome, Seat, Termination
from arena.errors import IllegalMoveError
from arena.game import outcome_from_keys
from arena.games.lucky_numbers.analysis import FIELD_BITS, analyse, analyse_changed, cached_analysis
from arena.games.lucky_numbers.grid import (
    bruno_bonus,
    tiles_in,
    violation,
    with_tile,
)
from arena.games.lucky_numbers.moves import PLACE, SWAP, TAKE, legal_moves, takeable_values
from arena.games.lucky_numbers.notation import (
    CELLS,
    DIAGONAL,
    MIN_VALUE,
    Kind,
    Move,
    cell_name,
    parse_move,
)
from arena.games.lucky_numbers.state import (
    TURN_CAP,
    LuckyNumbersState,
    Phase,
    Source,
    derive,
    evolve,
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

WIN_POINTS = 2  # §6.1: the winner(s) of a game gain 2 tournament points
EMPTY_CELL_PENALTY = 1  # §6.1: everyone else loses 1 point per empty cell

# Enum members bound once: reading an attribute of an enum class costs ~0.1 us in 3.11.
_OVER, _ACQUIRE, _RESOLVE = Phase.OVER, Phase.ACQUIRE, Phase.RESOLVE
_NO_SOURCE, _DRAWN, _TAKEN = Source.NONE, Source.DRAW, Source.TABLE
_DRAW, _TAKE, _PLACE, _SWAP, _DISCARD = Kind.DRAW, Kind.TAKE, Kind.PLACE, Kind.SWAP, Kind.DISCARD


def to_move(state: LuckyNumbersState) -> tuple[Seat, ...]:
    """The seat that decides now, or () when the game is over."""
    return () if state.phase is _OVER else (state.current,)


# Every move token parsed once; other text goes through parse_move (which raises on it).
_PARSED: dict[str, Move] = {
    text: parse_move(text) for text in ("draw", "discard", *PLACE, *SWAP, *TAKE[MIN_VALUE:])
}


def play(state: LuckyNumbersState, seat: Seat, move: str) -> LuckyNumbersState:
    """The state after `seat`, the seat to decide, plays `move`; InvalidMoveError /
    IllegalMoveError if it cannot (GameBase.apply checks the turn first)."""
    parsed = _PARSED.get(move) or parse_move(move)
    phase = state.phase
    if phase is _ACQUIRE:
        return _apply_acquire(state, parsed)
    if phase is _RESOLVE:
        return _apply_resolve(state, parsed)
    return _apply_setup(state, parsed)


def _apply_setup(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    if move.kind is not Kind.PLACE or move.arg not in DIAGONAL:
        raise IllegalMoveError(
            f"{move}: in Michael's setup the revealed {state.hand} "
            "goes on an empty a1, b2, c3 or d4"
        )
    grid = state.grids[state.current]
    if grid[move.arg]:
        raise IllegalMoveError(f"{move}: {cell_name(move.arg)} already holds {grid[move.arg]}")
    per_seat = list(state.grids)
    per_seat[state.current] = with_tile(grid, move.arg, state.hand)
    grids = tuple(per_seat)
    step = state.setup_step + 1
    n = state.num_players
    if step == n * len(DIAGONAL):
        return derive(
            state,
            {
                "grids": grids,
                "setup_step": step,
                "current": state.start,
                "phase": Phase.ACQUIRE,
                "turn": 1,
                "hand": 0,
                "source": Source.NONE,
            },
        )
    nxt = (state.start + step) % n  # LN-A4: round-robin from the start seat, one tile per pass
    hidden = list(state.setup_tiles)
    hand, hidden[nxt] = hidden[nxt][0], hidden[nxt][1:]
    return derive(
        state,
        {
            "grids": grids,
            "setup_step": step,
            "current": nxt,
            "hand": hand,
            "setup_tiles": tuple(hidden),
        },
    )


def _apply_acquire(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    kind = move.kind
    if kind is _DRAW:
        # The pot is never empty when a turn starts: the game ends as it runs out (LN-A8).
        pot, fields = state.pot, state.__dict__.copy()
        fields["pot"] = pot[1:]
        fields["hand"] = pot[0]
        fields["source"] = _DRAWN
        fields["phase"] = _RESOLVE
        return from_fields(fields)
    if kind is not _TAKE:
        raise IllegalMoveError(f"{move}: first draw from the pot or take a table tile")
    value, table, guard = move.arg, state.table, state.chain_returned
    if value not in table:
        raise IllegalMoveError(f"{move}: there is no {value} on the table")
    # Without a guard the count test always passes: the value is on the table.
    if guard and table.count(value) <= guard.count(value):
        raise IllegalMoveError(
            f"{move}: you put that {value} on the table earlier in this bonus chain (LN-A13)"
        )
    grid = state.grids[state.current]
    if not (cached_analysis(grid) or analyse(grid))[1] >> value & 1:
        raise IllegalMoveError(f"{move}: a {value} has no legal place or swap in your grid (LN-A6)")
    i = bisect_left(table, value)
    fields = state.__dict__.copy()
    fields["table"] = table[:i] + table[i + 1 :]
    fields["hand"] = value
    fields["source"] = _TAKEN
    fields["phase"] = _RESOLVE
    return from_fields(fields)


def _apply_resolve(state: LuckyNumbersState, move: Move) -> LuckyNumbersState:
    kind, value = move.kind, state.hand
    if kind is _DISCARD:
        if state.source is not _DRAWN:
            raise IllegalMoveError(
                "discard: only a tile drawn from the pot may be discarded; "
                f"the {value} taken from the table must be placed or swapped"
            )
        return _end_turn(state, state.grids, _add(state.table, value), False, 0)
    if kind is not _PLACE and kind is not _SWAP:
        raise IllegalMoveError(f"{move}: you already hold a {value}; place, swap or discard it")
    cell, grid = move.arg, state.grids[state.current]
    old = grid[cell]
    # One test for the legal case (place on empty / swap on occupied, a changed value that
    # fits); _reject names the first broken condition. The packed analysis equals grid.fits
    # here since it leaves out only the cell's own value (LN-A7), excluded just before.
    if (
        (kind is _PLACE) is (old != 0)
        or old == value
        or not (
            0 < value < FIELD_BITS
            and (cached_analysis(grid) or analyse(grid))[0] >> (FIELD_BITS * cell + value) & 1
        )
    ):
        _reject(move, grid, value)
    new_grid = grid[:cell] + (value,) + grid[cell + 1 :]
    per_seat = list(state.grids)
    per_seat[state.current] = new_grid
    grids = tuple(per_seat)
    table = _add(state.table, old) if old else state.table
    if 0 not in new_grid:  # §5.1: a full grid wins at once, before any Bruno bonus (LN-A12)
        return derive(
            state,
            {
                "grids": grids,
                "table": table,
                "hand": 0,
                "source": Source.NONE,
                "phase": Phase.OVER,
                "winners": (state.current,),
                "termination": Termination.NORMAL,
            },
        )
    analyse_changed(grid, cell, new_grid)  # this seat's next turn needs it; cheap from `grid`
    bonus = state.options.bruno and bruno_bonus(new_grid, cell)
    return _end_turn(state, grids, table, bonus, old)


def _reject(move: Move, grid: tuple[int, ...], value: int) -> NoReturn:
    """Raise IllegalMoveError for a place/swap of `value` that breaks a rule."""
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
    raise IllegalMoveError(f"{move} with {value}: {violation(grid, cell, value)}")


def _end_turn(
    state: LuckyNumbersState,
    grids: tuple[tuple[int, ...], ...],
    table: tuple[int, ...],
    bonus: bool,
    returned: int,
) -> LuckyNumbersState:
    """Close the turn: pot-out end (LN-A8), turn cap (LN-A14), Bruno bonus, or the next seat."""
    if not state.pot or state.turn >= TURN_CAP:
        termination = Termination.NORMAL if not state.pot else Termination.TURN_CAP
        tiles = [tiles_in(g) for g in grids]
        best = max(tiles)
        winners = tuple(s for s, t in enumerate(tiles) if t == best)
        return evolve(
            state,
            grids=grids,
            table=table,
            hand=0,
            source=Source.NONE,
            phase=Phase.OVER,
            winners=winners,
            termination=termination,
        )
    if bonus:
        chain = state.chain_returned + ((returned,) if returned else ())
        return evolve(
            state,
            grids=grids,
            table=table,
            hand=0,
            source=Source.NONE,
            phase=Phase.ACQUIRE,
            turn=state.turn + 1,
            bonus=True,
            chain_returned=tuple(sorted(chain)),
        )
    fields = state.__dict__.copy()
    fields["grids"] = grids
    fields["table"] = table
    fields["hand"] = 0
    fields["source"] = _NO_SOURCE
    fields["phase"] = _ACQUIRE
    fields["turn"] = state.turn + 1
    fields["current"] = (state.current + 1) % len(grids)
    fields["bonus"] = False
    fields["chain_returned"] = ()
    return from_fields(fields)


def _add(table: tuple[int, ...], value: int) -> tuple[int, ...]:
    i = bisect_right(table, value)
    return table[:i] + (value,) + table[i:]


def tournament_points(tiles: tuple[int, ...], winners: tuple[Seat, ...]) -> tuple[float, ...]:
    """§6.1 / LN-A11: each winner +2; everyone else -1 per empty cell of their grid."""
    return tuple(
        float(WIN_POINTS) if s in winners else -float(EMPTY_CELL_PENALTY * (CELLS - t))
        for s, t in enumerate(tiles)
    )


def outcome(state: LuckyNumbersState) -> Outcome | None:
    """The result once over: LN-A10 ranks, scores = tiles in grid, §6.1 tournament points."""
    if state.phase is not _OVER:  # asked on every decision of a playout
        return None
    tiles = state.tiles()
    keys = [(s in state.winners, t) for s, t in enumerate(tiles)]
    points = tournament_points(tiles, state.winners)
    return outcome_from_keys(keys, tiles, points=points, termination=state.termination)


def adjudicate(state: LuckyNumbersState, offender: Seat | None) -> Outcome:
    """The result of stopping now.

    A finished game keeps its winners. Otherwise the position is scored as if the pot had run
    out: the seats (other than the offender) with the most tiles are provisional winners and get
    +2; everyone else, the offender included, loses 1 point per empty cell. The offender ranks
    alone last; the rest are ranked by tiles in grid (winners first).
    """
    tiles = state.tiles()
    if state.phase is _OVER:
        winners = tuple(s for s in state.winners if s != offender)
    else:
        others = [t for s, t in enumerate(tiles) if s != offender]
        best = max(others)
        winners = tuple(s for s, t in enumerate(tiles) if s != offender and t == best)
    keys = [(s in winners, t) for s, t in enumerate(tiles)]
    return outcome_from_keys(keys, tiles, last=offender, points=tournament_points(tiles, winners))
