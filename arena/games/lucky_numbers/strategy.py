"""Built-in Lucky Numbers bots: `greedy`, a one-decision look-ahead over a grid evaluation.

The evaluation rewards tiles in the grid, keeps empty cells fillable (the open interval of
values a cell still accepts should stay wide), and keeps each tile near the ideal value of its
cell (a1 ~ 1, d4 ~ 20, rising along rows and columns). A table tile is taken when placing it
beats the expected gain of a blind draw. Uses only `request.view` and `request.legal_moves`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.games.lucky_numbers.grid import bounds
from arena.games.lucky_numbers.notation import CELLS, MAX_VALUE, MIN_VALUE, SIZE, cell_index
from arena.search.levels import Level, boss_levels

TILE_WEIGHT = 10.0  # one more tile in the grid
DEAD_CELL_PENALTY = 12.0  # an empty cell no value can reach any more
WIDTH_WEIGHT = 1.5  # per sqrt(number of values an empty cell still accepts)
FIT_WEIGHT = 0.35  # per unit of distance between a tile and its cell's ideal value

# The value a cell would hold in an evenly spread grid: a1 = 1, d4 = 20.
IDEAL: tuple[float, ...] = tuple(
    MIN_VALUE + (MAX_VALUE - MIN_VALUE) * (i // SIZE + i % SIZE) / (2 * (SIZE - 1))
    for i in range(CELLS)
)


def evaluate(grid: tuple[int, ...]) -> float:
    """How promising a grid is (higher is better)."""
    score = 0.0
    for i, (lo, hi) in enumerate(bounds(grid)):
        value = grid[i]
        if value:
            score += TILE_WEIGHT - FIT_WEIGHT * abs(value - IDEAL[i])
        elif hi - lo - 1 <= 0:
            score -= DEAD_CELL_PENALTY
        else:
            score += WIDTH_WEIGHT * math.sqrt(hi - lo - 1)
    return score


def _after(grid: tuple[int, ...], move: str, value: int) -> tuple[int, ...]:
    """The grid after a place/swap move of `value` (unchanged for discard)."""
    if move == "discard":
        return grid
    cell = cell_index(move.split()[1])
    return grid[:cell] + (value,) + grid[cell + 1 :]


def best_resolve(grid: tuple[int, ...], value: int, moves: Sequence[str]) -> tuple[float, str]:
    """The best of `moves` for a tile `value`, with the evaluation it reaches."""
    scored = [(evaluate(_after(grid, m, value)), -k, m) for k, m in enumerate(moves)]
    best = max(scored)
    return best[0], best[2]


def _resolve_moves_for(grid: tuple[int, ...], value: int) -> list[str]:
    """Every place/swap for `value` (as the engine would list them, without discard)."""
    out = []
    for i, (lo, hi) in enumerate(bounds(grid)):
        if lo < value < hi and grid[i] != value:
            out.append(f"{'swap' if grid[i] else 'place'} {'abcd'[i % SIZE]}{i // SIZE + 1}")
    return out


def _unseen(view: Mapping[str, Any]) -> Counter[int]:
    """Values that may still be in the pot: every set minus what is visible."""
    n = view["num_players"]
    left = Counter({v: n for v in range(MIN_VALUE, MAX_VALUE + 1)})
    visible = Counter(v for g in view["grids"] for v in g if v)
    visible.update(view["table"])
    if view["hand"]:
        visible[view["hand"]] += 1
    left.subtract(visible)
    return +left


def draw_value(grid: tuple[int, ...], view: Mapping[str, Any]) -> float:
    """Expected evaluation after a blind draw (a drawn tile can always be discarded)."""
    base = evaluate(grid)
    unseen = _unseen(view)
    total = sum(unseen.values())
    if total == 0:
        return base
    expected = 0.0
    for value, count in unseen.items():
        options = _resolve_moves_for(grid, value)
        best = best_resolve(grid, value, options)[0] if options else base
        expected += count * max(best, base)
    return expected / total


def _acquire(grid: tuple[int, ...], view: Mapping[str, Any], legal: Sequence[str]) -> str:
    best_score, best_move = draw_value(grid, view), "draw"
    for move in legal:
        if move.startswith("take "):
            value = int(move.split()[1])
            score = best_resolve(grid, value, _resolve_moves_for(grid, value))[0]
            if score > best_score:
                best_score, best_move = score, move
    return best_move


def _setup(grid: tuple[int, ...], value: int, legal: Sequence[str]) -> str:
    """Michael's setup: the free diagonal cell whose ideal value is nearest."""
    return min(legal, key=lambda m: abs(value - IDEAL[cell_index(m.split()[1])]))


def make_greedy(seed: int | None = None) -> Policy:
    """The greedy policy (deterministic; `seed` is accepted for the factory signature)."""

    def choose(request: DecisionRequest) -> Reply:
        view, legal = request.view, request.legal_moves
        grid = tuple(view["grids"][request.seat])
        if view["phase"] == "setup":
            return _setup(grid, view["hand"], legal)
        if view["phase"] == "acquire":
            return _acquire(grid, view, legal)
        return best_resolve(grid, view["hand"], legal)[1]

    return choose


BOSS_LEVELS: dict[str, Level] = {
    "boss:1": (60, None),
    "boss:2": (250, None),
    "boss:3": (1000, None),
    "boss": (None, None),
}
"""Each boss level's (rollouts per decision, ms cap per decision); None: as the clock allows."""

STRATEGIES: dict[str, Callable[..., Policy]] = {
    "greedy": make_greedy,
    **boss_levels("arena.games.lucky_numbers.boss", BOSS_LEVELS),
}
