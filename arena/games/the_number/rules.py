"""The Number's rules: who decides, legal moves, a submission, the reveal and its scoring
(check, first digit, bonus, crossing out), round and game end, the result (spec §3-§5)."""

from __future__ import annotations

from arena.core.game import outcome_from_keys
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError
from arena.games.the_number.notation import format_move, parse_move
from arena.games.the_number.state import (
    ALL_CROSSED,
    DIGIT_MASK,
    LAST_TURN_MULTIPLIER,
    MAX_PLAYERS,
    TURN_BONUSES,
    TURNS_PER_ROUND,
    Entry,
    Status,
    TheNumberOptions,
    TheNumberState,
    TurnRecord,
)

# Every decision builds a state, and every turn its records: with tuple.__new__, past the
# NamedTuples' Python-level constructors (the cheapest way to build one).
_new = tuple.__new__
_SEATS: tuple[tuple[int, ...], ...] = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))
_NUMBER_OF: dict[str, int] = {format_move(n): n for n in range(1000)}  # legal texts, parsed
_MOVES: dict[int, tuple[str, ...]] = {}  # per crossed mask, its legal moves (1024 at most)
_MOVE_TEXT: tuple[str, ...] = tuple(format_move(n) for n in range(1000))


def to_move(state: TheNumberState) -> tuple[Seat, ...]:
    """Every active seat that has not submitted this turn (a simultaneous decision)."""
    if state.over:
        return ()
    crossed, pending = state.crossed, state.pending
    return tuple(
        [s for s in _SEATS[state.num_players] if pending[s] is None and crossed[s] != ALL_CROSSED]
    )


def moves_for(crossed: int) -> tuple[str, ...]:
    """Every `write ddd` whose digits are all uncrossed, ascending (cached per board)."""
    moves = _MOVES.get(crossed)
    if moves is None:
        # Digits in increasing order, hundreds outermost: the numbers come out ascending.
        free = [d for d in range(10) if not crossed >> d & 1]
        tens, hundreds, text = [10 * d for d in free], [100 * d for d in free], _MOVE_TEXT
        moves = _MOVES[crossed] = tuple(
            [text[h + t + u] for h in hundreds for t in tens for u in free]
        )
    return moves


def legal_moves(state: TheNumberState, seat: Seat) -> list[str]:
    """Every number the seat can write with its available digits, ascending ([] if idle)."""
    if state.over or not 0 <= seat < state.num_players or state.pending[seat] is not None:
        return []
    crossed = state.crossed[seat]
    if crossed == ALL_CROSSED:
        return []
    # A fresh list: callers may compare it with ==, and a list equals only a list.
    return list(_MOVES.get(crossed) or moves_for(crossed))


def play(state: TheNumberState, seat: Seat, move: str) -> TheNumberState:
    """Store the seat's secret number; the last submission of a turn resolves it at once."""
    number = _NUMBER_OF.get(move)
    if number is None:
        number = parse_move(move)  # other spellings ("write  513") or InvalidMoveError
    crossed = state.crossed
    used = DIGIT_MASK[number] & crossed[seat]
    if used:  # [ASSUMPTION TN-A4] rejected rather than scored as a void number
        gone = "".join(str(d) for d in range(10) if used >> d & 1)
        raise IllegalMoveError(f"digit(s) {gone} already crossed out on seat {seat}'s board")
    pending = list(state.pending)
    pending[seat] = number
    for s in _SEATS[state.num_players]:
        if pending[s] is None and crossed[s] != ALL_CROSSED:
            break  # a seat still to write: the turn waits
    else:
        return resolve(state, tuple(pending))
    return _new(
        TheNumberState,
        (state.options, state.num_players, state.round, state.turn, crossed, tuple(pending),
         state.turn_scores, state.round_totals, state.history, state.over),
    )  # fmt: skip


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
        for j, m in enumerate(numbers):
            if (
                m is not None
                and (m < n or (equal_eliminate and m == n and j != i))
                and DIGIT_MASK[m] & mask
            ):
                out.append(False)
                break
        else:
            out.append(True)
    return tuple(out)


