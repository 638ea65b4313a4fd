"""The Number observation: every board, the turn, and the last revealed numbers.

Which seats have already written this turn is left out: the referee asks every seat at the
start of the turn, before anyone writes, so a bot never sees it in play; the environments,
which take the seats one by one, would show it, and a policy trained on it would meet a
different observation at the referee.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.env.observations import Layout, Part, in_seat_order
from arena.games.the_number.compiled import _core

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


fill_state = getattr(_core, "encode", None)  # None: no core, or one built before it
"""fill_list's vector, written by the compiled core straight from the state (or None)."""


def fill_list(view: Mapping[str, Any], v: list[float], at: Mapping[str, int]) -> None:
    """Fill the vector, as a list of zeros, from a seat's view: `at` is where each part starts
    (plain list writes: this runs at every decision, beside an engine step of ~10 us)."""
    rounds = max(1, int(view["rounds"]))
    crossed, out, totals, scores = at["crossed"], at["out"], at["totals"], at["turn_scores"]
    for k, p in enumerate(in_seat_order(view, view["players"])):
        row = crossed + 10 * k
        for d in p["crossed"]:
            v[row + d] = 1.0
        v[out + k] = 1.0 if p["out"] else 0.0
        v[totals + k] = min(p["total"] / (100.0 * rounds), 1.0)
        row = scores + TURNS * k
        for t, score in enumerate(p["turn_scores"][:TURNS]):
            v[row + t] = min(score / 30.0, 1.0)
    turn = int(view["turn"]) - 1
    if 0 <= turn < TURNS:
        v[at["turn"] + turn] = 1.0
    v[at["round"]] = min(view["round"] / rounds, 1.0)
    if view["history"]:
        digits, status = at["last_digits"], at["last_status"]
        for k, entry in enumerate(in_seat_order(view, view["history"][-1]["entries"])):
            for i, digit in enumerate(entry["number"] or ""):
                v[digits + 30 * k + 10 * i + int(digit)] = 1.0
            v[status + 3 * k + STATUSES.index(entry["status"])] = 1.0
    flags = at["flags"]
    v[flags] = 1.0 if view["tied_bonus"] == "none" else 0.0
    v[flags + 1] = 1.0 if view["eliminated_cross"] else 0.0
    v[flags + 2] = 1.0 if view["equal_eliminate"] else 0.0
