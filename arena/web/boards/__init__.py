"""Board drawings for the match page: one module per game (`draw(view, players) -> HTML`), and
the game's text picture in a <pre> for a game without one."""

from __future__ import annotations

import html
import importlib
from collections.abc import Sequence
from typing import Any

# Games drawn by a module of this package; any other game falls back to its text picture.
DRAWN = ("lucky_numbers", "azul", "the_number", "hypnosia", "arctic_scavengers")


def esc(value: Any) -> str:
    """Text made safe for HTML."""
    return html.escape(str(value), quote=True)


def seat_label(players: Sequence[str], seat: int) -> str:
    """`seat 0 (greedy)`, escaped."""
    name = players[seat] if seat < len(players) else "?"
    return f"seat {seat} ({esc(name)})"


def draw(game: str, view: dict[str, Any] | None, players: Sequence[str], text: str) -> str:
    """The board of a position as HTML/SVG: the game's module, else its text picture."""
    if view is None:
        return '<p class="withheld">position withheld until its tournament is finished</p>'
    if game in DRAWN:
        module = importlib.import_module(f"arena.web.boards.{game}")
        return str(module.draw(view, players))
    return f'<pre class="board-text">{esc(text)}</pre>'