# The entries that do not depend on the turn are made once.
_APPROVED, _ELIMINATED, _OUT = Status.APPROVED, Status.ELIMINATED, Status.OUT
_OUT_ENTRY = Entry(None, _OUT, 0, 0)
_ELIMINATED_ENTRY: tuple[Entry, ...] = tuple(Entry(n, _ELIMINATED, 0, 0) for n in range(1000))


def score_turn(
    numbers: tuple[int | None, ...], turn: int, options: TheNumberOptions
) -> tuple[Entry, ...]:
    """Check and score one revealed turn (first digit, turn-5 doubling, then the bonus)."""
    verdicts = check(numbers, options.equal_eliminate)
    top, tops = -1, 0  # the highest approved number, and how many wrote it
    for n, ok in zip(numbers, verdicts, strict=True):
        if ok:
            assert n is not None  # an approved number was written
            if n > top:
                top, tops = n, 1
            elif n == top:
                tops += 1
    bonus = TURN_BONUSES[turn - 1]
    if tops > 1 and options.tied_bonus == "none":  # [ASSUMPTION TN-A2] variant
        bonus = 0
    multiplier = LAST_TURN_MULTIPLIER if turn == TURNS_PER_ROUND else 1
    entries = []
    for n, ok in zip(numbers, verdicts, strict=True):
        if n is None:
            entries.append(_OUT_ENTRY)
        elif not ok:
            entries.append(_ELIMINATED_ENTRY[n])
        elif n == top:
            entries.append(_new(Entry, (n, _APPROVED, n // 100 * multiplier + bonus, bonus)))
        else:
            entries.append(_new(Entry, (n, _APPROVED, n // 100 * multiplier, 0)))
    return tuple(entries)


def round_total(turn_scores: tuple[int, ...], crossed: int) -> int:
    """End of round: the turn scores plus one point per crossed-out digit."""
    return sum(turn_scores) + crossed.bit_count()


def resolve(state: TheNumberState, pending: tuple[int | None, ...] | None = None) -> TheNumberState:
    """Reveal the complete turn (`pending`: the state's, or the numbers just completed), score
    it, cross out, then move to the next turn or round."""
    options = state.options
    turn = state.turn
    entries = score_turn(state.pending if pending is None else pending, turn, options)
    cross_all = options.eliminated_cross  # [ASSUMPTION TN-A5] variant
    crossed = tuple(
        [
            c if e.number is None or not (cross_all or e.status is _APPROVED)
            else c | DIGIT_MASK[e.number]
            for c, e in zip(state.crossed, entries, strict=True)
        ]
    )  # fmt: skip
    scores = tuple([ts + (e.points,) for ts, e in zip(state.turn_scores, entries, strict=True)])
    history = (*state.history, _new(TurnRecord, (state.round, turn, entries)))
    n = state.num_players
    if turn == TURNS_PER_ROUND or crossed.count(ALL_CROSSED) == n:
        return end_round(state, crossed, scores, history)
    return _new(
        TheNumberState,
        (options, n, state.round, turn + 1, crossed, _NONE[n], scores, state.round_totals,
         history, False),
    )  # fmt: skip


def end_round(
    state: TheNumberState,
    crossed: tuple[int, ...],
    turn_scores: tuple[tuple[int, ...], ...],
    history: tuple[TurnRecord, ...],
) -> TheNumberState:
    """Score the round just played to `crossed` and `turn_scores` (turns nobody could play
    count 0), then start the next one or end the game."""
    n = state.num_players
    scores = tuple(ts + (0,) * (TURNS_PER_ROUND - len(ts)) for ts in turn_scores)
    totals = tuple(
        rt + (round_total(ts, c),)
        for rt, ts, c in zip(state.round_totals, scores, crossed, strict=True)
    )
    if state.round >= state.options.rounds:
        # The final boards stay visible; only a new round would clear them.
        return TheNumberState(
            state.options, n, state.round, TURNS_PER_ROUND, crossed, (None,) * n, scores,
            totals, history, True,
        )  # fmt: skip
    return TheNumberState(
        state.options, n, state.round + 1, 1, (0,) * n, (None,) * n, _EMPTY[n], totals, history
    )


_EMPTY: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(() for _ in range(n)) for n in range(MAX_PLAYERS + 1)
)
_NONE: tuple[tuple[None, ...], ...] = tuple((None,) * n for n in range(MAX_PLAYERS + 1))


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
