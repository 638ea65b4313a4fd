"""Epizodiak view <-> arena.v1.EpizodiakView, an exact roundtrip."""

from __future__ import annotations

from typing import Any

from arena.v1.games import epizodiak_pb2 as pb

VIEW_FIELD = "epizodiak"

_MODE_TO_PB = {"one_round": pb.EPIZODIAK_MODE_ONE_ROUND, "score7": pb.EPIZODIAK_MODE_SCORE7}
_MODE_FROM_PB = {v: k for k, v in _MODE_TO_PB.items()}
_PHASE_TO_PB = {
    "start": pb.EPIZODIAK_PHASE_START,
    "play": pb.EPIZODIAK_PHASE_PLAY,
    "contest_place": pb.EPIZODIAK_PHASE_CONTEST_PLACE,
    "over": pb.EPIZODIAK_PHASE_OVER,
}
_PHASE_FROM_PB = {v: k for k, v in _PHASE_TO_PB.items()}
_SIDE_TO_PB = {"": pb.EPIZODIAK_SIDE_NONE, "cw": pb.EPIZODIAK_SIDE_CW, "ccw": pb.EPIZODIAK_SIDE_CCW}
_SIDE_FROM_PB = {v: k for k, v in _SIDE_TO_PB.items()}

_SCALARS = (
    "target",
    "dial_double",
    "pickup_legacy",
    "score7_legacy",
    "round",
    "turn",
    "starter",
    "block_start",
    "block_end",
    "pile_size",
    "skips",
    "pickup_value",
    "picked",
    "contested",
    "game_over",
    "termination",
)
_LISTS = (
    "to_move",
    "dial",
    "open_values",
    "hand",
    "hand_sizes",
    "set_owners",
    "set_counts",
    "completed_dial",
    "totals",
    "turn_moves",
)
_ROUND_LISTS = ("sets", "out", "doubled", "points")


def view_to_proto(view: dict[str, Any]) -> pb.EpizodiakView:
    """The typed message for a view dict from `GAME.view`."""
    msg = pb.EpizodiakView(
        mode=_MODE_TO_PB[view["mode"]],
        phase=_PHASE_TO_PB[view["phase"]],
        last_placement_end=_SIDE_TO_PB[view["last_placement_end"]],
        recent=[pb.EpizodiakTurn(**t) for t in view["recent"]],
        rounds=[pb.EpizodiakRound(**r) for r in view["rounds"]],
        **{k: view[k] for k in _SCALARS + _LISTS},
    )
    if view["seat"] is not None:
        msg.seat = view["seat"]
    return msg


def view_from_proto(msg: pb.EpizodiakView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    view: dict[str, Any] = {k: getattr(msg, k) for k in _SCALARS}
    view.update({k: list(getattr(msg, k)) for k in _LISTS})
    view["seat"] = msg.seat if msg.HasField("seat") else None
    view["mode"] = _MODE_FROM_PB[msg.mode]
    view["phase"] = _PHASE_FROM_PB[msg.phase]
    view["last_placement_end"] = _SIDE_FROM_PB[msg.last_placement_end]
    view["recent"] = [{"seat": t.seat, "moves": t.moves} for t in msg.recent]
    view["rounds"] = [
        {"round": r.round, **{k: list(getattr(r, k)) for k in _ROUND_LISTS}, "capped": r.capped}
        for r in msg.rounds
    ]
    return view
