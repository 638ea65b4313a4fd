"""Lucky Numbers observation: grids one-hot by value, table, hand, phase (see docs/ml.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.env.observations import Layout, Part, in_seat_order, one_hot
from arena.games.lucky_numbers.compiled import CORE

SOURCES = ("draw", "table", "setup")
PHASES = ("setup", "acquire", "resolve", "over")
TURN_CAP = 500  # the engine's safety cap, for scaling
ONE_HOT = np.eye(21, dtype=np.float32)  # row v: a cell holding v (0: empty)

fill_state = getattr(CORE, "encode", None)  # None: no core, or one built before it
"""fill's vector, written by the compiled core straight from the state (or None)."""


def layout(n: int) -> Layout:
    """Parts of the Lucky Numbers vector for n seats."""
    return Layout([
        Part("grids", (n, 16, 21)),  # per seat, per cell a1 b1 .. d4: value 1..20, 0 = empty
        Part("table", (20,)),  # face-up tiles per value 1..20, / n
        Part("hand", (21,)),  # the tile to resolve: value, 0 = none
        Part("hand_source", (4,)),  # draw, table, setup, none
        Part("phase", (4,)),  # setup, acquire, resolve, over
        Part("pot", (1,)),  # pot size / 16n
        Part("chain_returned", (20,)),  # Bruno: values you may not take back
        Part("flags", (3,)),  # bonus turn, Michael's setup, Bruno's variant
        Part("turn", (1,), high=2.0),  # turn / 500
    ])  # fmt: skip


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view."""
    n = int(view["num_players"])
    out["grids"][:] = ONE_HOT[np.array(in_seat_order(view, view["grids"]), dtype=np.int64)]
    for value in view["table"]:
        out["table"][value - 1] += 1.0 / n
    out["hand"][int(view["hand"])] = 1.0
    source = view["hand_source"]
    one_hot(out["hand_source"], SOURCES.index(source) if source in SOURCES else 3)
    one_hot(out["phase"], PHASES.index(view["phase"]))
    out["pot"][0] = view["pot_size"] / (16 * n)
    for value in view["chain_returned"]:
        out["chain_returned"][value - 1] = 1.0
    options = view["options"]
    out["flags"][:] = (view["bonus_turn"], options["setup"] == "michael", bool(options["bruno"]))
    out["turn"][0] = min(view["turn"] / TURN_CAP, 2.0)
