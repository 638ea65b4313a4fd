"""What a seat sees (JSON-ready; mirrored by proto HypnosiaView). Only the future dice are
hidden, so every seat and a spectator get the same view but for `seat`.

The board's geometry is sent as data (parallel lists indexed by space), so a bot needs no
knowledge of the layout, which is an approximation (board_data.py) that may be replaced.
"""

from __future__ import annotations

from typing import Any

from .board import (
    APPROXIMATE,
    BOARD_NAME,
    CIRCLE_OF,
    ENTRY,
    INWARD,
    NEXT,
    NUM_CIRCLES,
    SPACE_NAMES,
    START_SLOTS,
)
from .state import CENTRE_VALUES, HEIGHT_SHIFT, OWNER_MASK, State, score

BOARD: dict[str, Any] = {
    "name": BOARD_NAME,
    "approximate": APPROXIMATE,
    "circles": NUM_CIRCLES,
    "spaces": list(SPACE_NAMES),
    "circle": list(CIRCLE_OF),
    "next": list(NEXT),
    "inward": list(INWARD),  # -1: no bridge; -2: a centre bridge; else the inner space
    "entries": list(ENTRY),
    "start_slots": START_SLOTS,
    "centre_values": list(CENTRE_VALUES),
}
_LISTS = ("spaces", "circle", "next", "inward", "entries", "centre_values")


def board_view() -> dict[str, Any]:
    """The board geometry (a fresh copy: callers may keep or change it)."""
    out = dict(BOARD)
    for key in _LISTS:
        out[key] = list(BOARD[key])
    return out


def units(state: State) -> list[dict[str, int]]:
    """The units on the circles by space index: space, owner seat, height (1 or 2)."""
    return [
        {"space": i, "owner": v & OWNER_MASK, "height": v >> HEIGHT_SHIFT}
        for i, v in enumerate(state.cells)
        if v
    ]


def player_view(state: State, seat: int) -> dict[str, Any]:
    """One seat's public figures."""
    bits = state.start[seat]
    return {
        "score": score(state, seat),
        "start_slots": [k for k in range(1, START_SLOTS + 1) if bits >> (k - 1) & 1],
        "centre_pawns": state.centre.count(seat),
        "captured": state.gained[seat],
        "lost": state.lost[seat],
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The whole public position, the dice of the turn and the latest events."""
    return {
        "seat": seat,
        "num_players": state.num_players,
        "stacks_cross": state.stacks_cross,
        "round": state.round,
        "round_cap": state.round_cap,
        "to_move": [] if state.over else [state.current],
        "start_player": state.start_player,
        "dice": list(state.dice),
        "dice_left": list(state.left),
        "board": board_view(),
        "units": units(state),
        "players": [player_view(state, s) for s in range(state.num_players)],
        "centre": list(state.centre),
        "history_start": state.events_before,
        "history": [{"seat": s, "text": t} for turn in state.turns for s, t in turn],
        "termination": state.over,
    }
