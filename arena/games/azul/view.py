"""The public view of an Azul position (JSON-ready; mirrored by proto AzulView).

Azul hides only the order of the bag, so every seat and a spectator see the same view
(but for `seat`, the viewer: None for a spectator).
Tiles are letters B Y R K W; the starting-player marker on a floor is M; "." is an empty wall
space. Counts per colour are lists in the order B Y R K W.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .state import COLOURS, ITEM_LETTERS, OFFER, OVER, ROUND_CAP, WALL, Board, State

PHASE_NAMES = {OFFER: "offer", WALL: "wall", OVER: "over"}


class _Memo(dict):  # type: ignore[type-arg]
    """A dict that computes missing entries with `fn` (views repeat the same few values)."""

    def __init__(self, fn: Callable[[Any], Any], limit: int = 100_000) -> None:
        super().__init__()
        self.fn = fn
        self.limit = limit

    def __missing__(self, key: Any) -> Any:
        if len(self) > self.limit:  # bound the memory of very long runs
            self.clear()
        value = self[key] = self.fn(key)
        return value


def _counts_text(counts: tuple[int, ...]) -> str:
    return "".join(COLOURS[k] * n for k, n in enumerate(counts))


_COUNTS_TEXT: dict[tuple[int, ...], str] = _Memo(_counts_text)


def counts_text(counts: tuple[int, ...]) -> str:
    """Tiles as letters in colour order, e.g. (2, 0, 1, 1, 0) -> "BBRK"."""
    return _COUNTS_TEXT[counts]


def _row_text(cells: int) -> str:
    """One wall row from its 15 bits of cells (3 bits per space, 0 empty, else colour + 1)."""
    return "".join(COLOURS[v - 1] if (v := cells >> 3 * c & 7) else "." for c in range(5))


_ROW_TEXT = _Memo(_row_text)


def wall_rows(board: Board) -> list[str]:
    """The wall as 5 strings of 5 letters, top row first; "." for an empty space."""
    cells = board.cells
    return [_ROW_TEXT[cells >> 15 * r & 0x7FFF] for r in range(5)]


def _bag_counts(bag: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(bag.count(k) for k in range(5))


# The bag changes only when a round's displays are filled: every view of a round counts the
# same bag (up to 100 tiles, 5 passes over them: a fifth of a view's cost), so it is counted
# once. Keys are whole bags: a few thousand of them at most.
_BAG_COUNTS: dict[tuple[int, ...], tuple[int, ...]] = _Memo(_bag_counts, limit=4096)


def _line_text(code: int) -> str:
    return COLOURS[code & 7] * (code >> 3) if code & 7 < 5 else ""  # codes 5-7 never occur


_LINE_TEXT: tuple[str, ...] = tuple(_line_text(code) for code in range(48))


def board_view(board: Board, seat: int, state: State) -> dict[str, Any]:
    """One player's board as public data."""
    return {
        "score": board.score,
        "lines": [_LINE_TEXT[code] for code in board.lines],
        "wall": wall_rows(board),
        "floor": "".join([ITEM_LETTERS[i] for i in board.floor]),
        "has_marker": state.marker_taker == seat,
    }


def to_move(state: State) -> list[int]:
    """Seats to decide now (empty once over)."""
    return [] if state.phase == OVER else [state.current]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """Everything public: displays, centre, boards, bag and lid counts, round, whose decision."""
    return {
        "seat": seat,
        "num_players": state.num_players,
        "wall_variant": "gray" if state.gray else "colored",
        "round": state.round,
        "round_cap": ROUND_CAP,
        "phase": PHASE_NAMES[state.phase],
        "to_move": to_move(state),
        "start_player": state.start_player,
        "factories": [counts_text(f) for f in state.factories],
        "centre": counts_text(state.centre),
        "marker_in_centre": state.marker_in_centre,
        "boards": [board_view(b, s, state) for s, b in enumerate(state.boards)],
        "bag": list(_BAG_COUNTS[state.bag]),  # counts only: the order is hidden
        "lid": list(state.lid),
        "pending_line": state.pending_line + 1,
        "termination": state.termination,
    }
