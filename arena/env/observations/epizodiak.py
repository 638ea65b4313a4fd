"""Epizodiak observation: own hand, the dial and its block, sets, skips and the turn so far."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.env.observations import Layout, Part, in_seat_order, relative
from arena.games.epizodiak.compiled import _core

PHASES = ("start", "play", "contest_place", "over")
ENDS = ("cw", "ccw")

fill_state = getattr(_core, "encode", None)  # None: no core, or one built before it
"""fill_list's vector, written by the compiled core straight from the state (or None)."""


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


def _one_hot(v: list[float], start: int, size: int, index: int) -> None:
    if 0 <= index < size:
        v[start + index] = 1.0


def fill_list(view: Mapping[str, Any], v: list[float], at: Mapping[str, int]) -> None:
    """Fill the vector, as a list of zeros, from a seat's view (`at`: where each part starts)."""
    n = len(view["hand_sizes"])
    hand, dial, open_values = at["hand"], at["dial"], at["open_values"]
    for value in view["hand"]:
        v[hand + value - 1] += 0.25
    for place, value in enumerate(view["dial"]):
        v[dial + place] = 1.0 if value > 0 else 0.0
    _one_hot(v, at["block_start"], 12, int(view["block_start"]) - 1)
    _one_hot(v, at["block_end"], 12, int(view["block_end"]) - 1)
    for value in view["open_values"]:
        v[open_values + value - 1] = 1.0
    for name, scale in (("hand_sizes", 24.0), ("set_counts", 12.0), ("totals", 10.0)):
        start = at[name]
        for k, x in enumerate(in_seat_order(view, view[name])):
            v[start + k] = x / scale
    v[at["pile"]] = view["pile_size"] / 48.0
    owners = at["set_owners"]
    for value, owner in enumerate(view["set_owners"]):
        v[owners + value * (n + 1) + (0 if owner < 0 else 1 + relative(view, owner, n))] = 1.0
    start = at["completed_dial"]
    for k, done in enumerate(in_seat_order(view, view["completed_dial"])):
        v[start + k] = 1.0 if done else 0.0
    _one_hot(v, at["skips"], 4, int(view["skips"]))
    for name in ("pickup_value", "picked", "contested"):
        _one_hot(v, at[name], 13, int(view[name]))
    v[at["phase"] + PHASES.index(view["phase"])] = 1.0
    end = view["last_placement_end"]
    v[at["last_placement_end"] + (ENDS.index(end) if end in ENDS else 2)] = 1.0
    flags = at["flags"]
    v[flags] = 1.0 if view["mode"] == "score7" else 0.0
    v[flags + 1] = 1.0 if int(view["target"]) != 7 else 0.0
    v[flags + 2] = 1.0 if view["dial_double"] else 0.0
    v[flags + 3] = 1.0 if view["pickup_legacy"] else 0.0
    v[flags + 4] = 1.0 if view["score7_legacy"] else 0.0
    v[at["round"]] = min(view["round"] / 50.0, 2.0)
    v[at["turn"]] = min(view["turn"] / 600.0, 2.0)
