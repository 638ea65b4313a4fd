"""The packed per-grid analysis the engine keeps for every seat (rule 2.1, LN-A6, LN-A7).

The analysis of a grid is one int of 21 chunks of 24 bits, value-major: bit 24*v + c is set,
for v in 1..20, when value v may be placed or swapped into cell c (rule 2.1, never the cell's
own value: LN-A7); chunk 0 (bit c) is set when cell c holds a tile. The 8 upper bits of each
chunk stay clear: adding 0xFFFF to every chunk carries into its bit 16 exactly when a cell
accepts the value, so the values that fit somewhere (LN-A6) are two operations away, and the
`to_bytes` of that mask holds them one a byte. A cell accepts a value when
both its row and its column do, so the packed int is the AND of the 4 row entries ORed together
and the 4 column entries ORed together, each looked up by the line's contents. Big-int
operations run in C, which makes this several times cheaper than sweeping the cells in Python:
the cells accepting a value are one shift and one mask away.
"""

from __future__ import annotations

from arena.games.lucky_numbers.notation import CELLS, MAX_VALUE, SIZE

CHUNK = 24  # bits per value: one per cell, then 8 clear bits
CELL_MASK = (1 << CELLS) - 1
_NO_UPPER = MAX_VALUE + 1
_VALUE_BIT = [1 << CHUNK * v for v in range(_NO_UPPER)]  # cell 0 of each value's chunk
# A playable or table mask ("sparse"): bit 24*v + 16 for value v, the chunk's carry bit.
SPARSE_BIT = [1 << CHUNK * v + CELLS for v in range(_NO_UPPER)]  # a list: fast to subscript
SPARSE_VALUES = sum(SPARSE_BIT[1:])
_CARRY = sum(CELL_MASK << CHUNK * v for v in range(1, _NO_UPPER))  # 0xFFFF in chunks 1..20

# A grid's analysis: (packed, playable, rows, columns). `playable` is a sparse mask (value v:
# value v fits some cell, LN-A6); the ORed row and column entries are kept to update the
# analysis cheaply after a one-cell change.
Analysis = tuple[int, int, int, int]


def _interval(lo: int, hi: int) -> int:
    """The values strictly between lo and hi at cell 0 of their chunks."""
    return sum(_VALUE_BIT[v] for v in range(lo + 1, hi))


assert SIZE == 4  # _line_fields and _layouts are written out for lines of four cells
# _FIELD[lo][hi][own]: a cell's values (sparse, at cell 0) when its line allows lo < v < hi,
# never its own value, and its occupancy bit (the line tables are learnt while playing, and
# every new grid of a fresh process meets new lines: building them is a hot spot).
_INTERVALS = [[_interval(lo, hi) for hi in range(_NO_UPPER + 1)] for lo in range(_NO_UPPER + 1)]
_FIELD: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(_INTERVALS[lo][hi] & ~_VALUE_BIT[own] | (1 if own else 0) for own in range(_NO_UPPER))
        for hi in range(_NO_UPPER + 1)
    )
    for lo in range(_NO_UPPER + 1)
)


def _line_fields(line: tuple[int, ...]) -> tuple[int, int, int, int]:
    """Per position of a line (before -> after), its field as that line alone allows: the
    values above every tile before it and below every tile after it, never its own value,
    and its occupancy bit."""
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


def _row_entry(line: tuple[int, ...], row: int) -> int:
    """Row `row`'s fields in place in the packed int, its contents being `line`."""
    f0, f1, f2, f3 = _line_fields(line)
    return (f0 | f1 << 1 | f2 << 2 | f3 << 3) << SIZE * row


def _column_entry(line: tuple[int, ...], column: int) -> int:
    """Column `column`'s fields in place in the packed int, its contents being `line`."""
    f0, f1, f2, f3 = _line_fields(line)
    return (f0 | f1 << SIZE | f2 << 2 * SIZE | f3 << 3 * SIZE) << column


