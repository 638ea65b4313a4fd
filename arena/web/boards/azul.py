"""Azul: factory displays and centre, then each player's pattern lines, wall, floor, score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.web.boards import esc, seat_label

# Tile letters: B blue, Y yellow, R red, K black, W white; M the first-player marker.
COLOURS = {"B": "#2b6cb0", "Y": "#ecc94b", "R": "#c53030", "K": "#1a202c", "W": "#e2e8f0",
           "M": "#805ad5"}  # fmt: skip
WALL = ("BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB")  # the coloured wall's pattern


def tile(letter: str, *, ghost: bool = False) -> str:
    """One tile as a coloured square (a ghost: an empty wall space of that colour)."""
    colour = COLOURS.get(letter.upper(), "#a0aec0")
    cls = "az-tile ghost" if ghost else "az-tile"
    return f'<span class="{cls}" style="background:{colour}" title="{esc(letter)}"></span>'


def draw(view: dict[str, Any], players: Sequence[str]) -> str:
    """Displays, centre and boards."""
    displays = "".join(
        f'<div class="az-factory">{"".join(tile(t) for t in f) or "&nbsp;"}</div>'
        for f in view.get("factories", [])
    )
    centre = "".join(tile(t) for t in view.get("centre", ""))
    if view.get("marker_in_centre"):
        centre = tile("M") + centre
    boards = []
    for seat, board in enumerate(view.get("boards", [])):
        lines = []
        for row, line in enumerate(board["lines"]):
            slots = "".join(tile(t) for t in line) + '<span class="az-slot"></span>' * (
                row + 1 - len(line)
            )
            wall_row = board["wall"][row]
            wall = "".join(
                tile(WALL[row][c], ghost=wall_row[c] == ".") for c in range(len(wall_row))
            )
            lines.append(f'<div class="az-row"><span class="az-line">{slots}</span>{wall}</div>')
        floor = "".join(tile(t) for t in board.get("floor", ""))
        boards.append(
            f'<div class="az-board" data-seat="{seat}"><h3>{seat_label(players, seat)}: '
            f"{esc(board['score'])} points</h3>{''.join(lines)}"
            f'<div class="az-floor">floor {floor}</div></div>'
        )
    return (
        f"<p>round {esc(view.get('round', ''))}, {esc(view.get('phase', ''))}</p>"
        f'<div class="az-displays">{displays}</div><div class="az-centre">centre {centre}</div>'
        f'<div class="az-boards">{"".join(boards)}</div>'
    )
