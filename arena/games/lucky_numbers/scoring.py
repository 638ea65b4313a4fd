"""Lucky Numbers scoring: the result of a finished game and the tournament points (§6.1)."""

from __future__ import annotations

from arena.core.game import outcome_from_keys
from arena.core.values import Outcome, Seat, Termination
from arena.games.lucky_numbers.notation import CELLS

WIN_POINTS = 2  # §6.1: the winner(s) of a game gain 2 tournament points
EMPTY_CELL_PENALTY = 1  # §6.1: everyone else loses 1 point per empty cell


def tournament_points(tiles: tuple[int, ...], winners: tuple[Seat, ...]) -> tuple[float, ...]:
    """§6.1 / LN-A11: each winner +2; everyone else -1 per empty cell of their grid."""
    return tuple(
        float(WIN_POINTS) if s in winners else -float(EMPTY_CELL_PENALTY * (CELLS - t))
        for s, t in enumerate(tiles)
    )


def result(
    grids: tuple[tuple[int, ...], ...], winners: tuple[Seat, ...], termination: Termination
) -> Outcome:
    """The result of a finished game: LN-A10 ranks, scores = tiles in grid, §6.1 points."""
    tiles = tuple([CELLS - g.count(0) for g in grids])
    keys = [(s in winners, t) for s, t in enumerate(tiles)]
    points = tournament_points(tiles, winners)
    return outcome_from_keys(keys, tiles, points=points, termination=termination)
