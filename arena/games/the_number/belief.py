"""A full The Number state built from one seat's view (what the boss searches from).

Everything in The Number is public except the secret numbers of the seats that have written
this turn: the boards, scores and every revealed turn are in the view. `sample_state` rebuilds
the state from them and fills each other seat's hidden submission with a number its board
allows (drawn by `writer`, by default uniformly, as `sampling.resample` does); the viewer's own
secret, if any, is its `my_pending`. The view of the result for that seat is the given view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from arena.games.the_number.state import (
    Entry,
    Status,
    TheNumberOptions,
    TheNumberState,
    TurnRecord,
    available_digits,
)

Writer = Callable[[int, int], int]
"""(seat, crossed mask) -> a number that seat could have written."""


def crossed_mask(digits: list[int]) -> int:
    """A board's crossed digits as the engine's 10-bit mask."""
    mask = 0
    for d in digits:
        mask |= 1 << d
    return mask


def options_of(view: Mapping[str, Any]) -> TheNumberOptions:
    """The rule variants a view names."""
    return TheNumberOptions(
        rounds=view["rounds"],
        tied_bonus=view["tied_bonus"],
        eliminated_cross=view["eliminated_cross"],
        equal_eliminate=view["equal_eliminate"],
    )


def _record(turn: Mapping[str, Any]) -> TurnRecord:
    entries = tuple(
        Entry(int(e["number"]) if e["number"] else None, Status(e["status"]), e["points"],
              e["bonus"])
        for e in turn["entries"]
    )  # fmt: skip
    return TurnRecord(turn["round"], turn["turn"], entries)


def uniform_writer(rng: random.Random) -> Writer:
    """A writer drawing each digit uniformly from the seat's available digits."""

    def write(seat: int, crossed: int) -> int:
        pool = available_digits(crossed)
        return rng.choice(pool) * 100 + rng.choice(pool) * 10 + rng.choice(pool)

    return write


def sample_state(
    view: Mapping[str, Any], rng: random.Random, writer: Writer | None = None
) -> TheNumberState:
    """A state that gives `view["seat"]` exactly `view`: the public part copied, the other
    seats' hidden submissions drawn by `writer` (uniformly from their boards by default)."""
    write = writer or uniform_writer(rng)
    seat = view["seat"]
    players = view["players"]
    crossed = tuple(crossed_mask(p["crossed"]) for p in players)
    pending: list[int | None] = []
    for s, p in enumerate(players):
        if s == seat:
            pending.append(None if view["my_pending"] is None else int(view["my_pending"]))
        else:
            pending.append(write(s, crossed[s]) if p["submitted"] else None)
    return TheNumberState(
        options=options_of(view),
        num_players=view["num_players"],
        round=view["round"],
        turn=view["turn"],
        crossed=crossed,
        pending=tuple(pending),
        turn_scores=tuple(tuple(p["turn_scores"]) for p in players),
        round_totals=tuple(tuple(p["round_totals"]) for p in players),
        history=tuple(_record(t) for t in view["history"]),
        over=view["game_over"],
    )


__all__ = ["Writer", "crossed_mask", "options_of", "sample_state", "uniform_writer"]
