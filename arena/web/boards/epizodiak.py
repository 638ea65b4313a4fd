"""Epizodiak: the dial as a clock (the twelve places, the tiles on them, the block's two open
ends), the draw pile and the Discard area (each set and who scored it), each player's hand as a
count, their sets and their score as it stands (the final score at the end), and the state of
the turn (skips, a possible contest, a pickup).

Hands are drawn as tile backs: a spectator knows how many tiles a player holds, never which.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from arena.web.boards.scene import Scene, colour, esc, frame

SIZE = 360  # the dial's width and height (px)
MID = SIZE / 2
PLACE_RADIUS = 135
TILE = 36  # a tile's side
OUT_BONUS = 3  # +3 for emptying one's hand, scored at the round's end (rules §8.2)
PHASES = {
    "start": "start of the turn",
    "play": "after acquiring: place, set or pass",
    "contest_place": "placing the contested tile",
    "over": "game over",
}


def draw(scene: Scene) -> str:
    """The dial, the pile and Discard area, the players and the turn's state."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    on_dial, in_discard = last_values(scene)
    dial = _dial(view, on_dial)
    side = f"{_discard(scene, in_discard)}{_players(scene, deciding)}{_turns(scene)}"
    body = (
        f'<div class="ep-layout">{dial}<div class="ep-side">{_turn_state(view)}{side}</div></div>'
    )
    mode = "Score 7" if view.get("mode") == "score7" else "one round"
    status = (
        f"{mode}, round {esc(view.get('round'))}, turn {esc(view.get('turn'))}: "
        f"{PHASES.get(view.get('phase', ''), esc(view.get('phase', '')))}"
    )
    return frame(scene, body, deciding=deciding, status=status)


def last_values(scene: Scene) -> tuple[set[int], set[int]]:
    """The places of the dial the last move touched (the tiles placed, the tile picked up)
    and the set it put in the Discard area (a set or a contest's value)."""
    parts = scene.move.text.split() if scene.move is not None else []
    if not parts:
        return set(), set()
    if parts[0] == "place":
        return {int(v) for v in parts[2:] if v.isdigit()}, set()
    if parts[0] in ("set", "contest") and len(parts) == 2 and parts[1].isdigit():
        return set(), {int(parts[1])}
    if parts[0] == "pickup" and scene.view.get("picked"):
        return {int(scene.view["picked"])}, set()
    return set(), set()


def _spot(value: int, radius: float = PLACE_RADIUS) -> tuple[float, float]:
    """Where a place is drawn: 12 at the top, clockwise as on a clock."""
    angle = -math.pi / 2 + 2 * math.pi * (value % 12) / 12
    return MID + radius * math.cos(angle), MID + radius * math.sin(angle)


def _dial(view: Mapping[str, Any], marked: set[int]) -> str:
    dial = list(view.get("dial", [0] * 12))
    opens = _open_ends(view)
    parts = [
        f'<svg class="ep-dial" viewBox="0 0 {SIZE} {SIZE}" width="{SIZE}" height="{SIZE}" '
        'role="img" aria-label="Epizodiak dial">',
        f'<circle class="ep-ring" cx="{MID}" cy="{MID}" r="{PLACE_RADIUS}"/>',
    ]
    for value in range(1, 13):
        x, y = _spot(value)
        placed = dial[value - 1] != 0
        cls = "ep-place" + (" filled" if placed else "") + (" last" if value in marked else "")
        if value in opens:
            cls += " open"
        half = TILE / 2
        parts.append(
            f'<g class="{cls}" data-value="{value}" data-tile="{dial[value - 1]}">'
            f'<rect x="{x - half:.1f}" y="{y - half:.1f}" width="{TILE}" height="{TILE}" rx="6"/>'
            f'<text x="{x:.1f}" y="{y + 6:.1f}">{value}</text>'
            f"<title>{'a ' + str(value) + ' lies here' if placed else str(value) + ': empty'}"
            "</title></g>"
        )
        if value in opens:
            lx, ly = _spot(value, PLACE_RADIUS - 32)
            parts.append(
                f'<text class="ep-open-label" x="{lx:.1f}" y="{ly + 4:.1f}">'
                f"{esc(opens[value])}</text>"
            )
    parts.append(_pile(view))
    parts.append("</svg>")
    return "".join(parts)


