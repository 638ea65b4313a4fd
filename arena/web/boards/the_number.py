"""The Number: each player's crossed digits and scores, and the numbers of past turns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.web.boards import esc, seat_label


def draw(view: dict[str, Any], players: Sequence[str]) -> str:
    """Players' digit rows and totals, then the history of turns."""
    rows = []
    for seat, p in enumerate(view.get("players", [])):
        crossed = set(p.get("crossed", []))
        digits = "".join(
            f'<span class="digit{" crossed" if d in crossed else ""}">{d}</span>' for d in range(10)
        )
        state = "out" if p.get("out") else ("decided" if p.get("submitted") else "thinking")
        rows.append(
            f'<tr data-seat="{seat}"><th>{seat_label(players, seat)}</th><td>{digits}</td>'
            f'<td class="num">{esc(p.get("total", 0))}</td><td>{state}</td></tr>'
        )
    history = []
    for turn in view.get("history", [])[-8:]:
        entries = " ".join(
            f'<span class="tn-{esc(e["status"])}">{esc(e["number"])} '
            f"({esc(e['points'])}{'+' + esc(e['bonus']) if e.get('bonus') else ''})</span>"
            for e in turn["entries"]
        )
        history.append(f"<li>turn {esc(turn['round'])}.{esc(turn['turn'])}: {entries}</li>")
    return (
        f"<p>round {esc(view.get('round'))}/{esc(view.get('rounds'))}, "
        f"turn {esc(view.get('turn'))}/{esc(view.get('turns_per_round'))}</p>"
        '<table class="tn"><tr><th>player</th><th>digits</th><th>total</th><th></th></tr>'
        f'{"".join(rows)}</table><ul class="tn-history">{"".join(history)}</ul>'
    )
