"""Hypnosia's board as SVG: the circles of labelled spaces (`A0`..`A47` as in the move notation),
bridges joined to where they lead, the start slots and entry of each colour, the five-place
centre, the pawns and stacks, and the last move's start and landing.

The geometry comes from the view's `board` (circles, bridges, entries), so the drawing follows
the engine's board when the approximation is replaced by the real one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.web.boards.scene import colour, esc

SIZE = 660  # the drawing's width and height (px)
MID = SIZE / 2
RING_RADII = (255, 195, 135)  # from the outside in; the centre is inside the last
SLOT_RADIUS = 298  # start slots, outside the outer circle
CENTRE_RADIUS = 62
SPACE_R = 14.5


@dataclass(frozen=True, slots=True)
class Ring:
    """One circle: its letter, first space index, size, radius and angular offset (turns)."""

    letter: str
    first: int
    size: int
    radius: float
    offset: float


def rings(board: Mapping[str, Any]) -> list[Ring]:
    """The circles, each inner one turned so that a bridge sits just outside where it leads."""
    circles = list(board.get("circles", []))[: len(RING_RADII)]
    targets = dict(zip(board.get("bridges", []), board.get("bridge_targets", []), strict=False))
    out: list[Ring] = []
    for k, c in enumerate(circles):
        offset = 0.0
        if out:
            outer = out[-1]
            for space, target in targets.items():
                if outer.first <= space < outer.first + outer.size and (
                    c["first"] <= target < c["first"] + c["size"]
                ):
                    turn = outer.offset + (space - outer.first) / outer.size
                    offset = turn - (target - c["first"]) / c["size"]
                    break
        out.append(Ring(c["letter"], c["first"], c["size"], RING_RADII[k], offset))
    return out


def ring_of(space: int, all_rings: Sequence[Ring]) -> Ring | None:
    """The circle a space index lies on."""
    return next((r for r in all_rings if r.first <= space < r.first + r.size), None)


def point(ring: Ring, position: float, radius: float | None = None) -> tuple[float, float]:
    """Where a position of a circle is drawn: counter-clockwise from the top, as pawns move."""
    angle = -math.pi / 2 - 2 * math.pi * (ring.offset + position / ring.size)
    r = ring.radius if radius is None else radius
    return MID + r * math.cos(angle), MID + r * math.sin(angle)


def space_name(space: int, all_rings: Sequence[Ring]) -> str:
    """A space index's name in the notation, e.g. 55 -> B7."""
    ring = ring_of(space, all_rings)
    return f"{ring.letter}{space - ring.first}" if ring else str(space)


def space_index(name: str, all_rings: Sequence[Ring]) -> int | None:
    """The index of a space name such as `A7` (None if it names none)."""
    for ring in all_rings:
        if name.startswith(ring.letter) and name[len(ring.letter) :].isdigit():
            position = int(name[len(ring.letter) :])
            if position < ring.size:
                return ring.first + position
    return None


def svg(view: Mapping[str, Any], last: tuple[int | None, int | None] = (None, None)) -> str:
    """The whole board; `last` is the last move's (start, landing) as space indices (-2: the
    centre), each None when not on a circle."""
    board = view["board"]
    all_rings = rings(board)
    parts = [
        f'<svg class="hy" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" '
        'role="img" aria-label="Hypnosia board">',
        _bridges(board, all_rings),
        _spaces(board, all_rings, view),
        _starts(view, all_rings),
        _centre(view),
        _units(view, all_rings),
        _last(last, all_rings),
        "</svg>",
    ]
    return "".join(parts)


def _bridges(board: Mapping[str, Any], all_rings: Sequence[Ring]) -> str:
    lines = []
    for space, target in zip(
        board.get("bridges", []), board.get("bridge_targets", []), strict=False
    ):
        ring = ring_of(space, all_rings)
        if ring is None:
            continue
        x1, y1 = point(ring, space - ring.first)
        inner = ring_of(target, all_rings)
        if target == -2 or inner is None:
            x2, y2 = point(ring, space - ring.first, CENTRE_RADIUS)
        else:
            x2, y2 = point(inner, target - inner.first)
        lines.append(
            f'<line class="hy-bridge" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}"/>'
        )
    return "".join(lines)


def _spaces(board: Mapping[str, Any], all_rings: Sequence[Ring], view: Mapping[str, Any]) -> str:
    bridges = set(board.get("bridges", []))
    entries = {e: seat for seat, e in enumerate(board.get("entries", []))}
    seats = int(view.get("num_players", len(view.get("players", []))))
    parts = []
    for ring in all_rings:
        x0, y0 = point(ring, 0, ring.radius)
        parts.append(
            f'<circle class="hy-track" cx="{MID}" cy="{MID}" r="{ring.radius}"/><text '
            f'class="hy-ring" x="{x0:.1f}" y="{y0 - SPACE_R - 4:.1f}">{esc(ring.letter)}</text>'
        )
        for position in range(ring.size):
            space = ring.first + position
            x, y = point(ring, position)
            cls = "hy-space bridge" if space in bridges else "hy-space"
            stroke = ""
            if space in entries and entries[space] < seats:
                cls += " entry"
                stroke = f' style="stroke:{colour(entries[space])}"'
            name = f"{ring.letter}{position}"
            parts.append(
                f'<circle class="{cls}" data-space="{name}" cx="{x:.1f}" cy="{y:.1f}" '
                f'r="{SPACE_R}"{stroke}><title>{name}</title></circle>'
                f'<text class="hy-label" x="{x:.1f}" y="{y + 3.5:.1f}">{name}</text>'
            )
    return "".join(parts)


