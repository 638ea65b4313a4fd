"""Arctic Scavengers view <-> arena.v1.ArcticScavengersView, an exact roundtrip."""

from __future__ import annotations

from typing import Any

from arena.v1.games import arctic_scavengers_pb2 as pb

VIEW_FIELD = "arctic_scavengers"

_PHASE_TO_PB = {
    "gather": pb.ARCTIC_SCAVENGERS_PHASE_GATHER,
    "build": pb.ARCTIC_SCAVENGERS_PHASE_BUILD,
    "keep": pb.ARCTIC_SCAVENGERS_PHASE_KEEP,
    "declare": pb.ARCTIC_SCAVENGERS_PHASE_DECLARE,
    "over": pb.ARCTIC_SCAVENGERS_PHASE_OVER,
}
_PHASE_FROM_PB = {v: k for k, v in _PHASE_TO_PB.items()}

_SCALARS = (
    "num_players",
    "shovel_dig",
    "round",
    "rounds",
    "initiator",
    "junkyard",
    "contested",
    "food",
    "open_action",
    "hire_code",
    "peek",
)
_LISTS = (
    "to_move",
    "stacks",
    "stack_codes",
    "actions_used",
    "hand",
    "deck_cards",
    "discard_cards",
    "chosen",
    "dug",
    "events",
    "result",
)
_PLAYER_SCALARS = ("deck", "discard", "hand")
_PLAYER_LISTS = ("force", "played", "sniped", "disarmed")


def view_to_proto(view: dict[str, Any]) -> pb.ArcticScavengersView:
    """The typed message for a view dict from `GAME.view`."""
    msg = pb.ArcticScavengersView(
        phase=_PHASE_TO_PB[view["phase"]],
        players=[pb.ArcticScavengersPlayer(**p) for p in view["players"]],
        **{k: view[k] for k in _SCALARS + _LISTS},
    )
    if view["seat"] is not None:
        msg.seat = view["seat"]
    return msg


def view_from_proto(msg: pb.ArcticScavengersView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    view: dict[str, Any] = {"seat": msg.seat if msg.HasField("seat") else None}
    view.update({k: getattr(msg, k) for k in _SCALARS})
    view.update({k: list(getattr(msg, k)) for k in _LISTS})
    view["phase"] = _PHASE_FROM_PB[msg.phase]
    view["players"] = [
        {
            **{k: getattr(p, k) for k in _PLAYER_SCALARS},
            **{k: list(getattr(p, k)) for k in _PLAYER_LISTS},
        }
        for p in msg.players
    ]
    return view
