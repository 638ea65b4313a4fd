"""Azul view <-> arena.v1.AzulView, an exact roundtrip."""

from __future__ import annotations

from typing import Any

from arena.v1.games import azul_pb2 as pb

VIEW_FIELD = "azul"

_PHASE_TO_PB = {
    "offer": pb.AZUL_PHASE_OFFER,
    "wall": pb.AZUL_PHASE_WALL,
    "over": pb.AZUL_PHASE_OVER,
}
_PHASE_FROM_PB = {v: k for k, v in _PHASE_TO_PB.items()}
_WALL_TO_PB = {
    "colored": pb.AZUL_WALL_VARIANT_COLORED,
    "gray": pb.AZUL_WALL_VARIANT_GRAY,
}
_WALL_FROM_PB = {v: k for k, v in _WALL_TO_PB.items()}

_SCALARS = (
    "num_players",
    "round",
    "round_cap",
    "start_player",
    "centre",
    "marker_in_centre",
    "pending_line",
    "termination",
)
_LISTS = ("to_move", "factories", "bag", "lid")
_BOARD_SCALARS = ("score", "floor", "has_marker")
_BOARD_LISTS = ("lines", "wall")


def view_to_proto(view: dict[str, Any]) -> pb.AzulView:
    """The typed message for a view dict from `GAME.view`."""
    msg = pb.AzulView(
        wall_variant=_WALL_TO_PB[view["wall_variant"]],
        phase=_PHASE_TO_PB[view["phase"]],
        boards=[pb.AzulBoard(**board) for board in view["boards"]],
        **{k: view[k] for k in _SCALARS + _LISTS},
    )
    if view["seat"] is not None:
        msg.seat = view["seat"]
    return msg


def view_from_proto(msg: pb.AzulView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    view: dict[str, Any] = {k: getattr(msg, k) for k in _SCALARS}
    view.update({k: list(getattr(msg, k)) for k in _LISTS})
    view["seat"] = msg.seat if msg.HasField("seat") else None
    view["wall_variant"] = _WALL_FROM_PB[msg.wall_variant]
    view["phase"] = _PHASE_FROM_PB[msg.phase]
    view["boards"] = [
        {
            **{k: getattr(b, k) for k in _BOARD_SCALARS},
            **{k: list(getattr(b, k)) for k in _BOARD_LISTS},
        }
        for b in msg.boards
    ]
    return view
