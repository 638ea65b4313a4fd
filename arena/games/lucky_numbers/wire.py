"""Lucky Numbers view <-> protobuf LuckyNumbersView (exact roundtrip).

The view's grids are bare lists of 16 cells where the message wraps each in a Grid; views are
sent on every decision, so filling a message is written out by hand (`fill_proto`, checked
against the descriptor-driven encoding by tests/core/test_view_wire.py).
"""

from __future__ import annotations

from typing import Any

from arena.core.view_wire import ViewWire
from arena.v1.games.lucky_numbers_pb2 import LuckyNumbersView


def fill_proto(msg: LuckyNumbersView, view: dict[str, Any]) -> None:
    """Set the empty `msg` (inside a message being built) to the view: no copy of a finished
    message, and one assignment per field (the referee does this on every decision)."""
    if view["seat"] is not None:
        msg.seat = view["seat"]
    msg.num_players = view["num_players"]
    msg.pot_size = view["pot_size"]
    msg.hand = view["hand"]
    msg.hand_source = view["hand_source"]
    msg.phase = view["phase"]
    msg.current_seat = view["current_seat"]
    msg.start_seat = view["start_seat"]
    msg.turn = view["turn"]
    msg.bonus_turn = view["bonus_turn"]
    msg.table.extend(view["table"])
    msg.to_move.extend(view["to_move"])
    msg.chain_returned.extend(view["chain_returned"])
    msg.tiles_in_grid.extend(view["tiles_in_grid"])
    add_grid = msg.grids.add
    for grid in view["grids"]:
        add_grid(cells=grid)
    options = view["options"]
    msg.options.setup = options["setup"]
    msg.options.bruno = options["bruno"]


def _grids_to_wire(grids: list[list[int]]) -> list[dict[str, list[int]]]:
    return [{"cells": cells} for cells in grids]


def _grids_from_wire(grids: list[dict[str, list[int]]]) -> list[list[int]]:
    return [grid["cells"] for grid in grids]


WIRE = ViewWire(
    "lucky_numbers",
    LuckyNumbersView,
    convert={"grids": (_grids_to_wire, _grids_from_wire)},
    fill=fill_proto,
)
