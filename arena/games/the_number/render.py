"""Compact text pictures of The Number, for CLI replays and debugging."""

from __future__ import annotations

from arena.games.the_number.rules import secured_total
from arena.games.the_number.state import (
    DIGITS,
    NUMBER_TEXT,
    TURN_BONUSES,
    TURNS_PER_ROUND,
    Status,
    TheNumberState,
    TurnRecord,
)

SEAT_LETTERS = "ABCDE"
_MARK = {Status.APPROVED: "+", Status.ELIMINATED: "x", Status.OUT: "-"}


def turn_log(record: TurnRecord) -> str:
    """The spec's log line, `turn <r>.<t>: A=513 B=264 C=087`, with +/x for approved/eliminated."""
    parts = []
    for seat, e in enumerate(record.entries):
        letter = SEAT_LETTERS[seat]
        if e.number is None:
            parts.append(f"{letter}=out")
        else:
            parts.append(f"{letter}={NUMBER_TEXT[e.number]}{_MARK[e.status]}{e.points}")
    return f"turn {record.round}.{record.turn}: " + " ".join(parts)


def _board(crossed: int) -> str:
    return "".join("." if crossed >> d & 1 else str(d) for d in range(DIGITS))


def _status(state: TheNumberState, seat: int, viewer: int | None) -> str:
    if state.over:
        return ""
    if state.is_out(seat):
        return "out"
    pending = state.pending[seat]
    if pending is None:
        return "thinking"
    return f"wrote {NUMBER_TEXT[pending]}" if seat == viewer else "submitted"


def render(state: TheNumberState, viewer: int | None = None) -> str:
    """The position as `viewer` sees it: header, one line per board, then the revealed turns."""
    if state.over:
        header = f"The Number: game over after {state.options.rounds} round(s)"
    else:
        bonus = TURN_BONUSES[state.turn - 1]
        header = (
            f"The Number: round {state.round}/{state.options.rounds}, "
            f"turn {state.turn}/{TURNS_PER_ROUND} (bonus {bonus})"
        )
    lines = [header]
    for seat in range(state.num_players):
        me = "*" if seat == viewer else " "
        scores = " ".join(str(p) for p in state.turn_scores[seat]) or "-"
        rounds = " ".join(str(p) for p in state.round_totals[seat]) or "-"
        lines.append(
            f"{me}{SEAT_LETTERS[seat]} {_board(state.crossed[seat])}  turns {scores:<14} "
            f"rounds {rounds:<7} total {secured_total(state, seat):>3}  "
            f"{_status(state, seat, viewer)}".rstrip()
        )
    lines.extend(turn_log(record) for record in state.history)
    return "\n".join(lines)
