"""The placement rule (spec §2) on one 4x4 grid, plus Bruno's diagonal test (§6.2).

A grid is a tuple of 16 ints, row-major (a1, b1, c1, d1, a2, ...), 0 for an empty cell.
"""

from __future__ import annotations

from functools import lru_cache

from arena.games.lucky_numbers.analysis import analyse, dense
from arena.games.lucky_numbers.notation import (
    CELLS,
    MAX_VALUE,
    SIZE,
    cell_name,
    column_name,
    row_name,
)

Grid = tuple[int, ...]

EMPTY_GRID: Grid = (0,) * CELLS


def _line_cells(index: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    row, col = divmod(index, SIZE)
    before = tuple(row * SIZE + c for c in range(col)) + tuple(r * SIZE + col for r in range(row))
    after = tuple(row * SIZE + c for c in range(col + 1, SIZE)) + tuple(
        r * SIZE + col for r in range(row + 1, SIZE)
    )
    return before, after


# Cells that must hold smaller values (left in the row, above in the column) and larger ones.
BEFORE: tuple[tuple[int, ...], ...] = tuple(_line_cells(i)[0] for i in range(CELLS))
AFTER: tuple[tuple[int, ...], ...] = tuple(_line_cells(i)[1] for i in range(CELLS))
DIAGONAL_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        (r + dr) * SIZE + (c + dc)
        for dr in (-1, 1)
        for dc in (-1, 1)
        if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE
    )
    for r, c in (divmod(i, SIZE) for i in range(CELLS))
)


def tiles_in(grid: Grid) -> int:
    """How many tiles the grid holds."""
    return CELLS - grid.count(0)


# The 8 lines (rows, then columns), each listed in "before -> after" order.
LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))
_NO_UPPER = MAX_VALUE + 1


@lru_cache(maxsize=65536)
def bounds(grid: Grid) -> tuple[tuple[int, int], ...]:
    """Per cell, the open interval (lo, hi) a value must lie in there (rule 2.1).

    The cell's own tile is ignored, so the same bounds serve place and swap. One forward and
    one backward sweep per line; cached because the same grids recur across decisions.
    """
    lo = [0] * CELLS
    hi = [_NO_UPPER] * CELLS
    for line in LINES:
        top = 0
        for i in line:
            if lo[i] < top:
                lo[i] = top
            if grid[i] > top:
                top = grid[i]
        low = _NO_UPPER
        for i in reversed(line):
            if hi[i] > low:
                hi[i] = low
            if grid[i] and grid[i] < low:
                low = grid[i]
    return tuple(zip(lo, hi, strict=True))


def fits(grid: Grid, cell: int, value: int) -> bool:
    """True when `value` in `cell` satisfies rule 2.1 (the cell's current tile ignored)."""
    lo, hi = bounds(grid)[cell]
    return lo < value < hi


def playable_mask(grid: Grid) -> int:
    """Bit v is set when value v has at least one legal place or swap in the grid (LN-A6)."""
    return dense(analyse(grid)[1])


def violation(grid: Grid, cell: int, value: int) -> str | None:
    """Why `value` cannot go into `cell` under rule 2.1, or None when it fits."""
    for other in BEFORE[cell]:
        old = grid[other]
        if old and old >= value:
            return _explain(cell, other, value, old)
    for other in AFTER[cell]:
        old = grid[other]
        if old and old <= value:
            return _explain(cell, other, value, old)
    return None


def _explain(cell: int, other: int, value: int, old: int) -> str:
    same_row = cell // SIZE == other // SIZE
    line = f"row {row_name(cell)}" if same_row else f"column {column_name(cell)}"
    if old == value:
        return f"same number as {cell_name(other)} in {line} ({value})"
    if same_row:
        where = "left of" if cell < other else "right of"
    else:
        where = "above" if cell < other else "below"
    return f"{line}: {value} would be {where} {old} ({cell_name(other)})"


def bruno_bonus(grid: Grid, cell: int) -> bool:
    """True when the tile in `cell` sits diagonally next to an equal tile (Bruno, §6.2)."""
    value = grid[cell]
    return any(grid[n] == value for n in DIAGONAL_NEIGHBOURS[cell])


def rule_holds(grid: Grid) -> bool:
    """True when every tile of the grid satisfies rule 2.1 (for invariant checks)."""
    return all(grid[i] == 0 or violation(grid, i, grid[i]) is None for i in range(CELLS))
