"""Built-in Azul bots. They read only `request.view` and `request.legal_moves`, so they play the
same in-process and over gRPC."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.search.levels import Level, boss_levels

_COLOURS = "BYRKW"
_FLOOR_PENALTY = (0, 1, 2, 4, 6, 8, 11, 14)  # running totals for 0..7 floor spaces (spec §5.3)
_PROGRESS = 0.1  # per tile laid in a pattern line: breaks ties toward building lines


def _run(cells: Sequence[bool], pos: int) -> int:
    """Length of the run of filled cells through `pos` once `pos` is filled."""
    left = pos
    while left > 0 and cells[left - 1]:
        left -= 1
    right = pos
    while right < 4 and cells[right + 1]:
        right += 1
    return right - left + 1


def wall_points(wall: Sequence[str], row: int, col: int) -> int:
    """Points for a new tile at (row, col) of a view wall (rows of letters and '.')."""
    h = _run([ch != "." for ch in wall[row]], col)
    v = _run([wall[r][col] != "." for r in range(5)], row)
    if h == 1 and v == 1:
        return 1
    return (h if h > 1 else 0) + (v if v > 1 else 0)


def gray_columns(wall: Sequence[str], row: int, colour: str) -> list[int]:
    """Columns where `colour` may go in `row` of a gray wall: empty, new to row and column."""
    if colour in wall[row]:
        return []
    return [
        c for c in range(5) if wall[row][c] == "." and all(wall[r][c] != colour for r in range(5))
    ]


def _completion_points(
    view: Mapping[str, Any], board: Mapping[str, Any], row: int, colour: str
) -> int:
    """Points when a completed pattern line `row` is tiled (best column on the gray wall)."""
    wall = board["wall"]
    if view["wall_variant"] == "gray":
        cols = gray_columns(wall, row, colour)
        return max((wall_points(wall, row, c) for c in cols), default=0)
    return wall_points(wall, row, (_COLOURS.index(colour) + row) % 5)


def take_value(view: Mapping[str, Any], seat: int, move: str) -> float:
    """Immediate value of a take: points of a line it completes minus the extra floor penalty."""
    _, src, colour, dest = move.split()
    board = view["boards"][seat]
    pool = view["centre"] if src == "c" else view["factories"][int(src[1:]) - 1]
    taken = pool.count(colour)
    marker = src == "c" and view["marker_in_centre"]
    points, placed = 0.0, 0
    if dest != "floor":
        row = int(dest) - 1
        have = len(board["lines"][row])
        placed = min(taken, row + 1 - have)
        if have + placed == row + 1:
            points = _completion_points(view, board, row, colour)
    floor_before = len(board["floor"])
    floor_after = min(7, floor_before + taken - placed + (1 if marker else 0))
    cost = _FLOOR_PENALTY[floor_after] - _FLOOR_PENALTY[floor_before]
    return points - cost + _PROGRESS * placed


def wall_value(view: Mapping[str, Any], seat: int, move: str) -> float:
    """Points of a gray-wall column choice."""
    _, line, col = move.split()
    return wall_points(view["boards"][seat]["wall"], int(line) - 1, int(col) - 1)


def move_value(view: Mapping[str, Any], seat: int, move: str) -> float:
    """The greedy score of any legal move."""
    if move.startswith("wall"):
        return wall_value(view, seat, move)
    return take_value(view, seat, move)


def make_greedy(seed: int | None = None) -> Policy:
    """Greedy: the move with the best immediate points minus floor cost; ties broken at random."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        values = [move_value(request.view, request.seat, m) for m in request.legal_moves]
        best = max(values)
        moves = request.legal_moves
        return rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])

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
    **boss_levels("arena.games.azul.boss", BOSS_LEVELS),
}
