"""The Number: options, state and the pure rules (check, score, cross out, round and game end)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Literal

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


class Status(enum.StrEnum):
    """How a seat's submission fared in a turn."""

    APPROVED = "approved"
    ELIMINATED = "eliminated"
    OUT = "out"  # the seat had all ten digits crossed and took no part


@dataclass(frozen=True, slots=True)
class Entry:
    """One seat's part of a revealed turn."""

    number: int | None  # None when the seat was out
    status: Status
    points: int  # turn score, bonus included
    bonus: int  # the turn bonus part of `points`


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """A revealed turn: every seat's submission, its validity and its points."""

    round: int
    turn: int
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class TheNumberState:
    """The whole game position; immutable, every change makes a new state."""

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


def initial_state(num_players: int, options: TheNumberOptions) -> TheNumberState:
    """Fresh boards at round 1, turn 1."""
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


def check(
    numbers: tuple[int | None, ...], equal_eliminate: bool = False
) -> tuple[bool | None, ...]:
    """Per seat: True approved, False eliminated, None out (no submission).

    A number is eliminated when some other submission is strictly smaller (or equal, under the
    TN-A6 variant) and shares a digit with it; every smaller submission counts, approved or not.
    """
    out: list[bool | None] = []
    for i, n in enumerate(numbers):
        if n is None:
            out.append(None)
            continue
        mask = DIGIT_MASK[n]
        beaten = any(
            m is not None
            and j != i
            and (m < n or (equal_eliminate and m == n))
            and DIGIT_MASK[m] & mask
            for j, m in enumerate(numbers)
        )
        out.append(not beaten)
    return tuple(out)


def score_turn(
    numbers: tuple[int | None, ...], turn: int, options: TheNumberOptions
) -> tuple[Entry, ...]:
    """Check and score one revealed turn (first digit, turn-5 doubling, then the bonus)."""
    verdicts = check(numbers, options.equal_eliminate)
    approved = [n for n, ok in zip(numbers, verdicts, strict=True) if ok and n is not None]
    top = max(approved) if approved else None
    top_count = approved.count(top) if top is not None else 0
    bonus = TURN_BONUSES[turn - 1]
    if top_count > 1 and options.tied_bonus == "none":  # [ASSUMPTION TN-A2] variant
        bonus = 0
    multiplier = LAST_TURN_MULTIPLIER if turn == TURNS_PER_ROUND else 1
    entries = []
    for n, ok in zip(numbers, verdicts, strict=True):
        if n is None:
            entries.append(Entry(None, Status.OUT, 0, 0))
        elif not ok:
            entries.append(Entry(n, Status.ELIMINATED, 0, 0))
        else:
            extra = bonus if n == top else 0
            entries.append(Entry(n, Status.APPROVED, (n // 100) * multiplier + extra, extra))
    return tuple(entries)


def crossed_after(crossed: int, entry: Entry, options: TheNumberOptions) -> int:
    """The board after a turn: an approved number crosses out its distinct digits."""
    if entry.number is None:
        return crossed
    if entry.status is Status.APPROVED or options.eliminated_cross:  # [ASSUMPTION TN-A5]
        return crossed | DIGIT_MASK[entry.number]
    return crossed


def round_total(turn_scores: tuple[int, ...], crossed: int) -> int:
    """End of round: the turn scores plus one point per crossed-out digit."""
    return sum(turn_scores) + crossed.bit_count()


def resolve(state: TheNumberState) -> TheNumberState:
    """Reveal the complete turn, score it, cross out, then move to the next turn or round."""
    entries = score_turn(state.pending, state.turn, state.options)
    crossed = tuple(
        crossed_after(c, e, state.options) for c, e in zip(state.crossed, entries, strict=True)
    )
    scores = tuple(ts + (e.points,) for ts, e in zip(state.turn_scores, entries, strict=True))
    state = replace(
        state,
        crossed=crossed,
        pending=(None,) * state.num_players,
        turn_scores=scores,
        history=(*state.history, TurnRecord(state.round, state.turn, entries)),
    )
    everyone_out = all(c == ALL_CROSSED for c in crossed)
    if state.turn < TURNS_PER_ROUND and not everyone_out:
        return replace(state, turn=state.turn + 1)
    return end_round(state)


def end_round(state: TheNumberState) -> TheNumberState:
    """Score the round (turns nobody could play count 0) and start the next one or end."""
    scores = tuple(ts + (0,) * (TURNS_PER_ROUND - len(ts)) for ts in state.turn_scores)
    totals = tuple(
        rt + (round_total(ts, c),)
        for rt, ts, c in zip(state.round_totals, scores, state.crossed, strict=True)
    )
    if state.round >= state.options.rounds:
        # The final boards stay visible; only a new round would clear them.
        return replace(
            state, turn_scores=scores, round_totals=totals, turn=TURNS_PER_ROUND, over=True
        )
    return replace(
        state,
        round=state.round + 1,
        turn=1,
        crossed=(0,) * state.num_players,
        turn_scores=tuple(() for _ in scores),
        round_totals=totals,
    )


def secured_total(state: TheNumberState, seat: int) -> int:
    """Points a seat has for certain: finished rounds, this round's turns, its crossed digits.

    Crossed digits are included while a round runs because the round end adds them for sure.
    """
    if state.over:
        return sum(state.round_totals[seat])
    return (
        sum(state.round_totals[seat])
        + sum(state.turn_scores[seat])
        + state.crossed[seat].bit_count()
    )
