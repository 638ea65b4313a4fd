"""A full Azul state consistent with what one seat sees (its view), for search bots.

Azul hides only chance to come: the order of the bag (the view gives its tiles per colour)
and how the lid will be reshuffled into it. Every seat sees the same thing, so the sample is a
uniformly random order of the bag's tiles and a fresh stream for later reshuffles; the rest
is read back from the view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.core.chance import Stream
from arena.games.azul.state import (
    COLOURS,
    ITEM_LETTERS,
    NO_SEAT,
    OFFER,
    OVER,
    WALL,
    Board,
    State,
)

_PHASES = {"offer": OFFER, "wall": WALL, "over": OVER}


def counts(letters: str) -> tuple[int, ...]:
    """Tiles per colour (B Y R K W) of a string of tile letters."""
    return tuple(letters.count(c) for c in COLOURS)


def board_from_view(board: Mapping[str, Any]) -> Board:
    """An engine Board from a board's view (lines, wall rows, floor letters, score)."""
    lines = tuple(len(line) << 3 | COLOURS.index(line[0]) if line else 0 for line in board["lines"])
    wall = wall_t = colour_rows = colour_cols = cells = 0
    for r, row in enumerate(board["wall"]):
        for c, letter in enumerate(row):
            if letter == ".":
                continue
            k = COLOURS.index(letter)
            wall |= 1 << 5 * r + c
            wall_t |= 1 << 5 * c + r
            colour_rows |= 1 << 6 * k + r
            colour_cols |= 1 << 5 * k + c
            cells |= (k + 1) << 3 * (5 * r + c)
    floor = tuple(ITEM_LETTERS.index(letter) for letter in board["floor"])
    return Board(board["score"], lines, wall, wall_t, colour_rows, colour_cols, cells, floor)


def _bag(bag_counts: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    tiles = [k for k, n in enumerate(bag_counts) for _ in range(n)]
    rng.shuffle(tiles)
    return tuple(tiles)


def sample_state(view: Mapping[str, Any], rng: random.Random) -> State:
    """A state whose view for `view["seat"]` is `view`, the bag's order and the stream of later
    reshuffles drawn from `rng`."""
    factories = tuple(counts(f) for f in view["factories"])
    centre = counts(view["centre"])
    takers = [s for s, b in enumerate(view["boards"]) if b["has_marker"]]
    return State(
        num_players=view["num_players"],
        gray=view["wall_variant"] == "gray",
        phase=_PHASES[view["phase"]],
        current=view["to_move"][0] if view["to_move"] else 0,
        round=view["round"],
        start_player=view["start_player"],
        marker_taker=takers[0] if takers else NO_SEAT,
        marker_in_centre=view["marker_in_centre"],
        factories=factories,
        centre=centre,
        offer_left=sum(map(sum, factories)) + sum(centre),
        boards=tuple(board_from_view(b) for b in view["boards"]),
        bag=_bag(view["bag"], rng),
        lid=tuple(view["lid"]),
        stream=Stream.from_rng(rng),
        pending_line=view["pending_line"] - 1,
        termination=view["termination"],
    )
