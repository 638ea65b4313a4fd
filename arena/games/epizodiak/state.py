"""Epizodiak options, value types, constants, dial geometry and setup (docs/games/epizodiak.md).

Tiles are the values 1-12. A hand is a tuple of 13 counts indexed by value (index 0 is always
0), so `hand[v]` reads the number of v tiles. The dial's occupied places always form one arc,
the block (spec §4.1): `start` is its anticlockwise end s and `length` how many places it fills,
so its clockwise end is s + length - 1 (mod 12, 12 followed by 1).

The state is a NamedTuple of ints, strings and tuples: immutable like a frozen dataclass but
cheaper to build, which matters because every decision makes a new state.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal, NamedTuple

from arena.core.chance import Stream
from arena.core.values import Outcome
from arena.errors import OptionError

VALUES = 12  # spec §1.1: values 1-12
COPIES = 4  # four tiles of each value, 48 in all
NUM_PLAYERS = 3  # spec: exactly three players
HAND_SIZE = 12  # spec §3.1
SET_SIZE = 3  # spec §4.3
SKIP_LIMIT = 3  # spec §6.4: at most three skips in a row
CONTEST_AFTER = 2  # spec §6.3: a contest needs the two previous turns to be skips
OUT_BONUS = 3  # spec §8.2: +3 for emptying your hand
# [ASSUMPTION EP-A16] a round still going after this many turns ends with nobody going out.
TURN_CAP = 600
# [ENGINE DECISION EP-E3] the spec has no bound on Score 7 rounds; a game still going after this
# many rounds ends as it stands (termination turn_cap), so degenerate bots cannot loop forever.
ROUND_CAP = 50
TARGETS = (7, 13)  # Score 7 target; 13 is the oldest revision's optional long game (§10)
RECENT_TURNS = 3  # finished turns of the round shown in views: one lap of the table

# Clockwise is +1 and 12 is followed by 1 ([ASSUMPTION EP-A1]); index 0 is unused.
CW: tuple[int, ...] = (0, *(v % VALUES + 1 for v in range(1, VALUES + 1)))
CCW: tuple[int, ...] = (0, *((v - 2) % VALUES + 1 for v in range(1, VALUES + 1)))


class Mode(enum.StrEnum):
    """How long a game lasts (spec §2)."""

    ONE_ROUND = "one_round"
    SCORE7 = "score7"


class Side(enum.IntEnum):
    """An end of the block: where a placement runs and a pick-up takes from."""

    NONE = 0
    CW = 1  # the clockwise end e; placements run e+1, e+2, ...
    CCW = 2  # the anticlockwise end s; placements run s-1, s-2, ...


class Phase(enum.IntEnum):
    """Where the seat to move is within its turn."""

    START = 0  # turn start: acquire (draw / pickup), play, skip or contest
    PLAY = 1  # after a draw or a pickup: place, set, or (with a pile) pass
    CONTEST_PLACE = 2  # after `contest v`: must place a run starting with v
    OVER = 3


@dataclass(frozen=True, slots=True)
class EpizodiakOptions:
    """Game mode and the older revisions' rules (spec §2, §10); defaults are the newest text."""

    mode: Literal["one_round", "score7"] = "one_round"
    # Score 7 target: the oldest revision also offers 13 (spec §10, score7_legacy).
    target: int = 7
    # Set points doubled for a player who completed a dial (removed by the newest revision).
    dial_double: bool = False
    # Pick-up from either dial edge if the tile completes a set of three and the dial holds more
    # than one tile (the revisions of 2022-07-15 10:57 to 2022-07-18 07:52).
    pickup_legacy: bool = False
    # Score 7: only the player who empties their hand scores their sets (the oldest revision).
    score7_legacy: bool = False

    def __post_init__(self) -> None:
        """Refuse an unknown mode or target (parse_options builds options through here)."""
        if self.mode not in (Mode.ONE_ROUND, Mode.SCORE7):
            raise OptionError(f"option mode takes one_round or score7, not {self.mode!r}")
        if self.target not in TARGETS:
            raise OptionError(f"option target takes 7 or 13, not {self.target!r}")


class RoundResult(NamedTuple):
    """A finished round, public: who went out, sets, dial doubling and the points it gave."""

    round: int
    sets: tuple[int, ...]  # per seat, sets discarded this round (contests included)
    out: tuple[int, ...]  # seats that emptied their hand (none when the turn cap ended it)
    doubled: tuple[bool, ...]  # per seat, set points doubled (dial_double)
    points: tuple[int, ...]  # per seat, points the round gave
    capped: bool  # the turn cap ended the round


