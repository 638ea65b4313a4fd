"""The boss's position evaluation, read straight from an engine state (no view dicts).

The greedy bot's terms (strategy.py: points, how far in the pawns are, bridges to cross from,
the chance of being captured) for every seat, so that a position is judged as the difference
between the seat's worth and its best opponent's. Capture chances count the two dice of the
seat to move next: one die landing on a unit, or both dice moving one unit along its circle.
"""

from __future__ import annotations

import math
from functools import lru_cache

from .board import (
    ACROSS,
    ALONG,
    CENTRE,
    CIRCLE_OF,
    FROM_START,
    INWARD,
    MAX_DIE,
    NONE,
    NUM_CIRCLES,
    NUM_SPACES,
    START_SLOTS,
)
from .state import CENTRE_PLACES, CENTRE_VALUES, HEIGHT_SHIFT, OWNER_MASK, State

W_SCORE = 3.0  # one point of score
OUTER_WORTH, INNER_WORTH = 1.0, 4.0  # per pawn on the outermost / innermost circle
BRIDGE_BONUS, INNER_BRIDGE_STEP, CENTRE_BRIDGE_BONUS = 0.6, 0.2, 1.5  # per pawn on a bridge
CENTRE_WORTH = 6.0  # per pawn in the centre, beyond its points
LOSS_COST = 1.0 + W_SCORE  # a lost pawn: its progress plus the point it costs
MOVER_RISK = 0.25  # the seat to move may still flee: its units count this share of the risk
APPROACH = 0.0  # per pawn: times the chance that the next roll reaches a bridge
WIN_WORTH = 1000.0  # a finished game: first place against one opponent

_STACK = 2 << HEIGHT_SHIFT


def _chance(singles: int, sums: int) -> float:
    """The chance that two dice show a value in the bit set `singles` or a sum in `sums`."""
    hits = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if (singles >> a | singles >> b | sums >> (a + b)) & 1:
                hits += 1
    return hits / 36.0


def _bridge_chance(space: int) -> float:
    """The chance that the next roll can put a pawn on `space` onto a bridge of its circle."""
    steps, s = 0, space
    while INWARD[s] == NONE:
        s, steps = ALONG[s][1], steps + 1
    singles = 1 << steps if steps <= MAX_DIE else 0
    sums = 1 << steps if 2 <= steps <= 2 * MAX_DIE else 0
    return _chance(singles, sums)


def _worth_table() -> tuple[float, ...]:
    """Per space: what one pawn standing there is worth (progress and bridge bonus)."""
    out = []
    for s in range(NUM_SPACES):
        circle = CIRCLE_OF[s]
        worth = OUTER_WORTH + (INNER_WORTH - OUTER_WORTH) * circle / max(1, NUM_CIRCLES - 1)
        if INWARD[s] == CENTRE:
            worth += CENTRE_BRIDGE_BONUS
        elif INWARD[s] != NONE:
            worth += BRIDGE_BONUS + INNER_BRIDGE_STEP * circle
        else:
            worth += APPROACH * _bridge_chance(s)
        out.append(worth)
    return tuple(out)


WORTH = _worth_table()
# A stack on a bridge it may not cross (the variant) gets no bridge bonus.
PLAIN_WORTH = tuple(
    OUTER_WORTH + (INNER_WORTH - OUTER_WORTH) * CIRCLE_OF[s] / max(1, NUM_CIRCLES - 1)
    for s in range(NUM_SPACES)
)


