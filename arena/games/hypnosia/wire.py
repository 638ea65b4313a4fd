"""Hypnosia view <-> arena.v1.HypnosiaView, an exact roundtrip."""

from __future__ import annotations

from typing import Any

from arena.v1.games import hypnosia_pb2 as pb

VIEW_FIELD = "hypnosia"

_SCALARS = (
    "num_players",
    "stacks_cross",
    "round",
    "round_cap",
    "start_player",
    "history_start",
    "termination",
)
_LISTS = ("to_move", "dice", "dice_left", "centre")
_BOARD_SCALARS = ("name", "approximate", "start_slots")
_BOARD_LISTS = ("bridges", "bridge_targets", "entries", "centre_values")
_CIRCLE = ("letter", "size", "first")
_PLAYER_SCALARS = ("score", "centre_pawns", "captured", "lost")
_UNIT = ("space", "owner", "height")


def view_to_proto(view: dict[str, Any]) -> pb.HypnosiaView:
    """The typed message for a view dict from `GAME.view`."""
    msg = pb.HypnosiaView(
        board=pb.HypnosiaBoard(
            circles=[pb.HypnosiaCircle(**c) for c in view["board"]["circles"]],
            **{k: view["board"][k] for k in _BOARD_SCALARS + _BOARD_LISTS},
        ),
        units=[pb.HypnosiaUnit(**u) for u in view["units"]],
        players=[pb.HypnosiaPlayer(**p) for p in view["players"]],
        history=[pb.HypnosiaEvent(**e) for e in view["history"]],
        **{k: view[k] for k in _SCALARS + _LISTS},
    )
    if view["seat"] is not None:
        msg.seat = view["seat"]
    return msg


def view_from_proto(msg: pb.HypnosiaView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    board = msg.board
    players = [
        {**{k: getattr(p, k) for k in _PLAYER_SCALARS}, "start_slots": list(p.start_slots)}
        for p in msg.players
    ]
    return {
        "seat": msg.seat if msg.HasField("seat") else None,
        **{k: getattr(msg, k) for k in _SCALARS},
        **{k: list(getattr(msg, k)) for k in _LISTS},
        "board": {
            **{k: getattr(board, k) for k in _BOARD_SCALARS},
            **{k: list(getattr(board, k)) for k in _BOARD_LISTS},
            "circles": [{k: getattr(c, k) for k in _CIRCLE} for c in board.circles],
        },
        "units": [{k: getattr(u, k) for k in _UNIT} for u in msg.units],
        "players": players,
        "history": [{"seat": e.seat, "text": e.text} for e in msg.history],
    }
