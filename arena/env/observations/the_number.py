"""The Number observation: every board, the turn, and the last revealed numbers.

Which seats have already written this turn is left out: the referee asks every seat at the
start of the turn, before anyone writes, so a bot never sees it in play; the environments,
which take the seats one by one, would show it, and a policy trained on it would meet a
different observation at the referee.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from arena.env.observations import Layout, Part, in_seat_order, one_hot

TURNS = 5
STATUSES = ("approved", "eliminated", "out")


def layout(n: int) -> Layout:
    """Parts of The Number's vector for n seats."""
    return Layout([
        Part("crossed", (n, 10)),  # per seat: digit 0..9 crossed this round
        Part("out", (n,)),  # sits out this round
        Part("totals", (n,)),  # points secured / (100 * rounds)
        Part("turn_scores", (n, TURNS)),  # this round's turn scores / 30
        Part("turn", (TURNS,)),  # the turn of the round, one-hot
        Part("round", (1,)),  # round / rounds
        Part("last_digits", (n, 3, 10)),  # the last revealed turn: each seat's number's digits
        Part("last_status", (n, 3)),  # and its status: approved, eliminated, out
        Part("flags", (3,)),  # tied_bonus none, eliminated_cross, equal_eliminate
    ])  # fmt: skip


def fill(view: Mapping[str, Any], out: dict[str, np.ndarray]) -> None:
    """Fill the parts from a seat's view."""
    rounds = max(1, int(view["rounds"]))
    for k, p in enumerate(in_seat_order(view, view["players"])):
        for d in p["crossed"]:
            out["crossed"][k, d] = 1.0
        out["out"][k] = bool(p["out"])
        out["totals"][k] = min(p["total"] / (100.0 * rounds), 1.0)
        for t, score in enumerate(p["turn_scores"][:TURNS]):
            out["turn_scores"][k, t] = min(score / 30.0, 1.0)
    one_hot(out["turn"], int(view["turn"]) - 1)
    out["round"][0] = min(view["round"] / rounds, 1.0)
    if view["history"]:
        entries = in_seat_order(view, view["history"][-1]["entries"])
        for k, entry in enumerate(entries):
            for i, digit in enumerate(entry["number"] or ""):
                out["last_digits"][k, i, int(digit)] = 1.0
            one_hot(out["last_status"][k], STATUSES.index(entry["status"]))
    out["flags"][:] = (
        view["tied_bonus"] == "none",
        bool(view["eliminated_cross"]),
        bool(view["equal_eliminate"]),
    )
