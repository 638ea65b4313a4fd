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
    msg = LuckyNumbersView(**{k: view[k] for k in _SCALARS + _INT_LISTS})
    if view["seat"] is not None:
        msg.seat = view["seat"]
    for grid in view["grids"]:
        msg.grids.add(cells=grid)
    msg.options.setup = view["options"]["setup"]
    msg.options.bruno = view["options"]["bruno"]
    return msg


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