# Per row / column: line contents -> that line's entry. Plain dicts, filled on a miss (the
# first grids of a process meet new lines); rule-abiding contents number C(24, 4) = 10626.
_ROW_TABLES: tuple[dict[tuple[int, ...], int], ...] = tuple({} for _ in range(SIZE))
_COLUMN_TABLES: tuple[dict[tuple[int, ...], int], ...] = tuple({} for _ in range(SIZE))
_ROW_CELLS = tuple(tuple(range(r * SIZE, (r + 1) * SIZE)) for r in range(SIZE))
_COLUMN_CELLS = tuple(tuple(range(c, CELLS, SIZE)) for c in range(SIZE))
_ALL = (1 << CHUNK * _NO_UPPER) - 1
_ROW_MASK = tuple(
    _ALL ^ sum(1 << CHUNK * v + i for v in range(_NO_UPPER) for i in _ROW_CELLS[r])
    for r in range(SIZE)
)
_COLUMN_MASK = tuple(
    _ALL ^ sum(1 << CHUNK * v + i for v in range(_NO_UPPER) for i in _COLUMN_CELLS[c])
    for c in range(SIZE)
)
# Per cell: its row, that row's table and the mask clearing the row's bits; the same for its
# column.
CELL_LINES = tuple(
    (
        i // SIZE,
        _ROW_TABLES[i // SIZE],
        _ROW_MASK[i // SIZE],
        i % SIZE,
        _COLUMN_TABLES[i % SIZE],
        _COLUMN_MASK[i % SIZE],
    )
    for i in range(CELLS)
)


def row_entry(grid: tuple[int, ...], row: int) -> int:
    """The table entry of a grid's row (learnt on a miss)."""
    a, b, c, d = _ROW_CELLS[row]
    line = (grid[a], grid[b], grid[c], grid[d])
    found = _ROW_TABLES[row].get(line)
    if found is None:
        found = _ROW_TABLES[row][line] = _row_entry(line, row)
    return found


def column_entry(grid: tuple[int, ...], column: int) -> int:
    """The table entry of a grid's column (learnt on a miss)."""
    a, b, c, d = _COLUMN_CELLS[column]
    line = (grid[a], grid[b], grid[c], grid[d])
    found = _COLUMN_TABLES[column].get(line)
    if found is None:
        found = _COLUMN_TABLES[column][line] = _column_entry(line, column)
    return found


def playable(packed: int) -> int:
    """The sparse mask of the values that fit some cell (a chunk's cells carry into bit 16)."""
    return (packed + _CARRY) & SPARSE_VALUES


def analyse(grid: tuple[int, ...]) -> Analysis:
    """The analysis of a grid, from its 8 lines."""
    rows = row_entry(grid, 0) | row_entry(grid, 1) | row_entry(grid, 2) | row_entry(grid, 3)
    columns = column_entry(grid, 0) | column_entry(grid, 1)
    columns |= column_entry(grid, 2) | column_entry(grid, 3)
    packed = rows & columns
    return packed, playable(packed), rows, columns


def changed(before: Analysis, cell: int, new: tuple[int, ...]) -> Analysis:
    """The analysis of `new`, a grid that differs in `cell` only from the grid analysed as
    `before`: its row's and its column's entries change, the others stay."""
    row, row_table, row_keep, column, column_table, column_keep = CELL_LINES[cell]
    a, b, c, d = _ROW_CELLS[row]
    line = (new[a], new[b], new[c], new[d])
    entry = row_table.get(line)
    if entry is None:
        entry = row_table[line] = _row_entry(line, row)
    rows = before[2] & row_keep | entry
    a, b, c, d = _COLUMN_CELLS[column]
    line = (new[a], new[b], new[c], new[d])
    entry = column_table.get(line)
    if entry is None:
        entry = column_table[line] = _column_entry(line, column)
    columns = before[3] & column_keep | entry
    packed = rows & columns
    return packed, (packed + _CARRY) & SPARSE_VALUES, rows, columns  # playable, written out


def accepting_cells(packed: int, value: int) -> int:
    """The cells (bit c) that accept `value` in the grid analysed as `packed`."""
    return packed >> CHUNK * value & CELL_MASK if 0 < value <= MAX_VALUE else 0


def accepts(packed: int, cell: int, value: int) -> bool:
    """True when the packed analysis lets `value` into `cell` (rule 2.1, not its own value)."""
    return bool(accepting_cells(packed, value) >> cell & 1)


def dense(sparse: int) -> int:
    """A sparse value mask as a dense one (bit v = value v)."""
    return sum(1 << v for v in range(_NO_UPPER) if sparse & SPARSE_BIT[v])
