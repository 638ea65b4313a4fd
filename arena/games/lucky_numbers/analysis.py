"""The packed per-grid analysis the engine consults on every decision (rule 2.1, LN-A6, LN-A7).

The analysis of a grid is one int of 16 fields of FIELD_BITS bits, cell i in bits
FIELD_BITS*i onwards: field bit 0 is set when the cell holds a tile, field bit v (1..20) when
value v may be placed or swapped into the cell (rule 2.1, never the cell's own value: LN-A7).
A cell accepts a value when both its row and its column do, so the packed int is the AND of
the 4 row entries ORed together and the 4 column entries ORed together, each looked up by the
line's contents. Big-int operations run in C, which makes this several times cheaper than
sweeping the cells in Python; random playouts spend most of their time here otherwise.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from arena.games.lucky_numbers.notation import CELLS, MAX_VALUE, SIZE

FIELD_BITS = MAX_VALUE + 1
FIELD = (1 << FIELD_BITS) - 1
VALUE_BITS = FIELD & ~1  # the value bits of one field
OCCUPIED = sum(1 << FIELD_BITS * i for i in range(CELLS))  # bit 0 of every field
_NO_UPPER = MAX_VALUE + 1
_ROW_BITS = SIZE * FIELD_BITS
CACHE_LIMIT = 16384  # analyses kept; the cache is emptied when full (the grids in play recur)


class Analysis(NamedTuple):
    """A grid's packed analysis; its playable bits (bit v, for v in 1..20, is set when value v
    fits somewhere: LN-A6; the other bits are junk, mask with VALUE_BITS); and the ORed row
    and column entries (kept to update the analysis cheaply after a one-cell change)."""

    packed: int
    playable: int
    rows: int
    columns: int


def _interval(lo: int, hi: int) -> int:
    """The values strictly between lo and hi as a bit mask (bit v = value v)."""
    return ((1 << hi) - 1) ^ ((1 << (lo + 1)) - 1) if hi - lo > 1 else 0


assert SIZE == 4  # _line_fields and _layouts are written out for lines of four cells
# _FIELD[lo][hi][own]: a field as _line_fields defines it (the line tables are learnt while
# playing, and every new grid of a fresh process meets new lines: building them is a hot spot).
_FIELD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            _interval(lo, hi) & ~(1 << own) & VALUE_BITS | (1 if own else 0)
            for own in range(_NO_UPPER)
        )
        for hi in range(_NO_UPPER + 1)
    )
    for lo in range(_NO_UPPER + 1)
)


def _line_fields(line: tuple[int, ...]) -> tuple[int, ...]:
    """Per position of a line (before -> after), its field as that line alone allows: the
    values above every tile before it and below every tile after it, never its own value,
    and bit 0 set when it holds a tile."""
    a, b, c, d = line
    after_c = d or _NO_UPPER  # the smallest tile after each position (empty cells skipped)
    after_b = c if c and c < after_c else after_c
    after_a = b if b and b < after_b else after_b
    before_c = a if a > b else b  # the largest value before each position
    before_d = before_c if before_c > c else c
    return (
        _FIELD[0][after_a][a],
        _FIELD[a][after_b][b],
        _FIELD[before_c][after_c][c],
        _FIELD[before_d][_NO_UPPER][d],
    )


@cache  # bounded by the possible line contents, like the line tables
def _layouts(line: tuple[int, ...]) -> tuple[int, int]:
    """A line's fields packed as row 1 (cells a1..d1) and as column a (cells a1..a4)."""
    f0, f1, f2, f3 = _line_fields(line)
    as_row = f0 | f1 << FIELD_BITS | f2 << 2 * FIELD_BITS | f3 << 3 * FIELD_BITS
    as_column = f0 | f1 << _ROW_BITS | f2 << 2 * _ROW_BITS | f3 << 3 * _ROW_BITS
    return as_row, as_column


