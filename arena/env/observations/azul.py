"""Azul observation: displays, centre, every board (lines, wall, floor, score), bag and lid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.env.observations import Layout, Part, in_seat_order, one_hot

COLOURS = "BYRKW"
PHASES = ("offer", "wall", "over")
ROUND_CAP = 100


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


def _counts(letters: str) -> list[int]:
    return [letters.count(c) for c in COLOURS]


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view (whole rows at once: per-cell numpy writes are slow)."""
    out["factories"][:] = np.array([_counts(f) for f in view["factories"]]) / 4.0
    out["centre"][:] = np.array(_counts(view["centre"])) / 10.0
    out["marker_in_centre"][0] = bool(view["marker_in_centre"])
    boards = in_seat_order(view, view["boards"])
    out["scores"][:] = [b["score"] / 100.0 for b in boards]
    out["floors"][:] = [(len(b["floor"]) / 7.0, bool(b["has_marker"])) for b in boards]
    for k, board in enumerate(boards):
        for i, line in enumerate(board["lines"]):
            if line:
                out["lines"][k, i, COLOUR_INDEX[line[0]]] = 1.0
                out["lines"][k, i, 5] = len(line) / (i + 1)
        cells = [(j, COLOUR_INDEX[ch]) for j, ch in enumerate("".join(board["wall"])) if ch != "."]
        if cells:
            where, colour = zip(*cells, strict=True)
            out["walls"][k].reshape(25, 5)[list(where), list(colour)] = 1.0
    out["bag"][:] = np.array(view["bag"]) / 20.0
    out["lid"][:] = np.array(view["lid"]) / 20.0
    one_hot(out["phase"], PHASES.index(view["phase"]))
    one_hot(out["pending_line"], int(view["pending_line"]))
    out["flags"][0] = view["wall_variant"] == "gray"
    out["round"][0] = view["round"] / ROUND_CAP
