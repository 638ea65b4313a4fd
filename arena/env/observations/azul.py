"""Azul observation: displays, centre, every board (lines, wall, floor, score), bag and lid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.env.observations import Layout, Part, in_seat_order
from arena.games.azul.compiled import _core

COLOURS = "BYRKW"
PHASES = ("offer", "wall", "over")
ROUND_CAP = 100

fill_state = getattr(_core, "encode", None)  # None: no core, or one built before it
"""fill_list's vector, written by the compiled core straight from the state (or None)."""


def layout(n: int) -> Layout:
    """Parts of the Azul vector for n seats (2n + 1 displays)."""
    return Layout([
        Part("factories", (2 * n + 1, 5)),  # tiles per colour B Y R K W on f1, f2 ... / 4
        Part("centre", (5,), high=3.0),  # tiles per colour in the centre / 10
        Part("marker_in_centre", (1,)),
        Part("scores", (n,), high=5.0),  # per seat, / 100
        Part("lines", (n, 5, 6)),  # per seat, per pattern line: colour one-hot, fill / capacity
        Part("walls", (n, 5, 5, 5)),  # per seat, row, column: the colour there (none: zeros)
        Part("floors", (n, 2)),  # per seat: occupied floor spaces / 7, holds the marker
        Part("bag", (5,)),  # tiles per colour / 20
        Part("lid", (5,)),  # discarded tiles per colour / 20
        Part("phase", (3,)),  # offer, wall, over
        Part("pending_line", (6,)),  # gray tiling: the line to place, 0 = none
        Part("flags", (1,)),  # gray wall
        Part("round", (1,), high=1.5),  # round / 100
    ])  # fmt: skip


COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


def fill_list(view: Mapping[str, Any], v: list[float], at: Mapping[str, int]) -> None:
    """Fill the vector, as a list of zeros, from a seat's view (`at`: where each part starts)."""
    k = at["factories"]
    for letters in view["factories"]:
        for c in COLOURS:
            v[k] = letters.count(c) / 4.0
            k += 1
    k = at["centre"]
    for c in COLOURS:
        v[k] = view["centre"].count(c) / 10.0
        k += 1
    v[at["marker_in_centre"]] = 1.0 if view["marker_in_centre"] else 0.0
    scores, floors, lines, walls = at["scores"], at["floors"], at["lines"], at["walls"]
    for k, board in enumerate(in_seat_order(view, view["boards"])):
        v[scores + k] = board["score"] / 100.0
        v[floors + 2 * k] = len(board["floor"]) / 7.0
        v[floors + 2 * k + 1] = 1.0 if board["has_marker"] else 0.0
        for i, line in enumerate(board["lines"]):
            if line:
                row = lines + (5 * k + i) * 6
                v[row + COLOUR_INDEX[line[0]]] = 1.0
                v[row + 5] = len(line) / (i + 1)
        wall = walls + 125 * k
        for j, ch in enumerate("".join(board["wall"])):
            if ch != ".":
                v[wall + 5 * j + COLOUR_INDEX[ch]] = 1.0
    for name in ("bag", "lid"):
        k = at[name]
        for count in view[name]:
            v[k] = count / 20.0
            k += 1
    v[at["phase"] + PHASES.index(view["phase"])] = 1.0
    pending = int(view["pending_line"])
    if 0 <= pending < 6:
        v[at["pending_line"] + pending] = 1.0
    v[at["flags"]] = 1.0 if view["wall_variant"] == "gray" else 0.0
    v[at["round"]] = view["round"] / ROUND_CAP