# Per row / column: line contents -> that line's cells' fields in place in the packed int.
# Plain dicts (a dict subclass with __missing__ is several times slower to subscript), filled
# by _learn on a KeyError. Rule-abiding contents number C(24, 4) = 10626 per line.
_ROW_TABLES: tuple[dict[tuple[int, ...], int], ...] = tuple({} for _ in range(SIZE))
_COLUMN_TABLES: tuple[dict[tuple[int, ...], int], ...] = tuple({} for _ in range(SIZE))
_ROW_SLICES = tuple(slice(r * SIZE, (r + 1) * SIZE) for r in range(SIZE))
_COLUMN_SLICES = tuple(slice(c, CELLS, SIZE) for c in range(SIZE))
_ALL = (1 << FIELD_BITS * CELLS) - 1
# Per cell: (row slice, row table, mask clearing that row's fields, and the same for its column).
_CELL_LINES = tuple(
    (
        _ROW_SLICES[i // SIZE],
        _ROW_TABLES[i // SIZE],
        _ALL ^ (((1 << _ROW_BITS) - 1) << (i // SIZE) * _ROW_BITS),
        _COLUMN_SLICES[i % SIZE],
        _COLUMN_TABLES[i % SIZE],
        _ALL ^ (sum(FIELD << FIELD_BITS * (r * SIZE + i % SIZE) for r in range(SIZE))),
    )
    for i in range(CELLS)
)

_CACHE: dict[tuple[int, ...], Analysis] = {}
_new_tuple = tuple.__new__


cached_analysis = _CACHE.get
"""The cached analysis of a grid, or None: `cached_analysis(g) or analyse(g)` saves a call."""


def analyse(grid: tuple[int, ...]) -> Analysis:
    """The analysis of a grid (cached: every decision of a turn asks about the same grid)."""
    found = _CACHE.get(grid)
    if found is not None:
        return found
    r0, r1, r2, r3 = _ROW_TABLES
    c0, c1, c2, c3 = _COLUMN_TABLES
    s0, s1, s2, s3 = _ROW_SLICES
    k0, k1, k2, k3 = _COLUMN_SLICES
    try:
        rows = r0[grid[s0]] | r1[grid[s1]] | r2[grid[s2]] | r3[grid[s3]]
        columns = c0[grid[k0]] | c1[grid[k1]] | c2[grid[k2]] | c3[grid[k3]]
    except KeyError:
        _learn(grid)
        return analyse(grid)
    return _store(grid, rows, columns)


def analyse_changed(old: tuple[int, ...], cell: int, new: tuple[int, ...]) -> Analysis:
    """The analysis of `new`, which differs from `old` in `cell` only: two line lookups."""
    found = _CACHE.get(new)
    if found is not None:
        return found
    before = analyse(old)
    row_slice, row_table, row_keep, column_slice, column_table, column_keep = _CELL_LINES[cell]
    try:
        rows = before.rows & row_keep | row_table[new[row_slice]]
        columns = before.columns & column_keep | column_table[new[column_slice]]
    except KeyError:
        _learn(new)
        return analyse_changed(old, cell, new)
    return _store(new, rows, columns)


def _learn(grid: tuple[int, ...]) -> None:
    """Add the line-table entries for the rows and columns of `grid` that are missing."""
    for r, (part, table) in enumerate(zip(_ROW_SLICES, _ROW_TABLES, strict=True)):
        if (line := grid[part]) not in table:
            table[line] = _layouts(line)[0] << r * _ROW_BITS
    for c, (part, table) in enumerate(zip(_COLUMN_SLICES, _COLUMN_TABLES, strict=True)):
        if (line := grid[part]) not in table:
            table[line] = _layouts(line)[1] << c * FIELD_BITS


def _store(grid: tuple[int, ...], rows: int, columns: int) -> Analysis:
    packed = rows & columns
    # OR the 16 fields into field 0: halve the number of fields four times.
    union = packed | packed >> 8 * FIELD_BITS
    union |= union >> 4 * FIELD_BITS
    union |= union >> 2 * FIELD_BITS
    union |= union >> FIELD_BITS  # bits 1..20 now hold the union; the rest is left unmasked
    if len(_CACHE) >= CACHE_LIMIT:
        _CACHE.clear()
    # tuple.__new__ skips the generated Python __new__ (this runs once per grid in play).
    _CACHE[grid] = found = _new_tuple(Analysis, (packed, union, rows, columns))
    return found


def accepts(packed: int, cell: int, value: int) -> bool:
    """True when the packed analysis lets `value` into `cell` (rule 2.1, not its own value)."""
    return 0 < value < FIELD_BITS and bool(packed >> (FIELD_BITS * cell + value) & 1)