def _starts(view: Mapping[str, Any], all_rings: Sequence[Ring]) -> str:
    board = view["board"]
    outer = all_rings[0] if all_rings else None
    if outer is None:
        return ""
    parts = []
    for seat, p in enumerate(view.get("players", [])):
        entry = board["entries"][seat] - outer.first
        occupied = set(p.get("start_slots", []))
        for slot in range(1, int(board.get("start_slots", 4)) + 1):
            x, y = point(outer, entry - slot, SLOT_RADIUS)
            filled = slot in occupied
            fill = colour(seat) if filled else "white"
            parts.append(
                f'<rect class="hy-slot{" filled" if filled else ""}" data-seat="{seat}" '
                f'data-slot="S{slot}" x="{x - 12:.1f}" y="{y - 12:.1f}" width="24" height="24" '
                f'rx="4" fill="{fill}" stroke="{colour(seat)}"><title>seat {seat} S{slot}'
                f"</title></rect>"
                f'<text class="hy-slot-label{" on" if filled else ""}" x="{x:.1f}" '
                f'y="{y + 3.5:.1f}">S{slot}</text>'
            )
    return "".join(parts)


def _centre(view: Mapping[str, Any]) -> str:
    values = list(view["board"].get("centre_values", [5, 4, 3, 2, 1]))
    arrived = list(view.get("centre", []))
    parts = [f'<circle class="hy-centre" cx="{MID}" cy="{MID}" r="{CENTRE_RADIUS}"/>']
    for i, value in enumerate(values):
        angle = -math.pi / 2 + 2 * math.pi * i / len(values)
        x, y = MID + 34 * math.cos(angle), MID + 34 * math.sin(angle)
        seat = arrived[i] if i < len(arrived) else None
        fill = colour(seat) if seat is not None else "white"
        owner = f' data-owner="{seat}"' if seat is not None else ""
        parts.append(
            f'<circle class="hy-centre-place" data-place="{i + 1}"{owner} cx="{x:.1f}" '
            f'cy="{y:.1f}" r="13" fill="{fill}"/><text class="hy-centre-value'
            f'{" on" if seat is not None else ""}" x="{x:.1f}" y="{y + 4:.1f}">{value}</text>'
        )
    parts.append(f'<text class="hy-centre-title" x="{MID}" y="{MID + 4}">centre</text>')
    return "".join(parts)


def _units(view: Mapping[str, Any], all_rings: Sequence[Ring]) -> str:
    parts = []
    for unit in view.get("units", []):
        ring = ring_of(unit["space"], all_rings)
        if ring is None:
            continue
        x, y = point(ring, unit["space"] - ring.first)
        name = f"{ring.letter}{unit['space'] - ring.first}"
        height = int(unit.get("height", 1))
        fill = colour(unit["owner"])
        if height > 1:  # a stack: a second disc under the first
            parts.append(
                f'<circle class="hy-under" cx="{x + 3:.1f}" cy="{y + 3:.1f}" r="{SPACE_R - 1}" '
                f'fill="{fill}"/>'
            )
        parts.append(
            f'<circle class="unit" data-owner="{unit["owner"]}" data-space="{name}" '
            f'data-height="{height}" cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R - 1}" fill="{fill}">'
            f"<title>seat {unit['owner']}: {'stack of 2' if height > 1 else 'pawn'} on {name}"
            f'</title></circle><text class="hy-unit-label" x="{x:.1f}" y="{y + 3.5:.1f}">'
            f"{name}</text>"
        )
        if height > 1:  # the stack's height as a badge, the space's name stays readable
            parts.append(
                f'<circle class="hy-badge" cx="{x + 12:.1f}" cy="{y - 12:.1f}" r="7"/>'
                f'<text class="hy-badge-label" x="{x + 12:.1f}" y="{y - 8.5:.1f}">2</text>'
            )
    return "".join(parts)


def _last(last: tuple[int | None, int | None], all_rings: Sequence[Ring]) -> str:
    parts = []
    for space, cls in zip(last, ("from", "to"), strict=True):
        if space is None:
            continue
        if space == -2:
            parts.append(
                f'<circle class="hy-last {cls}" cx="{MID}" cy="{MID}" r="{CENTRE_RADIUS + 4}"/>'
            )
            continue
        ring = ring_of(space, all_rings)
        if ring is not None:
            x, y = point(ring, space - ring.first)
            parts.append(
                f'<circle class="hy-last {cls}" data-space="{space_name(space, all_rings)}" '
                f'cx="{x:.1f}" cy="{y:.1f}" r="{SPACE_R + 4}"/>'
            )
    return "".join(parts)
