"""Board drawings for the match page: one module per game (`draw(view, players) -> HTML`), named
by the game's registry entry, and the game's text picture in a <pre> for a game without one."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from arena.errors import UnknownGameError
from arena.registry import game_entry, load_part

Board = Callable[[dict[str, Any], Sequence[str]], str]
"""draw(view, players) -> HTML of one game's board."""


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
    board = board_of(game)
    if board is None:
        return f'<pre class="board-text">{esc(text)}</pre>'
    return board(view, players)


def board_of(game: str) -> Board | None:
    """The drawing the game's registry entry names; None: it has none, or is not known here
    (a referee newer than this web app): the page shows its text picture."""
    try:
        path = game_entry(game).board
    except UnknownGameError:
        return None
    board: Board | None = load_part(path) if path is not None else None
    return board
