"""What every board shares: the scene it draws (the spectator view and the update's public
facts), the seat colours, and the frame around a board (whose turn, the last move, the result).

A board is drawn from a `Scene` alone: the spectator view of `view(state, None)` plus the
update's own public fields (the move as the public saw it, the outcome at the end), so a board
can never show more than a spectator may know.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

# One colour per seat, the same on every board (Hypnosia's pawns are these colours).
SEAT_COLOURS = ("#c53030", "#2b6cb0", "#2f855a", "#d69e2e", "#805ad5", "#dd6b20")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def esc(value: Any) -> str:
    """Text made safe for HTML."""
    return html.escape(str(value), quote=True)


def colour(seat: int) -> str:
    """The seat's colour."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def ordinal(rank: int) -> str:
    """1 -> 1st."""
    return ORDINALS[rank - 1] if 1 <= rank <= len(ORDINALS) else f"{rank}th"


def number(value: Any) -> str:
    """A score as people write it: 2, 0.67 (scores travel as doubles)."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return esc(value)


@dataclass(frozen=True, slots=True)
class LastMove:
    """The move of the update being drawn, as the public saw it."""

    seat: int
    text: str


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of the END update."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    points: tuple[float, ...]
    termination: str = "normal"
    detail: str = ""

    def winners(self) -> list[int]:
        """The seats ranked first."""
        return [s for s, r in enumerate(self.ranks) if r == 1]


@dataclass(frozen=True, slots=True)
class Scene:
    """One position to draw: the spectator view and the update's public facts around it."""

    view: Mapping[str, Any]
    players: Sequence[str]
    move: LastMove | None = None
    result: Result | None = None

    def name(self, seat: int) -> str:
        """The seat's player, escaped."""
        return esc(self.players[seat]) if 0 <= seat < len(self.players) else "?"

    def label(self, seat: int) -> str:
        """`seat 0 (greedy)` with the seat's colour chip."""
        return (
            f'<span class="seat-chip" style="background:{colour(seat)}"></span>'
            f"seat {seat} ({self.name(seat)})"
        )

    def moved(self, seat: int) -> bool:
        """Whether the update's move is this seat's."""
        return self.move is not None and self.move.seat == seat

    def rank(self, seat: int) -> int | None:
        """The seat's final rank, once over."""
        if self.result is None or seat >= len(self.result.ranks):
            return None
        return self.result.ranks[seat]

    def badge(self, seat: int) -> str:
        """The seat's final place as a badge (empty while playing)."""
        rank = self.rank(seat)
        if rank is None:
            return ""
        cls = "rank-badge winner" if rank == 1 else "rank-badge"
        return f'<span class="{cls}" data-rank="{rank}">{ordinal(rank)}</span>'

    def seat_classes(self, seat: int, deciding: Iterable[int] = ()) -> str:
        """CSS classes of a seat's panel: to move now, made the last move, won."""
        classes = ["seat-panel"]
        if self.result is None and seat in set(deciding):
            classes.append("to-move")
        if self.moved(seat):
            classes.append("moved")
        if self.rank(seat) == 1:
            classes.append("winner")
        return " ".join(classes)


def frame(scene: Scene, body: str, *, deciding: Sequence[int] = (), status: str = "") -> str:
    """A board inside its frame: a status line (whose turn, the game's own state), the last
    move, the result at the end, then the board."""
    return (
        f'<div class="scene">{_status(scene, deciding, status)}{_last_move(scene)}'
        f"{_result(scene)}{body}</div>"
    )


def _status(scene: Scene, deciding: Sequence[int], status: str) -> str:
    if scene.result is not None:
        winners = scene.result.winners()
        names = " and ".join(scene.label(s) for s in winners) or "nobody"
        verb = "wins" if len(winners) == 1 else "share the win"
        turn = f'<span class="winner-line">Game over: {names} {verb}</span>'
    elif deciding:
        seats = ", ".join(scene.label(s) for s in deciding)
        turn = f'<span class="turn">To move: {seats}</span>'
    elif _over(scene.view):
        turn = '<span class="turn">Game over: the result follows</span>'
    else:
        turn = '<span class="turn">Nobody to move</span>'
    extra = f' <span class="phase">· {status}</span>' if status else ""
    return f'<p class="status" data-deciding="{" ".join(map(str, deciding))}">{turn}{extra}</p>'


def _over(view: Mapping[str, Any]) -> bool:
    """Whether a view says its game is over (the views say it in one of these ways)."""
    return bool(view.get("phase") == "over" or view.get("game_over") or view.get("termination"))


def _last_move(scene: Scene) -> str:
    if scene.move is None:
        return ""
    m = scene.move
    return (
        f'<p class="last-move" data-seat="{m.seat}">Last move: {scene.label(m.seat)} '
        f"<code>{esc(m.text)}</code></p>"
    )


def _result(scene: Scene) -> str:
    r = scene.result
    if r is None:
        return ""
    order = sorted(range(len(r.ranks)), key=lambda s: (r.ranks[s], s))
    rows = "".join(_rank_row(scene, r, s) for s in order)
    why = "" if r.termination == "normal" else f" ({esc(r.termination)}{_detail(r)})"
    return (
        f'<div class="final"><h3>Final ranks{why}</h3><table class="data final-ranks">'
        f"<tr><th>place</th><th>player</th><th>score</th><th>points</th></tr>{rows}</table></div>"
    )


def _rank_row(scene: Scene, r: Result, seat: int) -> str:
    cls = ' class="winner"' if r.ranks[seat] == 1 else ""
    score = number(r.scores[seat]) if seat < len(r.scores) else ""
    points = number(r.points[seat]) if seat < len(r.points) else ""
    return (
        f'<tr data-seat="{seat}" data-rank="{r.ranks[seat]}"{cls}>'
        f"<td>{ordinal(r.ranks[seat])}</td><td>{scene.label(seat)}</td>"
        f'<td class="num score">{score}</td><td class="num">{points}</td></tr>'
    )


def _detail(r: Result) -> str:
    return f": {esc(r.detail)}" if r.detail else ""


__all__ = [
    "SEAT_COLOURS",
    "LastMove",
    "Result",
    "Scene",
    "colour",
    "esc",
    "frame",
    "number",
    "ordinal",
]