class State(NamedTuple):
    """A whole Epizodiak position. Hidden: the hands (each seat sees its own) and the pile."""

    options: EpizodiakOptions
    phase: int  # a Phase
    current: int  # the seat to decide (meaningless once OVER)
    hands: tuple[tuple[int, ...], ...]  # per seat, counts indexed by value (hidden)
    pile: tuple[int, ...]  # draw order, the top tile last (hidden)
    start: int  # the block's anticlockwise end value s
    length: int  # places filled, 1..11 at any decision
    pile_turn: bool  # the pile had tiles when this turn began (draw, pass after acquire)
    picked: int  # value taken by this turn's pickup, 0 if none ([ASSUMPTION EP-A5])
    contested: int  # value contested this turn, 0 if none (its placement must start with it)
    last_end: int  # a Side: where the previous turn's placement ended; NONE if it placed nothing
    skips: int  # consecutive skips made with an empty pile ([ASSUMPTION EP-A7])
    gone: int  # bit v set when a set of value v has been discarded this round
    discards: tuple[tuple[int, int], ...]  # this round's sets as (value, seat), in order
    completed: tuple[bool, ...]  # per seat, completed a dial this round (dial_double)
    round: int  # 1-based
    starter: int  # the seat that started this round
    turns: int  # turns finished this round
    totals: tuple[int, ...]  # per seat, points of the finished rounds (Score 7)
    stream: Stream  # seeds every later shuffle (hidden)
    turn_moves: tuple[str, ...]  # this turn's decisions so far
    recent: tuple[tuple[int, str], ...]  # the last finished turns as (seat, "draw; place cw 8")
    rounds: tuple[RoundResult, ...]  # every finished round
    termination: str  # "" while playing; "normal" or "turn_cap" once over
    # Derived from the fields above whenever a state is built (rounds.settle, or the hot paths
    # from the previous state's): legal_moves, play, to_move and outcome read them.
    legal: tuple[str, ...]  # the legal decisions of the seat to move, () once over
    movers: tuple[int, ...]  # (current,) while playing, () once over
    result: Outcome | None  # the game's outcome once over, else None

    def __deepcopy__(self, memo: dict[int, object]) -> State:
        """The state itself: it is immutable all the way down."""
        return self


# State's field positions, for the engine's hot paths: a decision copies the state into a list,
# sets what changed and builds the next state in one call (`tuple.__new__(State, fields)`),
# several times cheaper than `_replace`, and every decision builds a state.
(
    F_OPTIONS, F_PHASE, F_CURRENT, F_HANDS, F_PILE, F_START, F_LENGTH, F_PILE_TURN, F_PICKED,
    F_CONTESTED, F_LAST_END, F_SKIPS, F_GONE, F_DISCARDS, F_COMPLETED, F_ROUND, F_STARTER,
    F_TURNS, F_TOTALS, F_STREAM, F_TURN_MOVES, F_RECENT, F_ROUNDS, F_TERMINATION, F_LEGAL,
    F_MOVERS, F_RESULT,
) = range(27)  # fmt: skip
assert State._fields[F_RESULT] == "result" and State._fields[F_PICKED] == "picked"
SEATS: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(NUM_PLAYERS))  # movers by seat


def end_value(start: int, length: int) -> int:
    """The clockwise end e of a block."""
    return (start + length - 2) % VALUES + 1


def open_values(start: int, length: int) -> tuple[int, int]:
    """The open values (e+1, s-1): where a clockwise and an anticlockwise placement begin."""
    return (start + length - 1) % VALUES + 1, CCW[start]


def block_values(start: int, length: int) -> tuple[int, ...]:
    """The values on the dial, clockwise from the anticlockwise end."""
    return tuple((start + i - 1) % VALUES + 1 for i in range(length))


def sets_of(discards: tuple[tuple[int, int], ...], seat: int) -> int:
    """How many sets `seat` discarded (or was credited by a contest) this round."""
    return sum(1 for _, owner in discards if owner == seat)


def hand_tiles(hand: tuple[int, ...]) -> list[int]:
    """A hand's tiles in ascending order, repeats included."""
    out: list[int] = []
    for v in range(1, VALUES + 1):
        if hand[v]:
            out += _REPEATS[v][hand[v]]
    return out


# _REPEATS[v][n]: n tiles of value v (a hand holds at most 4 of a value).
_REPEATS = tuple(tuple([v] * n for n in range(COPIES + 1)) for v in range(VALUES + 1))


def hand_of(tiles: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """The count tuple of a list of tile values."""
    counts = [0] * (VALUES + 1)
    for v in tiles:
        counts[v] += 1
    return tuple(counts)
