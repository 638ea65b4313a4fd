"""Lucky Numbers options, the immutable game state, and the seeded setup (spec §1, §3)."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from arena.core.values import Outcome, Seat, Termination
from arena.games.lucky_numbers.analysis import Analysis
from arena.games.lucky_numbers.grid import EMPTY_GRID, Grid
from arena.games.lucky_numbers.moves import complete
from arena.games.lucky_numbers.notation import CELLS, DIAGONAL, MAX_VALUE, MIN_VALUE

START_TILES = 4  # each player's diagonal tiles (§3.1)
TURN_CAP = 500  # LN-A14: after this many turns (bonus turns count) score as for an empty pot
SetupMode = Literal["easy", "michael"]


@dataclass(frozen=True, slots=True)
class LuckyNumbersOptions:
    """The variants: the setup (LN-A3: easy by default) and Bruno's bonus turns (§6.2)."""

    setup: SetupMode = "easy"
    bruno: bool = False


class Phase(enum.StrEnum):
    """Which kind of decision is due."""

    SETUP = "setup"  # Michael's setup: the owner places a revealed starting tile
    ACQUIRE = "acquire"  # draw or take
    RESOLVE = "resolve"  # place, swap or discard the tile in hand
    OVER = "over"


class Source(enum.StrEnum):
    """Where the tile in hand came from."""

    NONE = ""
    DRAW = "draw"
    TABLE = "table"
    SETUP = "setup"


# Frozen but not slotted: the engine copies the instance __dict__ in one step, which makes
# copy-on-apply several times faster than dataclasses.replace (random playouts are benchmarked).
@dataclass(frozen=True)
class LuckyNumbersState:
    """A whole position. Never mutated: every move builds a new state.

    The fields after `termination` are derived from the others when the state is built
    (moves.complete): they are not arguments, nor part of equality or the repr.
    """

    options: LuckyNumbersOptions
    grids: tuple[Grid, ...]  # per seat, row-major, 0 = empty
    table: tuple[int, ...]  # face-up tiles, sorted ascending (a multiset)
    pot: tuple[int, ...]  # face-down tiles, top first (hidden from every seat)
    start: Seat  # the start player (LN-A2)
    current: Seat  # whose turn (in setup: the owner of the revealed tile)
    phase: Phase
    turn: int = 0  # 1-based turn in progress; 0 during Michael's setup
    hand: int = 0  # the tile to resolve, 0 for none
    source: Source = Source.NONE
    # Michael's setup: per seat, the starting tiles not yet revealed (hidden from everyone).
    setup_tiles: tuple[tuple[int, ...], ...] = ()
    setup_step: int = 0  # Michael: how many starting tiles have been placed
    bonus: bool = False  # the turn in progress is a Bruno bonus turn
    # LN-A13: values the current player put on the table during this Bruno chain.
    chain_returned: tuple[int, ...] = ()
    winners: tuple[Seat, ...] = ()  # set when the game is over
    termination: Termination = Termination.NORMAL
    analyses: tuple[Analysis, ...] = field(init=False, repr=False, compare=False)  # per seat
    table_bits: int = field(init=False, repr=False, compare=False)  # bit v: a v on the table
    legal: tuple[str, ...] = field(init=False, repr=False, compare=False)  # the current seat's
    movers: tuple[Seat, ...] = field(init=False, repr=False, compare=False)  # to_move
    result: Outcome | None = field(init=False, repr=False, compare=False)  # outcome, once over

    def __post_init__(self) -> None:
        # A new dict: the instance's own is a split-table dict (keys shared with the class),
        # whose attributes CPython 3.11 does not specialize; every later state copies this one.
        fields = dict(self.__dict__)
        complete(fields)
        _set(self, "__dict__", fields)

    def __deepcopy__(self, memo: dict[int, Any]) -> LuckyNumbersState:
        """The state itself: it holds only immutable values, so a deep copy is never needed."""
        return self

    @property
    def num_players(self) -> int:
        """How many seats play."""
        return len(self.grids)

    def tiles(self) -> tuple[int, ...]:
        """Tiles in each seat's grid."""
        return tuple([CELLS - g.count(0) for g in self.grids])


POSITION_FIELDS = tuple(f.name for f in fields(LuckyNumbersState) if f.init)
_FIELDS = frozenset(POSITION_FIELDS)


def evolve(state: LuckyNumbersState, **changes: Any) -> LuckyNumbersState:
    """A copy of `state` with some position fields changed (the derived ones follow)."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"unknown state fields: {sorted(set(changes) - _FIELDS)}")
    return derive(state, changes)


def derive(state: LuckyNumbersState, changes: dict[str, Any]) -> LuckyNumbersState:
    """evolve without the field-name check, for the engine's own fixed field names."""
    fields = state.__dict__ | changes
    complete(fields)
    return from_fields(fields)


def from_fields(fields: dict[str, Any]) -> LuckyNumbersState:
    """A state whose instance dict is `fields`, a changed copy of another state's __dict__.

    The engine's hot paths copy `state.__dict__`, set the changed fields, the derived ones
    included, and build the state so: the cheapest way to build a frozen dataclass instance in
    CPython (no __init__, no per-field object.__setattr__). The caller must pass every field.
    """
    new = _new(LuckyNumbersState)
    _set(new, "__dict__", fields)
    return new


_new = object.__new__
_set = object.__setattr__  # bypasses the frozen __setattr__, as dataclasses' own __init__ does


def deal(num_players: int, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], list[int]]:
    """Each player's 4 distinct starting tiles from their own set, and the shuffled pot (§3.1)."""
    starts = []
    pot: list[int] = []
    for _ in range(num_players):
        own = list(range(MIN_VALUE, MAX_VALUE + 1))
        rng.shuffle(own)
        starts.append(tuple(own[:START_TILES]))
        pot.extend(own[START_TILES:])
    rng.shuffle(pot)
    return tuple(starts), pot


def easy_grid(tiles: tuple[int, ...]) -> Grid:
    """An empty grid with `tiles` on the diagonal in ascending order a1 < b2 < c3 < d4 (§3.2)."""
    grid = list(EMPTY_GRID)
    for cell, value in zip(DIAGONAL, sorted(tiles), strict=True):
        grid[cell] = value
    return tuple(grid)


def setup(num_players: int, options: LuckyNumbersOptions, rng: random.Random) -> LuckyNumbersState:
    """The initial state: deal from the seeded rng, pick the start seat (LN-A2), lay diagonals."""
    starts, pot = deal(num_players, rng)
    start = rng.randrange(num_players)  # LN-A2: random start seat, from the match seed
    if options.setup == "easy":
        return LuckyNumbersState(
            options=options,
            grids=tuple(easy_grid(t) for t in starts),
            table=(),
            pot=tuple(pot),
            start=start,
            current=start,
            phase=Phase.ACQUIRE,
            turn=1,
        )
    # LN-A4: Michael's setup reveals round-robin from the start seat, one tile per pass.
    hidden = tuple(t[1:] if s == start else t for s, t in enumerate(starts))
    return LuckyNumbersState(
        options=options,
        grids=(EMPTY_GRID,) * num_players,
        table=(),
        pot=tuple(pot),
        start=start,
        current=start,
        phase=Phase.SETUP,
        hand=starts[start][0],
        source=Source.SETUP,
        setup_tiles=hidden,
    )
