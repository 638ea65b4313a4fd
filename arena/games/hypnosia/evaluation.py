"""The boss's position evaluation, read straight from an engine state (no view dicts).

The greedy bot's terms (strategy.py: points, how far in the pawns are, bridges to cross from,
the chance of being captured) for every seat, so that a position is judged as the difference
between the seat's worth and its best opponent's. Capture chances count the two dice of the
seat to move next: one die landing on a unit, or both dice moving one unit along its circle.
"""

from __future__ import annotations

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
        from_slot = START_REACH[attacker]
        for k in range(1, START_SLOTS + 1):
            if slots >> (k - 1) & 1:
                for dest, bit in from_slot[k]:
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