def _open_ends(view: Mapping[str, Any]) -> dict[int, str]:
    """The open values and which end each extends (cw from the block's end, ccw from its
    start; with 11 places filled the one open place is both)."""
    dial = list(view.get("dial", []))
    if not any(dial):
        return {}
    opens: dict[int, str] = {}
    end, start = int(view.get("block_end", 0)), int(view.get("block_start", 0))
    for value in view.get("open_values", []):
        ends = []
        if end and value == end % 12 + 1:
            ends.append("cw")
        if start and value == (start - 2) % 12 + 1:
            ends.append("ccw")
        opens[int(value)] = "/".join(ends) or "open"
    return opens


def _pile(view: Mapping[str, Any]) -> str:
    size = int(view.get("pile_size", 0))
    label = f"{size} in the pile" if size else "pile empty"
    backs = "".join(
        f'<rect class="ep-back" x="{MID - 18 + 2 * i}" y="{MID - 30 - 2 * i}" width="36" '
        f'height="36" rx="5"/>'
        for i in range(min(size, 4))
    )
    return (
        f'<g class="ep-pile" data-pile="{size}">{backs}'
        f'<text class="ep-pile-label" x="{MID}" y="{MID + 28}">{label}</text></g>'
    )


def _discard(scene: Scene, marked: set[int]) -> str:
    owners = list(scene.view.get("set_owners", []))
    sets = []
    for value, owner in enumerate(owners, start=1):
        if owner < 0:
            continue
        last = " last" if value in marked else ""
        sets.append(
            f'<span class="ep-set{last}" data-value="{value}" data-owner="{owner}" '
            f'style="border-color:{colour(owner)}" title="set of {value}s, scored by seat '
            f'{owner}">{value}<small>×3</small></span>'
        )
    return f'<h3>Discard</h3><p class="ep-discard">{"".join(sets) or "no set yet"}</p>'


def live_scores(view: Mapping[str, Any]) -> list[int]:
    """Each seat's score as the game stands (rules §8.2): once over, the final score; else
    what the seat would score if the round ended now with nobody going out: its earlier rounds
    (Score 7) plus a point a set this round (doubled for a completed dial under `dial_double`;
    under `score7_legacy` sets score only for whoever goes out, so none yet)."""
    totals = [int(t) for t in view.get("totals", [])]
    if view.get("phase") == "over":
        return totals
    counts = list(view.get("set_counts", []))
    dials = list(view.get("completed_dial", []))
    legacy = view.get("mode") == "score7" and view.get("score7_legacy")
    scores = []
    for seat, total in enumerate(totals):
        sets = 0 if legacy else int(counts[seat]) if seat < len(counts) else 0
        doubled = view.get("dial_double") and seat < len(dials) and dials[seat]
        scores.append(total + (2 * sets if doubled else sets))
    return scores


