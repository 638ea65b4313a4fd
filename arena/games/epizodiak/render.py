"""A text picture of Epizodiak: the dial drawn as a clock face, then hands, sets and scores."""

from __future__ import annotations

from .state import (
    NUM_PLAYERS,
    VALUES,
    Phase,
    State,
    block_values,
    hand_tiles,
    open_values,
    sets_of,
)
from .view import dial_places

SEAT_LETTERS = "ABC"

# (row, column) of each value's place on a 7-row clock face, 12 at the top.
_CLOCK: dict[int, tuple[int, int]] = {
    12: (0, 9),
    1: (1, 14),
    2: (2, 17),
    3: (3, 18),
    4: (4, 17),
    5: (5, 14),
    6: (6, 9),
    7: (5, 4),
    8: (4, 1),
    9: (3, 0),
    10: (2, 1),
    11: (1, 4),
}
_WIDTH = 22


def render_dial(places: list[int]) -> list[str]:
    """The 12 places as a clock face, 12 at the top: `[ 7]` a tile on its place, `  . ` empty."""
    grid = [[" "] * _WIDTH for _ in range(7)]
    for v, (row, col) in _CLOCK.items():
        cell = f"[{v:>2}]" if places[v - 1] else "  . "
        grid[row][col : col + len(cell)] = cell
    return ["".join(row).rstrip() for row in grid]


def _header(state: State) -> str:
    mode = "One round" if state.options.mode == "one_round" else f"Score {state.options.target}"
    if state.phase == Phase.OVER:
        return f"Epizodiak ({mode}): game over after {len(state.rounds)} round(s)"
    return (
        f"Epizodiak ({mode}): round {state.round}, turn {state.turns + 1}, "
        f"{SEAT_LETTERS[state.current]} to move ({Phase(state.phase).name.lower()})"
    )


def render(state: State, viewer: int | None = None) -> str:
    """The position as `viewer` sees it: only the viewer's own hand is spelled out."""
    lines = [_header(state)]
    lines.extend(render_dial(dial_places(state)))
    block = " ".join(map(str, block_values(state.start, state.length)))
    opened = " ".join(map(str, sorted(set(open_values(state.start, state.length)))))
    opened = f"open {opened}" if state.length < VALUES else "full"
    lines.append(f"dial {block} ({opened})  pile {len(state.pile)}  skips {state.skips}")
    for seat in range(NUM_PLAYERS):
        me = "*" if seat == viewer else " "
        hand = state.hands[seat]
        tiles = " ".join(map(str, hand_tiles(hand)))
        shown = f"[{tiles}]" if seat == viewer else f"{sum(hand)} tiles"
        gone = " ".join(str(v) for v, s in state.discards if s == seat) or "-"
        lines.append(
            f"{me}{SEAT_LETTERS[seat]} hand {shown:<28} sets {gone:<10} "
            f"({sets_of(state.discards, seat)})  total {state.totals[seat]}"
        )
    lines.extend(f"  {SEAT_LETTERS[s]}: {text}" for s, text in state.recent[-NUM_PLAYERS:])
    if state.turn_moves:
        lines.append(f"  {SEAT_LETTERS[state.current]}: {'; '.join(state.turn_moves)} ...")
    return "\n".join(lines)
