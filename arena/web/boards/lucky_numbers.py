"""Lucky Numbers: each player's 4x4 grid of clover tiles (columns a-d, rows 1-4 as in the move
notation), the face-up table, the pot and the tile in hand."""

from __future__ import annotations

from typing import Any

from arena.web.boards.scene import Scene, esc, frame

SIZE = 4
COLUMNS = "abcd"


def draw(scene: Scene) -> str:
    """The grids side by side, then the table of face-up tiles."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    grids = "".join(_grid(scene, seat, grid, deciding) for seat, grid in enumerate(view["grids"]))
    return frame(scene, f'<div class="ln">{grids}</div>{_table(view)}', deciding=deciding,
                 status=_status(view))  # fmt: skip


def _status(view: dict[str, Any] | Any) -> str:
    phase = view.get("phase", "")
    bonus = " (bonus turn)" if view.get("bonus_turn") else ""
    return f"turn {esc(view.get('turn', 0))}{bonus}, {esc(phase)}"


def _grid(scene: Scene, seat: int, grid: list[int], deciding: list[int]) -> str:
    placed = _placed_cell(scene, seat)
    head = "<tr><th></th>" + "".join(f"<th>{c}</th>" for c in COLUMNS) + "</tr>"
    rows = [head]
    for r in range(SIZE):
        cells = []
        for c in range(SIZE):
            index = r * SIZE + c
            value = grid[index]
            cls = "tile" if value else "cell"
            if index == placed:
                cls += " last"
            name = f"{COLUMNS[c]}{r + 1}"
            cells.append(f'<td class="{cls}" data-cell="{name}">{value or ""}</td>')
        rows.append(f"<tr><th>{r + 1}</th>{''.join(cells)}</tr>")
    tiles = sum(1 for v in grid if v)
    return (
        f'<div class="grid {scene.seat_classes(seat, deciding)}" data-seat="{seat}">'
        f"<h3>{scene.label(seat)} {scene.badge(seat)}</h3>"
        f'<table class="ln-grid">{"".join(rows)}</table>'
        f'<p class="count">{tiles}/16 tiles</p></div>'
    )


def _placed_cell(scene: Scene, seat: int) -> int:
    """The cell the last move filled (`place c2`, `swap b3`), or -1."""
    if not scene.moved(seat) or scene.move is None:
        return -1
    verb, _, cell = scene.move.text.partition(" ")
    if verb not in ("place", "swap") or len(cell) != 2 or cell[0] not in COLUMNS:
        return -1
    if not cell[1].isdigit() or not 1 <= int(cell[1]) <= SIZE:
        return -1
    return (int(cell[1]) - 1) * SIZE + COLUMNS.index(cell[0])


def _table(view: Any) -> str:
    table = "".join(f'<span class="tile">{esc(t)}</span>' for t in view.get("table", []))
    hand = view.get("hand") or ""
    held = (
        f' <span class="hand">in hand: <span class="tile in-hand">{esc(hand)}</span></span>'
        if hand
        else ""
    )
    return (
        f'<p class="ln-table">table: <span class="ln-face-up">{table or "empty"}</span>'
        f' · pot: <span class="pot">{esc(view.get("pot_size", 0))}</span> tiles{held}</p>'
    )