def _reach() -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per source space: (target space, die bit) of every one-die use along its circle."""
    return tuple(
        tuple((ALONG[s][d], 1 << d) for d in range(1, MAX_DIE + 1)) for s in range(NUM_SPACES)
    )


ALONG_REACH = _reach()
# Per source space: (target, die bit) of crossing its bridge (not the centre: nobody is there).
ACROSS_REACH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((ACROSS[s][d], 1 << d) for d in range(1, MAX_DIE + 1) if ACROSS[s][d] >= 0)
    for s in range(NUM_SPACES)
)
# Per source space: (target, sum bit) of both dice moving one unit along its circle.
SUM_REACH: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((ALONG[ALONG[s][min(t, MAX_DIE)]][t - min(t, MAX_DIE)], 1 << t) for t in range(2, 13))
    for s in range(NUM_SPACES)
)
# START_REACH[colour][k]: (target, die bit) of the pawn in start slot S<k>.
START_REACH: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = tuple(
    tuple(
        tuple((row[k][d], 1 << d) for d in range(1, MAX_DIE + 1) if k and row[k][d] >= 0)
        for k in range(START_SLOTS + 1)
    )
    for row in FROM_START
)


hit_chance = lru_cache(maxsize=4096)(_chance)


def threats(state: State, attacker: int, units: list[int]) -> dict[int, float]:
    """Per space of `units` not the attacker's: the chance its next roll captures what is
    there (a single captures singles only; a stack, or one pawn of it, anything)."""
    cells, stacks_cross = state.cells, state.stacks_cross
    singles: dict[int, int] = {}
    sums: dict[int, int] = {}
    for src in units:
        v = cells[src]
        if v & OWNER_MASK != attacker:
            continue
        stack = v >= _STACK
        for reach, add in ((ALONG_REACH[src], singles), (SUM_REACH[src], sums)):
            for dest, bit in reach:
                t = cells[dest]
                if t and t & OWNER_MASK != attacker and (stack or t < _STACK):
                    add[dest] = add.get(dest, 0) | bit
        for dest, bit in ACROSS_REACH[src]:
            t = cells[dest]
            if t and t & OWNER_MASK != attacker and (t < _STACK or (stack and stacks_cross)):
                singles[dest] = singles.get(dest, 0) | bit
    slots = state.start[attacker]
    if slots:
        reach = START_REACH[attacker]
        for k in range(1, START_SLOTS + 1):
            if slots >> (k - 1) & 1:
                for dest, bit in reach[k]:
                    t = cells[dest]
                    if t and t & OWNER_MASK != attacker and t < _STACK:
                        singles[dest] = singles.get(dest, 0) | bit
    return {s: hit_chance(singles.get(s, 0), sums.get(s, 0)) for s in {*singles, *sums}}


def worths(state: State, mover: int) -> list[float]:
    """Every seat's worth with `mover` to roll next: points, centre pawns, progress less the
    expected loss of the units `mover` may capture (in a 2-player game, a share of the loss
    of the mover's own units too: it may flee, but the other seat rolls next)."""
    n = state.num_players
    out = [0.0] * n
    centre = state.centre
    for seat in range(n):
        pts = state.gained[seat] - state.lost[seat]
        for i, s in enumerate(centre):
            if s == seat:
                pts += CENTRE_VALUES[i]
        out[seat] = W_SCORE * pts + CENTRE_WORTH * centre.count(seat)
    cells, stacks_cross = state.cells, state.stacks_cross
    units = [i for i in range(NUM_SPACES) if cells[i]]
    risk = threats(state, mover, units)
    other = threats(state, 1 - mover, units) if n == 2 else {}
    for i in units:
        v = cells[i]
        owner, height = v & OWNER_MASK, v >> HEIGHT_SHIFT
        worth = WORTH[i] if height == 1 or stacks_cross else PLAIN_WORTH[i]
        p = risk.get(i, 0.0) if owner != mover else MOVER_RISK * other.get(i, 0.0)
        out[owner] += height * (worth - p * (worth + LOSS_COST))
    return out


def _final(state: State, seat: int) -> float:
    """A finished game: places won against the others, then the score difference."""
    from .rules import rank_keys

    keys = rank_keys(state)
    mine = keys[seat]
    others = [k for s, k in enumerate(keys) if s != seat]
    beaten = sum(mine > k for k in others) - sum(mine < k for k in others)
    best_other = max(k[0] for k in others)
    return WIN_WORTH * beaten / len(others) + W_SCORE * (mine[0] - best_other)


def evaluate(state: State, seat: int, mover: int) -> float:
    """How good `state` is for `seat` when `mover` rolls next: its worth less the best
    opponent's (a finished game: the places won)."""
    if state.over or len(state.centre) >= CENTRE_PLACES:
        return _final(state, seat)
    w = worths(state, mover)
    mine = w[seat]
    return mine - max(v for s, v in enumerate(w) if s != seat)


# ---- learned evaluation (experimental) ----
FEATURE_NAMES = (
    "score", "centre", "start", "A", "A_bridge", "B", "B_bridge", "C", "C_bridge",
    "stacks", "loss", "loss_depth", "exposed", "approach",
)  # fmt: skip
NUM_FEATURES = len(FEATURE_NAMES)
_ZONE = tuple(3 + 2 * CIRCLE_OF[s] + (INWARD[s] != NONE) for s in range(NUM_SPACES))
_APPROACH_CHANCE = tuple(0.0 if INWARD[s] != NONE else _bridge_chance(s) for s in range(NUM_SPACES))


def seat_features(state: State, mover: int) -> list[list[float]]:
    """Per seat, the raw features of the evaluation with `mover` to roll next."""
    n = state.num_players
    cells = state.cells
    out = [[0.0] * NUM_FEATURES for _ in range(n)]
    centre = state.centre
    for seat in range(n):
        f = out[seat]
        pts = state.gained[seat] - state.lost[seat]
        for i, s in enumerate(centre):
            if s == seat:
                pts += CENTRE_VALUES[i]
        f[0] = pts
        f[1] = centre.count(seat)
        f[2] = bin(state.start[seat]).count("1")
    units = [i for i in range(NUM_SPACES) if cells[i]]
    risk = threats(state, mover, units)
    other = threats(state, 1 - mover, units) if n == 2 else {}
    for i in units:
        v = cells[i]
        owner, height = v & OWNER_MASK, v >> HEIGHT_SHIFT
        f = out[owner]
        f[_ZONE[i]] += height
        if height == 2:
            f[9] += 1
        if owner != mover:
            p = risk.get(i, 0.0)
            f[10] += height * p
            f[11] += height * p * (CIRCLE_OF[i] + 1)
        else:
            f[12] += height * other.get(i, 0.0)
        f[13] += height * _APPROACH_CHANCE[i]
    return out


WEIGHTS = (
    # 0 in the centre: 102730 samples, log loss 0.561
    (0.8352, 0.0000, -0.3454, -0.2449, -0.0181, -0.0441, 0.2733, 0.2154, 0.5814, 0.1551, -0.7350, -0.5545, -0.8400, 0.0645, 0.2047),
    # 1 in the centre: 26390 samples, log loss 0.391
    (0.6627, -1.1559, 0.1499, 0.4348, 0.4836, 0.6662, 0.9134, 0.7306, 0.9985, 0.3171, -0.7573, -0.6506, -0.2982, -0.0142, 0.0025),
    # 2 in the centre: 39040 samples, log loss 0.182
    (0.8790, -1.2362, 0.5874, 0.6777, 0.7742, 0.6285, 1.0098, 0.6266, 0.8994, 0.1833, -0.4457, -0.5222, -0.5109, 0.4231, 0.1198),
    # 3 in the centre: 56052 samples, log loss 0.144
    (1.1384, -1.3454, 0.1464, 0.2701, 0.5407, 0.4160, 0.7208, 0.6475, 0.9767, 0.3558, -0.3277, -0.6842, 0.0031, 0.4042, -0.0680),
    # 4 in the centre: 316498 samples, log loss 0.030
    (1.6906, 0.7492, -0.0327, 0.1377, 0.1368, 0.2110, 0.2272, -0.1727, 0.4116, 0.0692, -0.1157, -0.3168, 0.0970, 0.0783, -0.3348),
)  # score, centre, start, A, A_bridge, B, B_bridge, C, C_bridge, stacks, loss, loss_depth, exposed, approach, to_roll


def learned(state: State, seat: int, mover: int) -> float:
    """The chance that `seat` wins, with `mover` to roll next (1, 0.5 or 0 once over)."""
    if state.over or len(state.centre) >= CENTRE_PLACES:
        from .rules import rank_keys

        keys = rank_keys(state)
        others = max(k for s, k in enumerate(keys) if s != seat)
        return 1.0 if keys[seat] > others else 0.5 if keys[seat] == others else 0.0
    f = seat_features(state, mover)
    w = WEIGHTS[len(state.centre)]
    mine = f[seat]
    best = -1e9
    for other in range(state.num_players):
        if other == seat:
            continue
        logit = sum(wi * (a - b) for wi, a, b in zip(w, mine, f[other])) + w[-1] * (
            1.0 if mover == seat else -1.0 if mover == other else 0.0
        )
        best = max(best, -logit)
    return 1.0 / (1.0 + math.exp(best))
