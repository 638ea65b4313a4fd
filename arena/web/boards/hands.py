"""What only a seat sees of its own position, drawn for the person playing it in the browser:
Arctic Scavengers' hand, deck and discard (with the cards chosen and the action open),
Epizodiak's tiles in hand. Drawn from that seat's view (`view(state, seat)`, as its
DecisionRequest carries it), never from anything more; the other games hide nothing from a
seat that their boards do not show already.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arena.web.boards.arctic_scavengers import card
from arena.web.boards.scene import esc

Hand = Callable[[Mapping[str, Any]], str]


def hand(game: str, view: Mapping[str, Any]) -> str:
    """The seat's own hidden holdings as HTML ("" for a game without any)."""
    drawing = HANDS.get(game)
    return drawing(view) if drawing is not None else ""


def _arctic(view: Mapping[str, Any]) -> str:
    shovel = int(view.get("shovel_dig", 2) or 2)
    chosen = list(view.get("chosen") or [])

    def cards(ids: Any, mark: bool = False) -> str:
        chips = [
            card(str(c), extra="chosen" if mark and c in chosen else "", shovel_dig=shovel)
            for c in ids or []
        ]
        return "".join(chips) or "<i>none</i>"

    rows = [
        ("hand", cards(view.get("hand"), mark=True)),
        ("deck", cards(view.get("deck_cards"))),
        ("discard", cards(view.get("discard_cards"))),
    ]
    if view.get("open_action"):
        rows.append(("action open", f"<code>{esc(view['open_action'])}</code>"))
    if chosen:
        rows.append(("chosen", cards(chosen)))
    body = "".join(f'<tr data-zone="{z}"><th>{z}</th><td>{v}</td></tr>' for z, v in rows)
    return f'<div class="own-hand"><h3>Your cards</h3><table class="data">{body}</table></div>'


def _epizodiak(view: Mapping[str, Any]) -> str:
    tiles = "".join(
        f'<span class="ep-own-tile" data-value="{esc(t)}">{esc(t)}</span>'
        for t in view.get("hand") or []
    )
    return (
        '<div class="own-hand"><h3>Your tiles</h3>'
        f'<p class="ep-own-hand" data-zone="hand">{tiles or "<i>none</i>"}</p></div>'
    )


HANDS: dict[str, Hand] = {"arctic_scavengers": _arctic, "epizodiak": _epizodiak}
