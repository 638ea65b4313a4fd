"""A full engine state from a seat's view, for search bots that read only the view.

Hypnosia hides nothing but the future dice: the view shows the whole board, every score, the
dice of the turn and the events of the latest turns. `state_from_view` rebuilds the position
from those and draws a fresh dice stream, the only thing a seat cannot know (the same contract
as `sampling.resample`, from the view instead of a state).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.core.chance import Stream
from arena.errors import ConfigError

from .board import NUM_SPACES
from .rules import generate, setup
from .state import HEIGHT_SHIFT, Event, HypnosiaOptions, State
from .view import BOARD

_ROLL, _ROLLOFF = "roll ", "rolloff "


def _cells(units: list[Mapping[str, int]]) -> bytes:
    cells = bytearray(NUM_SPACES)
    for unit in units:
        cells[unit["space"]] = unit["height"] << HEIGHT_SHIFT | unit["owner"]
    return bytes(cells)


def _turns(history: list[Mapping[str, Any]]) -> tuple[tuple[Event, ...], ...]:
    """The kept events cut into turns: a turn starts with its roll; the roll-off is one turn."""
    turns: list[list[Event]] = []
    for event in history:
        seat, text = event["seat"], event["text"]
        opens = text.startswith(_ROLL) or (text.startswith(_ROLLOFF) and not turns)
        if opens or not turns:
            turns.append([])
        turns[-1].append((seat, text))
    return tuple(tuple(turn) for turn in turns)


def _plies(history: list[Mapping[str, Any]]) -> int:
    """Decisions among the kept events (older ones are not in the view; nothing reads `ply`)."""
    chance = (_ROLL, _ROLLOFF, "skip ")
    return sum(not e["text"].startswith(chance) for e in history)


def check_board(view: Mapping[str, Any]) -> None:
    """Refuse a view of another board: the engine's tables are built from its own layout."""
    board = view["board"]
    keys = ("circles", "bridges", "bridge_targets", "entries", "start_slots", "centre_values")
    if any(board[k] != BOARD[k] for k in keys):
        raise ConfigError("this view's board is not the engine's board (board_data.py)")


def state_from_view(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state whose view for the viewing seat is `view`, with future dice drawn from `rng`."""
    check_board(view)
    n = view["num_players"]
    options = HypnosiaOptions(stacks_cross=view["stacks_cross"], round_cap=view["round_cap"])
    # setup gives every field its type; each is then set from the view (setup's own deal and
    # roll-off are discarded).
    base = setup(n, options, random.Random(0))
    cells = _cells(view["units"])
    players = view["players"]
    start = tuple(sum(1 << (k - 1) for k in p["start_slots"]) for p in players)
    history = view["history"]
    over = view["termination"]
    left = tuple(view["dice_left"])
    current = view["to_move"][0] if view["to_move"] else (history[-1]["seat"] if history else 0)
    moves = () if over else generate(cells, start[current], current, left, options.stacks_cross)
    return base._replace(
        cells=cells,
        start=start,
        centre=tuple(view["centre"]),
        gained=tuple(p["captured"] for p in players),
        lost=tuple(p["lost"] for p in players),
        start_player=view["start_player"],
        current=current,
        round=view["round"],
        dice=tuple(view["dice"]),
        left=left,
        moves=moves,
        turns=_turns(history),
        events_before=view["history_start"],
        stream=Stream.from_rng(rng),
        ply=_plies(history),
        over=over,
    )
