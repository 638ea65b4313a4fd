"""Board drawings for the match page: one module per game (`draw(scene) -> HTML`), named by the
game's registry entry, and the game's text picture in a <pre> for a game without one.

Every board is drawn from a `Scene` (scene.py): the spectator view and the update's public
facts, never more.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.registry import game_entry, load_part
from arena.errors import UnknownGameError
from arena.web.boards.scene import LastMove, Result, Scene, esc, frame

Board = Callable[[Scene], str]
"""draw(scene) -> HTML of one game's board, in its frame."""


def seat_label(players: Sequence[str], seat: int) -> str:
    """`seat 0 (greedy)`, escaped."""
    name = players[seat] if seat < len(players) else "?"
    return f"seat {seat} ({esc(name)})"


def draw(
    game: str,
    view: Mapping[str, Any] | None,
    players: Sequence[str],
    text: str,
    move: LastMove | None = None,
    result: Result | None = None,
) -> str:
    """The board of a position as HTML/SVG: the game's module, else its text picture."""
    if view is None:
        scene = Scene({}, players, None, result)
        withheld = '<p class="withheld">position withheld until its tournament is finished</p>'
        return frame(scene, withheld)
    scene = Scene(view, players, move, result)
    board = board_of(game)
    if board is None:
        deciding = [s for s in view.get("to_move") or [] if isinstance(s, int)]
        return frame(scene, f'<pre class="board-text">{esc(text)}</pre>', deciding=deciding)
    return board(scene)


def board_of(game: str) -> Board | None:
    """The drawing the game's registry entry names; None: it has none, or is not known here
    (a referee newer than this web app): the page shows its text picture."""
    try:
        path = game_entry(game).board
    except UnknownGameError:
        return None
    board: Board | None = load_part(path) if path is not None else None
    return board


def hand(game: str, view: Mapping[str, Any]) -> str:
    """What only the seat sees of its own holdings, drawn from its view for the person playing
    it (the drawing its registry entry names); "" for a game that hides nothing more."""
    try:
        path = game_entry(game).hand
    except UnknownGameError:
        return ""
    if path is None:
        return ""
    drawing: Callable[[Mapping[str, Any]], str] = load_part(path)
    return drawing(view)


__all__ = ["Board", "LastMove", "Result", "Scene", "board_of", "draw", "esc", "hand", "seat_label"]
