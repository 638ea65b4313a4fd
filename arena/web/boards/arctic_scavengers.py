"""Arctic Scavengers: the mercenary stacks, the junkyard, and each tribe's piles and cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.web.boards import esc, seat_label


def card(code: str) -> str:
    """A card as a small labelled chip."""
    return f'<span class="card">{esc(code)}</span>'


def draw(view: dict[str, Any], players: Sequence[str]) -> str:
    """Stacks and junkyard, then one row of piles and played cards per tribe."""
    stacks = "".join(
        f'<span class="card stack">{esc(code)} ×{esc(count)}</span>'
        for code, count in zip(view.get("stack_codes", []), view.get("stacks", []), strict=False)
    )
    tribes = []
    for seat, p in enumerate(view.get("players", [])):
        played = "".join(card(c) for c in p.get("played", [])) or "–"
        tribes.append(
            f'<tr data-seat="{seat}"><th>{seat_label(players, seat)}</th>'
            f'<td class="num">{esc(p["deck"])}</td><td class="num">{esc(p["discard"])}</td>'
            f'<td class="num">{esc(p["hand"])}</td><td>{played}</td></tr>'
        )
    events = "".join(f"<li>{esc(e)}</li>" for e in view.get("events", [])[-6:])
    return (
        f"<p>round {esc(view.get('round'))}/{esc(view.get('rounds'))}: {esc(view.get('phase'))}"
        f" · junkyard {esc(view.get('junkyard'))} · contested {esc(view.get('contested'))}</p>"
        f'<div class="stacks">{stacks}</div>'
        '<table class="as"><tr><th>tribe</th><th>deck</th><th>discard</th><th>hand</th>'
        f'<th>played</th></tr>{"".join(tribes)}</table><ul class="events">{events}</ul>'
    )
