"""Per-seat views of The Number: public boards and history, never another seat's pending number."""

from __future__ import annotations

from typing import Any

from arena.games.the_number.rules import secured_total
from arena.games.the_number.state import (
    NUMBER_TEXT,
    TURN_BONUSES,
    TURNS_PER_ROUND,
    TheNumberState,
    TurnRecord,
    crossed_digits,
)


def view(state: TheNumberState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of `seat` (None: a spectator)."""
    own = None
    if seat is not None and 0 <= seat < state.num_players:
        pending = state.pending[seat]
        # Only the viewer's own secret; the others stay hidden until the reveal.
        own = None if pending is None else NUMBER_TEXT[pending]
    return {
        "seat": seat,
        "num_players": state.num_players,
        "round": state.round,
        "turn": state.turn,
        "rounds": state.options.rounds,
        "turns_per_round": TURNS_PER_ROUND,
        "bonuses": list(TURN_BONUSES),
        "tied_bonus": state.options.tied_bonus,
        "eliminated_cross": state.options.eliminated_cross,
        "equal_eliminate": state.options.equal_eliminate,
        "game_over": state.over,
        "my_pending": own,
        "players": [_player(state, s) for s in range(state.num_players)],
        "history": [_turn(record) for record in state.history],
    }


def _player(state: TheNumberState, seat: int) -> dict[str, Any]:
    return {
        "crossed": list(crossed_digits(state.crossed[seat])),
        "out": state.is_out(seat),
        # Whether a seat has answered is public (its tile lies face down); what it wrote is not.
        "submitted": state.pending[seat] is not None,
        "turn_scores": list(state.turn_scores[seat]),
        "round_totals": list(state.round_totals[seat]),
        "total": secured_total(state, seat),
    }


def _turn(record: TurnRecord) -> dict[str, Any]:
    return {
        "round": record.round,
        "turn": record.turn,
        "entries": [
            {
                "number": "" if e.number is None else NUMBER_TEXT[e.number],
                "status": str(e.status),  # StrEnum: the plain value
                "points": e.points,
                "bonus": e.bonus,
            }
            for e in record.entries
        ],
    }
