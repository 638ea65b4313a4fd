"""Hypnosia observation: every seat's units by space, start slots and scores, and the dice."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from arena.env.actions.hypnosia import board
from arena.env.observations import Layout, Part, in_seat_order, one_hot, relative
from arena.games.hypnosia.compiled import _core

MAX_SEATS = 6

fill_state = getattr(_core, "encode", None)  # None: no core, or one built before it
"""fill's vector, written by the compiled core straight from the state (or None)."""


@cache
def _spaces() -> int:
    return sum(int(c["size"]) for c in board()["circles"])


def layout(n: int) -> Layout:
    """Parts of the Hypnosia vector for n seats (S board spaces: 108 on the approximation)."""
    return Layout([
        Part("units", (n, _spaces(), 2)),  # per seat, per space index: a single, a stack
        Part("start_slots", (n, 4)),  # per seat: slot S1..S4 occupied
        Part("scores", (n,), low=-3.0, high=5.0),  # per seat, / 10
        Part("centre_pawns", (n,)),  # per seat, / 5
        Part("captured", (n,), high=5.0),  # pawns captured, / 4
        Part("lost", (n,)),  # pawns lost, / 4
        Part("dice", (6,)),  # this turn's roll: dice per value 1..6, / 2
        Part("dice_left", (6,)),  # the dice not yet used, per value, / 2
        Part("centre", (1,)),  # pawns in the centre / 5
        Part("colour", (MAX_SEATS,)),  # the viewer's own seat (its colour on the board)
        Part("round", (1,), high=1.5),  # round / round_cap
        Part("flags", (1,)),  # stacks may cross bridges
    ])  # fmt: skip


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view."""
    n = int(view["num_players"])
    for unit in view["units"]:
        height = int(unit["height"])
        out["units"][relative(view, int(unit["owner"]), n), int(unit["space"]), height - 1] = 1.0
    for k, p in enumerate(in_seat_order(view, view["players"])):
        for slot in p["start_slots"]:
            out["start_slots"][k, int(slot) - 1] = 1.0
        out["scores"][k] = p["score"] / 10.0
        out["centre_pawns"][k] = p["centre_pawns"] / 5.0
        out["captured"][k] = p["captured"] / 4.0
        out["lost"][k] = p["lost"] / 4.0
    for die in view["dice"]:
        out["dice"][die - 1] += 0.5
    for die in view["dice_left"]:
        out["dice_left"][die - 1] += 0.5
    out["centre"][0] = len(view["centre"]) / 5.0
    one_hot(out["colour"], int(view["seat"]))
    out["round"][0] = view["round"] / max(1, int(view["round_cap"]))
    out["flags"][0] = bool(view["stacks_cross"])
