"""The Number's rules: who decides, legal moves, a submission, the reveal and its scoring
(check, first digit, bonus, crossing out), round and game end, the result (spec §3-§5)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from arena.core import Outcome, Seat
from arena.errors import IllegalMoveError
from arena.game import outcome_from_keys
from arena.games.the_number.notation import format_move, parse_move
from arena.games.the_number.state import (
    ALL_CROSSED,
    DIGIT_MASK,
    LAST_TURN_MULTIPLIER,
    TURN_BONUSES,
    TURNS_PER_ROUND,
    Entry,
    Status,
    TheNumberOptions,
    TheNumberState,
    TurnRecord,
)


def to_move(state: TheNumberState) -> tuple[Seat, ...]:
    """Every active seat that has not submitted this turn (a simultaneous decision)."""
    return tuple(s for s in state.active() if state.pending[s] is None)


@lru_cache(maxsize=1024)
def moves_for(crossed: int) -> tuple[str, ...]:
    """Every `write ddd` whose digits are all uncrossed, ascending (cached per board)."""
    return tuple(format_move(n) for n in range(1000) if not DIGIT_MASK[n] & crossed)


def legal_moves(state: TheNumberState, seat: Seat) -> list[str]:
    """Every number the seat can write with its available digits, ascending ([] if idle)."""
    if seat not in to_move(state):
        return []
    # A fresh list: callers may compare it with ==, and a list equals only a list.
    return list(moves_for(state.crossed[seat]))


def play(state: TheNumberState, seat: Seat, move: str) -> TheNumberState:
    """Store the seat's secret number; the last submission of a turn resolves it at once."""
    number = parse_move(move)
    used = DIGIT_MASK[number] & state.crossed[seat]
    if used:  # [ASSUMPTION TN-A4] rejected rather than scored as a void number
        gone = "".join(str(d) for d in range(10) if used >> d & 1)
        raise IllegalMoveError(f"digit(s) {gone} already crossed out on seat {seat}'s board")
    pending = state.pending[:seat] + (number,) + state.pending[seat + 1 :]
    state = replace(state, pending=pending)
    if all(state.pending[s] is not None for s in state.active()):
        return resolve(state)
    return state


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


def outcome(state: TheNumberState) -> Outcome | None:
    """Ranks by game total (equal totals share the victory), once the last round is scored."""
    if not state.over:
        return None
    totals = [secured_total(state, s) for s in range(state.num_players)]
    return outcome_from_keys(totals, totals)


def adjudicate(state: TheNumberState, offender: Seat | None) -> Outcome:
    """Stop now: the offender alone last, the others by the points they have secured."""
    totals = [secured_total(state, s) for s in range(state.num_players)]
    return outcome_from_keys(totals, totals, last=offender)
