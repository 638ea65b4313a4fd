"""Epizodiak observation: own hand, the dial and its block, sets, skips and the turn so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.env.observations import Layout, Part, in_seat_order, one_hot, relative

PHASES = ("start", "play", "contest_place", "over")
ENDS = ("cw", "ccw")


def layout(n: int) -> Layout:
    """Parts of the Epizodiak vector (always 3 seats)."""
    return Layout([
        Part("hand", (12,), high=2.0),  # own tiles per value 1..12, / 4
        Part("dial", (12,)),  # a tile lies on place 1..12
        Part("block_start", (12,)),  # s, one-hot
        Part("block_end", (12,)),  # e, one-hot
        Part("open_values", (12,)),
        Part("hand_sizes", (n,), high=2.0),  # per seat, / 24
        Part("pile", (1,)),  # pile size / 48
        Part("set_owners", (12, n + 1)),  # per value: nobody's set, else the seat credited
        Part("set_counts", (n,)),  # per seat, / 12
        Part("completed_dial", (n,)),
        Part("totals", (n,), high=3.0),  # per seat, points of finished rounds / 10
        Part("skips", (4,)),  # 0..3, one-hot
        Part("pickup_value", (13,)),  # what pickup would take, 0 = nothing
        Part("picked", (13,)),  # the value picked up this turn, 0 = none
        Part("contested", (13,)),  # the value contested this turn, 0 = none
        Part("phase", (4,)),  # start, play, contest_place, over
        Part("last_placement_end", (3,)),  # cw, ccw, none
        Part("flags", (5,)),  # score7 mode, target 13, dial_double, pickup_legacy, score7_legacy
        Part("round", (1,), high=2.0),  # round / 50, turn / 600 below
        Part("turn", (1,), high=2.0),
    ])  # fmt: skip


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view."""
    n = len(view["hand_sizes"])
    for value in view["hand"]:
        out["hand"][value - 1] += 0.25
    for place, value in enumerate(view["dial"]):
        out["dial"][place] = value > 0
    one_hot(out["block_start"], int(view["block_start"]) - 1)
    one_hot(out["block_end"], int(view["block_end"]) - 1)
    for value in view["open_values"]:
        out["open_values"][value - 1] = 1.0
    out["hand_sizes"][:] = np.asarray(in_seat_order(view, view["hand_sizes"])) / 24.0
    out["pile"][0] = view["pile_size"] / 48.0
    for v, owner in enumerate(view["set_owners"]):
        out["set_owners"][v, 0 if owner < 0 else 1 + relative(view, owner, n)] = 1.0
    out["set_counts"][:] = np.asarray(in_seat_order(view, view["set_counts"])) / 12.0
    out["completed_dial"][:] = in_seat_order(view, [bool(x) for x in view["completed_dial"]])
    out["totals"][:] = np.asarray(in_seat_order(view, view["totals"])) / 10.0
    one_hot(out["skips"], int(view["skips"]))
    one_hot(out["pickup_value"], int(view["pickup_value"]))
    one_hot(out["picked"], int(view["picked"]))
    one_hot(out["contested"], int(view["contested"]))
    one_hot(out["phase"], PHASES.index(view["phase"]))
    end = view["last_placement_end"]
    one_hot(out["last_placement_end"], ENDS.index(end) if end in ENDS else 2)
    out["flags"][:] = (
        view["mode"] == "score7",
        int(view["target"]) != 7,
        bool(view["dial_double"]),
        bool(view["pickup_legacy"]),
        bool(view["score7_legacy"]),
    )
    out["round"][0] = min(view["round"] / 50.0, 2.0)
    out["turn"][0] = min(view["turn"] / 600.0, 2.0)
