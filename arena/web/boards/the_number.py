"""The Number: each player's sheet (the ten digits, crossed ones struck out; this round's turn
scores; the round totals; the total) and the numbers of every revealed turn."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arena.web.boards.scene import Scene, esc, frame

HISTORY_SHOWN = 10  # the turns of two rounds: a whole default game


def deciding(view: Mapping[str, Any]) -> list[int]:
    """The seats still to write this turn's number (nobody once the game is over)."""
    if view.get("game_over"):
        return []
    return [
        s
        for s, p in enumerate(view.get("players", []))
        if not p.get("out") and not p.get("submitted")
    ]


def draw(scene: Scene) -> str:
    """The players' sheets, then the history of turns."""
    view = scene.view
    seats = deciding(view)
    rows = "".join(_sheet(scene, s, p, seats) for s, p in enumerate(view.get("players", [])))
    turns = int(view.get("turns_per_round", 5))
    head = "".join(f"<th>turn {t}</th>" for t in range(1, turns + 1))
    bonuses = "".join(f"<td>+{esc(b)}</td>" for b in view.get("bonuses", []))
    body = (
        '<table class="tn"><tr><th>player</th><th>digits</th>'
        f"{head}<th>rounds</th><th>total</th><th></th></tr>{rows}"
        f'<tr class="tn-bonuses"><th>bonus</th><td></td>{bonuses}<td></td><td></td><td></td></tr>'
        f"</table>{_history(scene)}"
    )
    return frame(scene, body, deciding=seats, status=_status(view))


def _status(view: Mapping[str, Any]) -> str:
    if view.get("game_over"):
        return f"game over after {esc(view.get('rounds'))} rounds"
    return (
        f"round {esc(view.get('round'))}/{esc(view.get('rounds'))}, "
        f"turn {esc(view.get('turn'))}/{esc(view.get('turns_per_round'))}"
    )


def _sheet(scene: Scene, seat: int, p: Mapping[str, Any], seats: Sequence[int]) -> str:
    crossed = set(p.get("crossed", []))
    digits = "".join(
        f'<span class="digit{" crossed" if d in crossed else ""}" data-digit="{d}">{d}</span>'
        for d in range(10)
    )
    turns = int(scene.view.get("turns_per_round", 5))
    scores = list(p.get("turn_scores", []))
    cells = "".join(
        f'<td class="num">{esc(scores[t]) if t < len(scores) else ""}</td>' for t in range(turns)
    )
    rounds = " + ".join(esc(r) for r in p.get("round_totals", [])) or "–"
    return (
        f'<tr class="{scene.seat_classes(seat, seats)}" data-seat="{seat}">'
        f'<th>{scene.label(seat)}</th><td class="digits">{digits}</td>{cells}'
        f'<td class="num">{rounds}</td><td class="num total">{esc(p.get("total", 0))}</td>'
        f"<td>{_state(scene, seat, p)}</td></tr>"
    )


def _state(scene: Scene, seat: int, p: Mapping[str, Any]) -> str:
    if scene.result is not None or scene.view.get("game_over"):
        return scene.badge(seat)
    if p.get("out"):
        return '<span class="tn-out">out</span>'
    if p.get("submitted"):
        return '<span class="tn-decided">written</span>'
    return '<span class="tn-thinking">writing…</span>'


def _history(scene: Scene) -> str:
    history = list(scene.view.get("history", []))
    rows = []
    for k, turn in enumerate(history[-HISTORY_SHOWN:]):
        latest = " last" if k == len(history[-HISTORY_SHOWN:]) - 1 else ""
        entries = "".join(_entry(e) for e in turn["entries"])
        rows.append(
            f'<tr class="tn-turn{latest}"><th>{esc(turn["round"])}.{esc(turn["turn"])}</th>'
            f"{entries}</tr>"
        )
    if not rows:
        return '<p class="tn-history empty">no turn revealed yet</p>'
    head = "".join(f"<th>{scene.label(s)}</th>" for s in range(len(scene.players)))
    return f'<table class="data tn-history"><tr><th>turn</th>{head}</tr>{"".join(rows)}</table>'


def _entry(e: Mapping[str, Any]) -> str:
    status = esc(e.get("status", ""))
    if e.get("status") == "out":
        return '<td class="tn-out">out</td>'
    bonus = f" <small>(bonus +{esc(e['bonus'])})</small>" if e.get("bonus") else ""
    return (
        f'<td class="tn-{status}"><span class="tn-number">{esc(e.get("number", ""))}</span>'
        f" {esc(e.get('points', 0))} pts{bonus}</td>"
    )
