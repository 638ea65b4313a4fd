"""The Number: options, constants, the state types and setup (spec §1-§2)."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Literal, NamedTuple

from arena.errors import OptionError, PlayerCountError

DIGITS = 10
ALL_CROSSED = (1 << DIGITS) - 1  # a board with all ten digits crossed out
TURNS_PER_ROUND = 5
# [ASSUMPTION TN-A3] turn 1 = 2 is the seed's; 3/4/6/8 for turns 2-5 come from one secondary
# source [S7]. One constant, so a different BGA score sheet is a one-line change.
TURN_BONUSES: tuple[int, ...] = (2, 3, 4, 6, 8)
LAST_TURN_MULTIPLIER = 2  # the seed: on turn 5 the first digit counts double, the bonus does not
# [ASSUMPTION TN-A1] the seed gives no player count; 3-5 is the Repos box range.
MIN_PLAYERS = 3
MAX_PLAYERS = 5
MAX_ROUNDS = 10  # a sanity bound on the `rounds` option, not a rule

NUMBER_TEXT: tuple[str, ...] = tuple(f"{n:03d}" for n in range(1000))
# DIGIT_MASK[n]: the set D(n) of digits written in n, as a 10-bit mask.
DIGIT_MASK: tuple[int, ...] = tuple(
    (1 << (n // 100)) | (1 << (n // 10 % 10)) | (1 << (n % 10)) for n in range(1000)
)


@dataclass(frozen=True, slots=True)
class TheNumberOptions:
    """Rule variants; the defaults are the spec's rules and assumptions."""

    rounds: int = 2  # the seed: a game is 2 rounds
    # [ASSUMPTION TN-A2] seats tied on the highest approved value: "full" bonus each, or "none".
    tied_bonus: Literal["full", "none"] = "full"
    # [ASSUMPTION TN-A5] an eliminated number crosses out nothing (True: it crosses its digits).
    eliminated_cross: bool = False
    # [ASSUMPTION TN-A6] equal numbers do not eliminate each other (True: they do).
    equal_eliminate: bool = False

    def __post_init__(self) -> None:
        """Refuse values outside the rules (parse_options builds options through here)."""
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise OptionError(f"rounds must be 1 to {MAX_ROUNDS}, not {self.rounds}")
        if self.tied_bonus not in ("full", "none"):
            raise OptionError(f"tied_bonus takes full or none, not {self.tied_bonus!r}")


class Status(enum.StrEnum):
    """How a seat's submission fared in a turn."""

    APPROVED = "approved"
    ELIMINATED = "eliminated"
    OUT = "out"  # the seat had all ten digits crossed and took no part


# The record types and the state are NamedTuples: immutable like frozen dataclasses, but built
# at a fraction of the cost, and every decision builds a state (every turn its records).


class Entry(NamedTuple):
    """One seat's part of a revealed turn."""

    number: int | None  # None when the seat was out
    status: Status
    points: int  # turn score, bonus included
    bonus: int  # the turn bonus part of `points`


class TurnRecord(NamedTuple):
    """A revealed turn: every seat's submission, its validity and its points."""

    round: int
    turn: int
    entries: tuple[Entry, ...]


class TheNumberState(NamedTuple):
    """The whole game position; immutable, every change makes a new state (`_replace`)."""

    options: TheNumberOptions
    num_players: int
    round: int  # 1-based
    turn: int  # 1-based, 1..TURNS_PER_ROUND
    crossed: tuple[int, ...]  # per seat, the digits crossed this round as a 10-bit mask
    pending: tuple[int | None, ...]  # per seat, this turn's secret submission (None: not yet)
    turn_scores: tuple[tuple[int, ...], ...]  # per seat, the scores of this round's turns so far
    round_totals: tuple[tuple[int, ...], ...]  # per seat, the totals of finished rounds
    history: tuple[TurnRecord, ...]  # every revealed turn of the game, oldest first
    over: bool = False

    def is_out(self, seat: int) -> bool:
        """True when the seat has crossed all ten digits and sits out the rest of the round."""
        return self.crossed[seat] == ALL_CROSSED

    def active(self) -> tuple[int, ...]:
        """Seats taking part in the current turn."""
        if self.over:
            return ()
        return tuple(s for s in range(self.num_players) if self.crossed[s] != ALL_CROSSED)

    def __deepcopy__(self, memo: dict[int, object]) -> TheNumberState:
        """The state itself: it is immutable all the way down."""
        return self


def available_digits(crossed: int) -> tuple[int, ...]:
    """The digits not in a crossed mask, ascending."""
    return tuple(d for d in range(DIGITS) if not crossed >> d & 1)


def crossed_digits(crossed: int) -> tuple[int, ...]:
    """The digits in a crossed mask, ascending."""
    return _CROSSED_DIGITS[crossed]


# Views list every board's crossed digits at every decision: one table lookup instead of a loop.
_CROSSED_DIGITS: tuple[tuple[int, ...], ...] = tuple(
    tuple(d for d in range(DIGITS) if mask >> d & 1) for mask in range(ALL_CROSSED + 1)
)


def setup(num_players: int, options: TheNumberOptions, rng: random.Random) -> TheNumberState:
    """Fresh boards at round 1, turn 1; the game has no chance, so `rng` is not used."""
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise PlayerCountError(f"The Number is played by 3 to 5 players, not {num_players}")
    empty = tuple(() for _ in range(num_players))
    return TheNumberState(
        options=options,
        num_players=num_players,
        round=1,
        turn=1,
        crossed=(0,) * num_players,
        pending=(None,) * num_players,
        turn_scores=empty,
        round_totals=empty,
        history=(),
    )
