"""Lucky Numbers view <-> protobuf LuckyNumbersView (exact roundtrip)."""

from __future__ import annotations

from typing import Any

from arena.v1.games.lucky_numbers_pb2 import LuckyNumbersView

VIEW_FIELD = "lucky_numbers"  # the field name in the GameView oneof

_INT_LISTS = ("table", "to_move", "chain_returned", "tiles_in_grid")
_SCALARS = (
    "num_players",
    "pot_size",
    "hand",
    "hand_source",
    "phase",
    "current_seat",
    "start_seat",
    "turn",
    "bonus_turn",
)


def view_to_proto(view: dict[str, Any]) -> LuckyNumbersView:
    """The typed message for a view made by `view.view`."""
    msg = LuckyNumbersView()
    fill_proto(msg, view)
    return msg


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


def view_from_proto(msg: LuckyNumbersView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    out: dict[str, Any] = {"seat": msg.seat if msg.HasField("seat") else None}
    out.update({k: getattr(msg, k) for k in _SCALARS})
    out.update({k: list(getattr(msg, k)) for k in _INT_LISTS})
    out["grids"] = [list(g.cells) for g in msg.grids]
    out["options"] = {"setup": msg.options.setup, "bruno": msg.options.bruno}
    return {k: out[k] for k in _ORDER}


_ORDER = (
    "seat",
    "num_players",
    "grids",
    "table",
    "pot_size",
    "hand",
    "hand_source",
    "phase",
    "to_move",
    "current_seat",
    "start_seat",
    "turn",
    "bonus_turn",
    "chain_returned",
    "options",
    "tiles_in_grid",
)
