"""Lucky Numbers: each player's 4x4 grid of clover tiles, the face-up table and the pot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.web.boards import esc, seat_label

SIZE = 4


def draw(view: dict[str, Any], players: Sequence[str]) -> str:
    """The grids side by side, then the table of face-up tiles."""
    grids = []
    to_move = set(view.get("to_move", []))
    for seat, grid in enumerate(view["grids"]):
        rows = []
        for r in range(SIZE):
            cells = []
            for c in range(SIZE):
                value = grid[r * SIZE + c]
                cls = "tile" if value else "cell"
                cells.append(f'<td class="{cls}">{value or ""}</td>')
            rows.append("<tr>" + "".join(cells) + "</tr>")
        mark = " to-move" if seat in to_move else ""
        grids.append(
            f'<div class="grid{mark}" data-seat="{seat}"><h3>{seat_label(players, seat)}</h3>'
            f'<table class="ln-grid">{"".join(rows)}</table></div>'
        )
    table = "".join(f'<span class="tile">{esc(t)}</span>' for t in view.get("table", []))
    hand = view.get("hand") or ""
    held = (
        f' <span class="hand">in hand: <span class="tile">{esc(hand)}</span></span>' if hand else ""
    )
    return (
        f'<div class="ln">{"".join(grids)}</div>'
        f'<p class="ln-table">table: {table or "empty"} · pot: {esc(view.get("pot_size", 0))}'
        f" · turn {esc(view.get('turn', 0))}{held}</p>"
    )
