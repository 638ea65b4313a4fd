"""Build literal Lucky Numbers positions from grid pictures (for tests, puzzles and bot authors).

A picture lists 16 cells row by row (a1 b1 c1 d1 / a2 ...), numbers for tiles and `.` for
empty cells, separated by any whitespace:

    3  .  .  12
    .  7  .  .
    .  .  10 .
    .  .  .  18
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arena.core.values import Seat
from arena.games.lucky_numbers.grid import Grid, rule_holds
from arena.games.lucky_numbers.notation import CELLS, MAX_VALUE, MIN_VALUE, SIZE
from arena.games.lucky_numbers.state import LuckyNumbersOptions, LuckyNumbersState, Phase, Source


def grid_from_picture(picture: str) -> Grid:
    """A grid from its picture; ValueError if it is not 16 cells obeying rule 2.1."""
    tokens = picture.split()
    if len(tokens) != CELLS:
        raise ValueError(f"a grid picture needs {CELLS} cells, got {len(tokens)}")
    grid = tuple(0 if t == "." else int(t) for t in tokens)
    if any(v and not MIN_VALUE <= v <= MAX_VALUE for v in grid):
        raise ValueError(f"tile values are {MIN_VALUE}-{MAX_VALUE}: {picture!r}")
    if not rule_holds(grid):
        raise ValueError(f"grid breaks the placement rule: {picture!r}")
    return grid


def grid_picture(grid: Grid) -> str:
    """The picture of a grid (inverse of grid_from_picture)."""
    rows = [grid[r * SIZE : (r + 1) * SIZE] for r in range(SIZE)]
    return "\n".join(" ".join(f"{v or '.':>2}" for v in row) for row in rows)


def position(
    pictures: Sequence[str],
    *,
    table: Iterable[int] = (),
    pot: Iterable[int] = (1,),
    current: Seat = 0,
    start: Seat = 0,
    hand: int = 0,
    source: Source | str = Source.NONE,
    options: LuckyNumbersOptions | None = None,
    turn: int = 1,
    bonus: bool = False,
    chain_returned: Iterable[int] = (),
) -> LuckyNumbersState:
    """A mid-game state: acquire phase when `hand` is 0, else resolve phase holding `hand`."""
    src = Source(source)
    if hand and src is Source.NONE:
        src = Source.DRAW
    return LuckyNumbersState(
        options=options or LuckyNumbersOptions(),
        grids=tuple(grid_from_picture(p) for p in pictures),
        table=tuple(sorted(table)),
        pot=tuple(pot),
        start=start,
        current=current,
        phase=Phase.RESOLVE if hand else Phase.ACQUIRE,
        turn=turn,
        hand=hand,
        source=src,
        bonus=bonus,
        chain_returned=tuple(sorted(chain_returned)),
    )