def _players(scene: Scene, deciding: Sequence[int]) -> str:
    view = scene.view
    hands = list(view.get("hand_sizes", []))
    counts = list(view.get("set_counts", []))
    dials = list(view.get("completed_dial", []))
    totals = list(view.get("totals", []))
    scores = live_scores(view)
    score7 = view.get("mode") == "score7"
    over = view.get("phase") == "over"
    rows = []
    for seat in range(len(hands)):
        n = hands[seat]
        backs = '<span class="ep-tile-back"></span>' * min(n, 12)
        banked = f'<td class="num banked">{esc(totals[seat])}</td>' if score7 and not over else ""
        score = f'<td class="num score">{scores[seat] if seat < len(scores) else ""}</td>'
        # Completing a dial only counts under the older doubling rule.
        full = "" if not view.get("dial_double") else (
            f"<td>{'yes' if seat < len(dials) and dials[seat] else ''}</td>"
        )  # fmt: skip
        rows.append(
            f'<tr class="{scene.seat_classes(seat, deciding)}" data-seat="{seat}">'
            f"<td>{scene.label(seat)} {scene.badge(seat)}</td>"
            f'<td><span class="ep-hand" data-count="{n}">{backs}</span> {n}</td>'
            f'<td class="num sets">{esc(counts[seat] if seat < len(counts) else 0)}</td>'
            f"{full}{banked}{score}</tr>"
        )
    if over:
        total_head = "<th>final score</th>"
    elif score7:
        total_head = (
            "<th>before this round</th>"
            f'<th title="earlier rounds, plus a point a set this round; +{OUT_BONUS} for going '
            f"out, at the round's end\">score now (to {esc(view.get('target', 7))})</th>"
        )
    else:
        total_head = (
            f'<th title="a point a set; +{OUT_BONUS} for going out, at the round\'s end">'
            "score now</th>"
        )
    dial_head = "<th>completed a dial</th>" if view.get("dial_double") else ""
    return (
        '<table class="data ep-players"><tr><th>player</th><th>hand (tiles)</th><th>sets</th>'
        f"{dial_head}{total_head}</tr>{''.join(rows)}</table>{_rounds(scene)}"
    )


def _rounds(scene: Scene) -> str:
    rounds = list(scene.view.get("rounds", []))
    if not rounds:
        return ""
    items = []
    for r in rounds:
        points = ", ".join(f"{scene.name(s)} {esc(p)}" for s, p in enumerate(r.get("points", [])))
        out = ", ".join(scene.name(s) for s in r.get("out", [])) or "nobody"
        items.append(f"<li>round {esc(r.get('round'))}: {out} went out; points {points}</li>")
    return f'<ul class="ep-rounds">{"".join(items)}</ul>'


def _turn_state(view: Mapping[str, Any]) -> str:
    """Skips, contest and pickup, in words (none once the game is over)."""
    if view.get("phase") == "over":
        return ""
    notes = []
    skips = int(view.get("skips", 0))
    if not view.get("pile_size") and view.get("phase") != "over":
        notes.append("draw pile empty: a turn may be skipped")
    if skips:
        duty = {2: " (the player to move may contest)", 3: " (the player to move must place "
                "or contest)"}.get(min(skips, 3), "")  # fmt: skip
        notes.append(f"skips in a row: <b>{skips}</b>{duty}")
    if view.get("pickup_value"):
        notes.append(f"a pickup would take the {esc(view['pickup_value'])}")
    if view.get("picked"):
        notes.append(f"picked up this turn: {esc(view['picked'])}")
    if view.get("contested"):
        notes.append(f"contested this turn: {esc(view['contested'])}")
    if view.get("turn_moves"):
        notes.append(f"this turn so far: <code>{esc('; '.join(view['turn_moves']))}</code>")
    items = "".join(f"<li>{n}</li>" for n in notes)
    return f'<ul class="ep-turn" data-skips="{skips}">{items}</ul>' if items else ""


def _turns(scene: Scene) -> str:
    recent = list(scene.view.get("recent", []))
    items = "".join(
        f'<li data-seat="{t.get("seat")}"{" class=last" if i == len(recent) - 1 else ""}>'
        f"{scene.label(int(t.get('seat', 0)))}: <code>{esc(t.get('moves', ''))}</code></li>"
        for i, t in enumerate(recent)
    )
    return f'<h3>Last turns</h3><ol class="events">{items}</ol>' if items else ""


def hand(view: Mapping[str, Any]) -> str:
    """The seat's own tiles in hand, for the person playing it in the browser."""
    tiles = "".join(
        f'<span class="ep-own-tile" data-value="{esc(t)}">{esc(t)}</span>'
        for t in view.get("hand") or []
    )
    return (
        '<div class="own-hand"><h3>Your tiles</h3>'
        f'<p class="ep-own-hand" data-zone="hand">{tiles or "<i>none</i>"}</p></div>'
    )
