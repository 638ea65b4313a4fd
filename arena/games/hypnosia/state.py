"""Hypnosia options, state, constants and setup (spec: docs/games/hypnosia.md).

The state is a NamedTuple of ints and tuples: immutable and cheap to copy, since every die use
builds a new one. A board cell is 0 when empty, else `height << 3 | owner` (height 1 or 2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from arena.core.chance import Stream
from arena.errors import OptionError

MIN_PLAYERS = 2
MAX_PLAYERS = 6
PAWNS_PER_COLOUR = 4  # spec §1.1
MAX_STACK = 2  # spec §5.1
CENTRE_VALUES: tuple[int, ...] = (5, 4, 3, 2, 1)  # spec §7.1: points by order of arrival
CENTRE_PLACES = len(CENTRE_VALUES)  # spec §8.1(a): five pawns in the centre end the game
ROUND_CAP = 300  # [ASSUMPTION HY-A15] safety cap on full rounds of turns

OWNER_MASK = 7
HEIGHT_SHIFT = 3
SINGLE = 1 << HEIGHT_SHIFT  # a height-1 cell, to be or-ed with the owner
FULL_SLOTS = 0b1111  # start-slot bits: bit k-1 set while S<k> holds a pawn

Event = tuple[int, str]  # (seat, text): "rolloff a b", "roll a b", a move token, "skip d"


@dataclass(frozen=True, slots=True)
class HypnosiaOptions:
    """Table options: the harder variant (spec §9) and the round cap (HY-A15)."""

    stacks_cross: bool = True  # False: stacks may not use any bridge, the centre included
    round_cap: int = ROUND_CAP  # full rounds of turns before the game is stopped and ranked

    def __post_init__(self) -> None:
        """Refuse a cap below one round (parse_options builds options through here)."""
        if self.round_cap < 1:
            raise OptionError(f"round_cap must be at least 1, not {self.round_cap}")


class State(NamedTuple):
    """A Hypnosia position; seat k plays colour k (HY-A2)."""

    num_players: int
    stacks_cross: bool
    round_cap: int
    cells: bytes  # per board space: 0, or height << 3 | owner
    start: tuple[int, ...]  # per seat: bit k-1 set while start slot S<k> holds a pawn
    centre: tuple[int, ...]  # the seats of the centre pawns, in arrival order
    gained: tuple[int, ...]  # per seat: opposing pawns it captured (+1 each)
    lost: tuple[int, ...]  # per seat: own pawns captured by others (-1 each)
    start_player: int
    current: int  # the seat to move (the last mover once the game is over)
    round: int  # 1-based; a round is one turn of every seat still in play
    dice: tuple[int, ...]  # this turn's roll, in the order rolled
    left: tuple[int, ...]  # the dice of this turn not used or forfeited yet
    moves: tuple[str, ...]  # the legal decisions of `current`; () once over
    turns: tuple[tuple[Event, ...], ...]  # the events of the latest turns; the last is current
    events_before: int  # events of older turns, no longer kept in `turns`
    stream: Stream  # the dice stream: the future rolls, hidden from everyone
    ply: int  # decisions made so far
    over: str  # "" while playing, else arena.core.game's NORMAL_END or CAPPED_END


def centre_points(state: State, seat: int) -> int:
    """Points of `seat`'s centre pawns (5/4/3/2/1 by arrival)."""
    return sum(CENTRE_VALUES[i] for i, s in enumerate(state.centre) if s == seat)


def score(state: State, seat: int) -> int:
    """Centre points plus capture points (spec §7.3); may be negative (HY-A12)."""
    return centre_points(state, seat) + state.gained[seat] - state.lost[seat]


def first_arrival(state: State, seat: int) -> int | None:
    """The arrival index (0 = first) of `seat`'s earliest centre pawn, or None."""
    return state.centre.index(seat) if seat in state.centre else None


def history(state: State) -> list[Event]:
    """The kept events, oldest first (see State.turns and State.events_before)."""
    return [event for turn in state.turns for event in turn]
