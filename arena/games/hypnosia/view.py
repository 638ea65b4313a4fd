"""What a seat sees (JSON-ready; mirrored by proto HypnosiaView). Only the future dice are
hidden, so every seat and a spectator get the same view but for `seat`.

The board's geometry is sent as data (the circles and bridges of board_data.py, by space
index), so a bot needs no knowledge of the layout, which is an approximation that may be
replaced. Space index = circle's first index + position on the circle.
"""

from __future__ import annotations

from typing import Any

from .board import APPROXIMATE, BOARD_NAME, CIRCLE_OF, ENTRY, INWARD, NONE, SPACE_NAMES, START_SLOTS
from .board_data import CIRCLES
from .state import CENTRE_VALUES, HEIGHT_SHIFT, OWNER_MASK, State, score


def _circles() -> list[dict[str, Any]]:
    first = [CIRCLE_OF.index(c) for c in range(len(CIRCLES))]
    return [
        {"letter": letter, "size": size, "first": first[c]}
        for c, (letter, size) in enumerate(CIRCLES)
    ]


_BRIDGES = [i for i in range(len(SPACE_NAMES)) if INWARD[i] != NONE]
BOARD: dict[str, Any] = {
    "name": BOARD_NAME,
    "approximate": APPROXIMATE,
    "circles": _circles(),
    "bridges": _BRIDGES,
    "bridge_targets": [INWARD[i] for i in _BRIDGES],  # -2: the centre
    "entries": list(ENTRY),
    "start_slots": START_SLOTS,
    "centre_values": list(CENTRE_VALUES),
}
_LISTS = ("bridges", "bridge_targets", "entries", "centre_values")


def board_view() -> dict[str, Any]:
    """The board geometry (a fresh copy: callers may keep or change it)."""
    out = dict(BOARD)
    out["circles"] = [dict(c) for c in BOARD["circles"]]
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
