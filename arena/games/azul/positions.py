"""Literal Azul positions from text, for tests, puzzles and bot debugging.

    board(wall=["BY...", ".....", ...], lines=["", "BB", "", "", ""], floor="MR", score=7)

Wall rows use colour letters, "." for empty and, on the coloured wall, "#" for "the tile printed
on that space". Lines are strings of one repeated letter. Floors use letters and "M".
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.core.chance import Stream

from .state import (
    COLOURS,
    EMPTY_COUNTS,
    ITEM_LETTERS,
    NO_SEAT,
    NUM_COLOURS,
    OFFER,
    TILES_PER_COLOUR,
    TILES_PER_DISPLAY,
    Board,
    State,
    colored_colour,
)

EMPTY_WALL = (".....",) * 5


def counts(letters: str) -> tuple[int, ...]:
    """Tile counts per colour from letters, e.g. "BBR" -> (2, 0, 1, 0, 0)."""
    return tuple(letters.count(c) for c in COLOURS)


def board(
    wall: Sequence[str] = EMPTY_WALL,
    lines: Sequence[str] = ("", "", "", "", ""),
    floor: str = "",
    score: int = 0,
    gray: bool = False,
) -> Board:
    """A board from text (see the module docstring); no scoring happens while building it."""
    wall_bits = wall_t = colour_rows = colour_cols = cells = 0
    for r, row in enumerate(wall):
        for c, ch in enumerate(row):
            if ch == ".":
                continue
            k = colored_colour(r, c) if ch == "#" else COLOURS.index(ch)
            if not gray and k != colored_colour(r, c):
                raise ValueError(f"the coloured wall has no {ch} at row {r + 1}, column {c + 1}")
            wall_bits |= 1 << 5 * r + c
            wall_t |= 1 << 5 * c + r
            colour_rows |= 1 << 6 * k + r
            colour_cols |= 1 << 5 * k + c
            cells |= (k + 1) << 3 * (5 * r + c)
    codes = []
    for r, text in enumerate(lines):
        if len(set(text)) > 1 or len(text) > r + 1:
            raise ValueError(f"pattern line {r + 1} cannot hold {text!r}")
        codes.append(len(text) * 8 + COLOURS.index(text[0]) if text else 0)
    items = tuple(ITEM_LETTERS.index(ch) for ch in floor)
    return Board(score, tuple(codes), wall_bits, wall_t, colour_rows, colour_cols, cells, items)


def _on_boards(boards: Sequence[Board]) -> list[int]:
    """Tiles per colour sitting on boards (walls, pattern lines, floors)."""
    total = [0] * NUM_COLOURS
    for b in boards:
        for code in b.lines:
            if code:
                total[code & 7] += code >> 3
        for item in b.floor:
            if item < NUM_COLOURS:
                total[item] += 1
        for i in range(25):
            k = (b.cells >> 3 * i & 7) - 1
            if k >= 0:
                total[k] += 1
    return total


def state(
    boards: Sequence[Board],
    factories: Sequence[str] | None = None,
    centre: str = "",
    *,
    marker_in_centre: bool = True,
    current: int = 0,
    gray: bool = False,
    lid: str | None = None,
    bag: str | None = None,
    round: int = 1,
    marker_taker: int = NO_SEAT,
    seed: int = 1,
) -> State:
    """An offer-phase position. Without `lid`, every tile not placed elsewhere is in the lid;
    without `bag`, the bag is empty (so a refill shuffles the lid in, from `seed`)."""
    n = len(boards)
    displays = list(factories or [""] * (2 * n + 1))
    if len(displays) != 2 * n + 1 or any(len(f) > TILES_PER_DISPLAY for f in displays):
        raise ValueError(f"{n} players need {2 * n + 1} displays of at most 4 tiles each")
    facs = tuple(counts(f) for f in displays)
    bag_tiles = tuple(COLOURS.index(ch) for ch in (bag or ""))
    if lid is None:
        used = _on_boards(boards)
        for group in (*facs, counts(centre), counts(bag or "")):
            used = [u + g for u, g in zip(used, group, strict=True)]
        lid_counts = tuple(TILES_PER_COLOUR - u for u in used)
    else:
        lid_counts = counts(lid)
    return State(
        num_players=n,
        gray=gray,
        phase=OFFER,
        current=current,
        round=round,
        start_player=current,
        marker_taker=marker_taker,
        marker_in_centre=marker_in_centre,
        factories=facs,
        centre=counts(centre) if centre else EMPTY_COUNTS,
        offer_left=sum(map(sum, facs)) + len(centre),
        boards=tuple(boards),
        bag=bag_tiles,
        lid=lid_counts,
        stream=Stream(seed),
        pending_line=-1,
        termination="",
    )
