"""The Number view <-> arena.v1.TheNumberView, an exact roundtrip."""

from __future__ import annotations

from typing import Any

from arena.v1.games import the_number_pb2 as pb

VIEW_FIELD = "the_number"
# The legal moves follow from the view, so a bot may ask for requests without the list (up to
# 1,000 moves, most of a request's bytes).
LEGAL_MOVES_RULE = (
    "write DDD for every three-digit DDD (000-999) none of whose digits is in "
    "players[seat].crossed, in increasing order"
)

_STATUS_TO_PB = {
    "approved": pb.THE_NUMBER_STATUS_APPROVED,
    "eliminated": pb.THE_NUMBER_STATUS_ELIMINATED,
    "out": pb.THE_NUMBER_STATUS_OUT,
}
_STATUS_FROM_PB = {v: k for k, v in _STATUS_TO_PB.items()}

_SCALARS = (
    "num_players",
    "round",
    "turn",
    "rounds",
    "turns_per_round",
    "tied_bonus",
    "eliminated_cross",
    "equal_eliminate",
    "game_over",
)


def view_to_proto(view: dict[str, Any]) -> pb.TheNumberView:
    """The typed message for a view dict from `GAME.view`."""
    msg = pb.TheNumberView(
        bonuses=view["bonuses"],
        players=[pb.TheNumberPlayer(**p) for p in view["players"]],
        history=[_turn_to_proto(t) for t in view["history"]],
        **{k: view[k] for k in _SCALARS},
    )
    if view["seat"] is not None:
        msg.seat = view["seat"]
    if view["my_pending"] is not None:
        msg.my_pending = view["my_pending"]
    return msg


def _turn_to_proto(turn: dict[str, Any]) -> pb.TheNumberTurn:
    entries = [
        pb.TheNumberEntry(
            number=e["number"],
            status=_STATUS_TO_PB[e["status"]],
            points=e["points"],
            bonus=e["bonus"],
        )
        for e in turn["entries"]
    ]
    return pb.TheNumberTurn(round=turn["round"], turn=turn["turn"], entries=entries)


def view_from_proto(msg: pb.TheNumberView) -> dict[str, Any]:
    """The view dict back from its message (inverse of view_to_proto)."""
    view: dict[str, Any] = {k: getattr(msg, k) for k in _SCALARS}
    view["seat"] = msg.seat if msg.HasField("seat") else None
    view["my_pending"] = msg.my_pending if msg.HasField("my_pending") else None
    view["bonuses"] = list(msg.bonuses)
    view["players"] = [
        {
            "crossed": list(p.crossed),
            "out": p.out,
            "submitted": p.submitted,
            "turn_scores": list(p.turn_scores),
            "round_totals": list(p.round_totals),
            "total": p.total,
        }
        for p in msg.players
    ]
    view["history"] = [
        {
            "round": t.round,
            "turn": t.turn,
            "entries": [
                {
                    "number": e.number,
                    "status": _STATUS_FROM_PB[e.status],
                    "points": e.points,
                    "bonus": e.bonus,
                }
                for e in t.entries
            ],
        }
        for t in msg.history
    ]
    return view
