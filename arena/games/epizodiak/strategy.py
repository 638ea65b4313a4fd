"""Built-in Epizodiak bots. They read only `request.view` and `request.legal_moves`, so they play
the same in-process and over gRPC.

Greedy values each legal decision by what it does to the bot's own hand and score right now:
tiles shed (going out ends the round with +3), points for sets and contests, a cost for breaking
a pair or a triple that could become a set, and the cost of a tile taken into the hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.search.levels import Level, boss_levels

# Tuned against random opponents with bench/bench_epizodiak.py (240 one-round matches each):
# pairs kept (PAIR_COST 0.6 -> 4.0) and drawing first (DRAW_FIRST 0.3 -> 6.0) took the greedy
# bot from 53% to 84% of the wins; POINT between 1 and 5 changed little.
POINT = 2.5  # a point is worth this many shed tiles
GOING_OUT = 100.0  # emptying the hand ends the round with +3: always take it
PAIR_COST = 4.0  # placing one of a pair spoils a set in the making: keep pairs
TILE_COST = 1.0  # a tile taken into the hand (draw, pickup)
# Drawing first is nearly always right: the play still follows, and the tile may make a set or
# lengthen a run. Only a set (3 + POINT) or a run of six or more is played before drawing.
DRAW_FIRST = 6.0


def _place_value(values: list[int], hand: Counter[int]) -> float:
    value = float(len(values))
    for v in values:
        if hand[v] >= 3:
            value -= POINT  # `set v` is worth more than laying one of the three
        elif hand[v] == 2:
            value -= PAIR_COST
    return value


def move_value(view: Mapping[str, Any], move: str) -> float:
    """The greedy score of one legal decision for the viewing seat."""
    hand = Counter(view["hand"])
    size = len(view["hand"])
    words = move.split()
    kind = words[0]
    if kind == "place":
        values = [int(w) for w in words[2:]]
        if len(values) == size:
            return GOING_OUT
        return _place_value(values, hand)
    if kind == "set":
        return GOING_OUT if size == 3 else 3 + POINT
    if kind == "contest":
        return POINT  # a point, and the gained tile goes straight onto the dial
    if kind == "pickup":
        taken = _pickup_value(view, words[1] if len(words) > 1 else "")
        completes = hand[taken] == 2
        return -TILE_COST + (3 + POINT - 0.1 if completes else -0.5)
    if kind == "draw":
        return -TILE_COST + DRAW_FIRST
    return 0.0  # pass: a skip, or ending the turn after a draw or a pickup


def _pickup_value(view: Mapping[str, Any], side: str) -> int:
    """The value a pickup takes: the previous placement's end, or the named end (legacy)."""
    if side == "cw":
        return int(view["block_end"])
    if side == "ccw":
        return int(view["block_start"])
    return int(view["pickup_value"])


def make_greedy(seed: int | None = None) -> Policy:
    """Greedy: the decision with the best immediate value; ties broken at random."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        values = [move_value(request.view, m) for m in request.legal_moves]
        best = max(values)
        moves = request.legal_moves
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])

    return choose


BOSS_LEVELS: dict[str, Level] = {
    "boss:1": (16, None),
    "boss:2": (64, None),
    "boss:3": (200, None),
    # At most 400, fewer if the clock runs out: more rollouts made this boss weaker (on the
    # same 48 deals vs 2 greedy: 0.688 rank points at 400, 0.536 at 1,860, what 1 s buys on an
    # idle core; docs/bots/epizodiak.md).
    "boss": (400, None),
}
"""Each boss level's (rollouts per decision, ms cap per decision); None: as the clock allows."""

STRATEGIES: dict[str, Callable[..., Policy]] = {
    "greedy": make_greedy,
    **boss_levels("arena.games.epizodiak.boss", BOSS_LEVELS),
}
