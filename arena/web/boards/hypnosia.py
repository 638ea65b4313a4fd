"""Hypnosia: the three circles as concentric rings of spaces (SVG), pawns and stacks on them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from arena.web.boards import esc, seat_label

SEAT_COLOURS = ("#c53030", "#2b6cb0", "#2f855a", "#d69e2e", "#805ad5", "#dd6b20")
SIZE = 420  # the drawing's width and height (px)
RADII = (190, 140, 90)  # circles A, B, C from the outside in


def _spot(space: int, circles: list[dict[str, Any]]) -> tuple[float, float] | None:
    for ring, circle in enumerate(circles[: len(RADII)]):
        first, size = circle["first"], circle["size"]
        if first <= space < first + size:
            angle = 2 * math.pi * (space - first) / size - math.pi / 2
            return SIZE / 2 + RADII[ring] * math.cos(angle), SIZE / 2 + RADII[ring] * math.sin(
                angle
            )
    return None


def draw(view: dict[str, Any], players: Sequence[str]) -> str:
    """The rings, bridges marked, units as coloured discs (a stack shows its height)."""
    board = view["board"]
    circles = board["circles"]
    bridges = set(board.get("bridges", []))
    parts = [f'<svg class="hy" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}">']
    for circle in circles[: len(RADII)]:
        for space in range(circle["first"], circle["first"] + circle["size"]):
            spot = _spot(space, circles)
            if spot is not None:
                fill = "#a0aec0" if space in bridges else "#edf2f7"
                parts.append(f'<circle cx="{spot[0]:.1f}" cy="{spot[1]:.1f}" r="4" fill="{fill}"/>')
    for unit in view.get("units", []):
        spot = _spot(unit["space"], circles)
        if spot is None:
            continue
        colour = SEAT_COLOURS[unit["owner"] % len(SEAT_COLOURS)]
        parts.append(
            f'<circle class="unit" data-owner="{unit["owner"]}" cx="{spot[0]:.1f}" '
            f'cy="{spot[1]:.1f}" r="8" fill="{colour}"/>'
        )
        if unit.get("height", 1) > 1:
            parts.append(
                f'<text x="{spot[0]:.1f}" y="{spot[1] + 4:.1f}" text-anchor="middle" '
                f'fill="white" font-size="10">{esc(unit["height"])}</text>'
            )
    centre = len(view.get("centre", []))
    parts.append(
        f'<text x="{SIZE / 2}" y="{SIZE / 2}" text-anchor="middle">centre {centre}</text></svg>'
    )
    scores = "".join(
        f'<li style="color:{SEAT_COLOURS[s % len(SEAT_COLOURS)]}">{seat_label(players, s)}: '
        f"{esc(p['score'])} points, captured {esc(p['captured'])}</li>"
        for s, p in enumerate(view.get("players", []))
    )
    dice = " ".join(str(d) for d in view.get("dice_left", []))
    return (
        f"{''.join(parts)}<p>round {esc(view.get('round'))}, dice {esc(dice)}</p><ul>{scores}</ul>"
    )
