"""Hypnosia: the board (hypnosia_rings.py), this turn's dice, each colour's score, start slots,
centre pawns and captures, and the latest events."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from arena.web.boards.hypnosia_rings import Ring, ring_of, rings, space_index, svg
from arena.web.boards.scene import Scene, colour, esc, frame

CENTRE = -2  # a bridge target: the centre
EVENTS_SHOWN = 10


def draw(scene: Scene) -> str:
    """The board with the last move marked, the dice, the players and the events."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    board = svg(view, last_move_spaces(scene))
    side = f"{_dice(view)}{_players(scene, deciding)}{_history(scene)}"
    body = f'<div class="hy-layout">{board}<div class="hy-side">{side}</div></div>'
    status = f"round {esc(view.get('round'))}"
    return frame(scene, body, deciding=deciding, status=status)


def last_move_spaces(scene: Scene) -> tuple[int | None, int | None]:
    """The last move's start and landing spaces (`4 A3` -> A3, A7; `2 A7 in` -> A7, B1;
    `1 C3 in` -> C3, the centre), from the move text and the board's geometry."""
    if scene.move is None:
        return None, None
    parts = scene.move.text.split()
    if len(parts) < 2 or not parts[0].isdigit():
        return None, None
    die, start = int(parts[0]), parts[1]
    board = scene.view["board"]
    all_rings = rings(board)
    if start.startswith("S") and start[1:].isdigit():
        entries = board.get("entries", [])
        if scene.move.seat >= len(entries):
            return None, None
        return None, _along(entries[scene.move.seat], die - int(start[1:]), all_rings)
    origin = space_index(start, all_rings)
    if origin is None:
        return None, None
    if "in" in parts[2:]:
        targets = dict(zip(board.get("bridges", []), board.get("bridge_targets", []), strict=False))
        target = targets.get(origin)
        if target is None:
            return origin, None
        return origin, CENTRE if target == CENTRE else _along(target, die - 1, all_rings)
    return origin, _along(origin, die, all_rings)


def _along(space: int, steps: int, all_rings: Sequence[Ring]) -> int | None:
    ring = ring_of(space, all_rings)
    if ring is None:
        return None
    return ring.first + (space - ring.first + steps) % ring.size


def _dice(view: Mapping[str, Any]) -> str:
    left = Counter(view.get("dice_left", []))
    faces = []
    for d in view.get("dice", []):
        unused = left[d] > 0
        left[d] -= unused
        faces.append(
            f'<span class="die{"" if unused else " used"}" data-die="{esc(d)}" '
            f'title="{"to use" if unused else "used"}">{esc(d)}</span>'
        )
    return f'<p class="hy-dice">dice {"".join(faces) or "–"}</p>'


def _players(scene: Scene, deciding: Sequence[int]) -> str:
    rows = []
    for seat, p in enumerate(scene.view.get("players", [])):
        slots = " ".join(f"S{s}" for s in p.get("start_slots", [])) or "–"
        rows.append(
            f'<tr class="{scene.seat_classes(seat, deciding)}" data-seat="{seat}">'
            f"<td>{scene.label(seat)} {scene.badge(seat)}</td>"
            f'<td class="num score">{esc(p.get("score", 0))}</td>'
            f'<td>{esc(slots)}</td><td class="num">{esc(p.get("centre_pawns", 0))}</td>'
            f'<td class="num">{esc(p.get("captured", 0))}</td>'
            f'<td class="num">{esc(p.get("lost", 0))}</td></tr>'
        )
    return (
        '<table class="data hy-players"><tr><th>player</th><th>score</th>'
        "<th>start</th><th>centre</th><th>captured</th><th>lost</th></tr>"
        f"{''.join(rows)}</table>"
    )


def _history(scene: Scene) -> str:
    events = list(scene.view.get("history", []))[-EVENTS_SHOWN:]
    items = "".join(
        f'<li data-seat="{e.get("seat")}"{" class=last" if i == len(events) - 1 else ""}>'
        f'<span class="pawn" style="background:{colour(int(e.get("seat", 0)))}"></span> '
        f"{esc(e.get('text', ''))}</li>"
        for i, e in enumerate(events)
    )
    note = (
        '<p class="note">board: an approximation (the published layout is not known)</p>'
        if scene.view["board"].get("approximate")
        else ""
    )
    return f'<h3>Latest events</h3><ol class="events">{items}</ol>{note}'
