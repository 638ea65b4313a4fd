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
        + (draw_modules(view, players) if "expansion" in view else "")
    )


def building(b: dict[str, Any]) -> str:
    """A building chip: its id and state, cards stacked on it and stored in it."""
    text = f"{b['id']} {b['state']}"
    if b["stacked"]:
        text += f" ×{b['stacked']}"
    if b["stored"]:
        text += f" stores {b['stored']}"
    return f'<span class="card building {esc(b["state"])}">{esc(text)}</span>'


def draw_modules(view: dict[str, Any], players: Sequence[str]) -> str:
    """The expansion modules' zones: gangs (and who won them), schematics, a pending action;
    each tribe's leader, buildings (stacked and stored counts), held cards and skirmish marks;
    what the viewer alone sees."""
    x = view["expansion"]
    head = (
        f"<p>modules {esc(' '.join(x['modules']))} · schematics {esc(x['schematics'])}"
        f" · gangs {''.join(card(g) for g in x['gangs']) or '–'}</p>"
    )
    pending = x["pending"]
    if pending["kind"]:
        head += (
            f'<p class="pending">{esc(pending["kind"])} by {seat_label(players, pending["by"])}'
            f" {''.join(card(c) for c in pending['cards'])} on {esc(pending['target'])}: "
            f"{seat_label(players, pending['responder'])} responds</p>"
        )
    if x["cannibal_food"] or x["med_credit"]:
        head += (
            f"<p>cannibal food {esc(x['cannibal_food'])} · med credit {esc(x['med_credit'])}</p>"
        )
    if x["gang_winners"]:
        won = (
            f"{card(g['gang'])} {'nobody' if g['seat'] < 0 else seat_label(players, g['seat'])}"
            for g in x["gang_winners"]
        )
        head += f'<p class="gangs-won">gangs won: {" · ".join(won)}</p>'
    rows = []
    for seat, p in enumerate(x["players"]):
        leader = card(p["leader"]) + (" wounded" if p["wounded"] else "") if p["leader"] else "–"
        buildings = "".join(building(b) for b in p["buildings"]) or "–"
        held = "".join(card(c) for c in p["held"]) or "–"
        marks = ["provoked"] if p["provoked"] else []
        marks += [
            f"{key} {''.join(card(c) for c in p[key])}" for key in ("gassed", "bombed") if p[key]
        ]
        rows.append(
            f'<tr data-seat="{seat}"><th>{seat_label(players, seat)}</th><td>{leader}</td>'
            f"<td>{buildings}</td><td>{held}</td><td>{' · '.join(marks) or '–'}</td></tr>"
        )
    mine = []
    if x["leader_options"]:
        mine.append(f"leaders to choose: {''.join(card(c) for c in x['leader_options'])}")
    for key in ("building_cards", "stored_cards"):
        for entry in x[key]:
            if entry["cards"]:
                mine.append(f"{esc(entry['building'])}: {''.join(card(c) for c in entry['cards'])}")
    for entry in x["recon"] + x["looked"]:
        mine.append(f"seen in {esc(entry['of'])}: {''.join(card(c) for c in entry['cards'])}")
    for entry in x["spied"]:
        mine.append(
            f"{seat_label(players, entry['by'])} saw {''.join(card(c) for c in entry['cards'])}"
        )
    if x["drawn"]:
        mine.append(f"drawn: {''.join(card(c) for c in x['drawn'])}")
    private = f'<p class="mine">{" · ".join(mine)}</p>' if mine else ""
    return (
        f'<div class="modules">{head}<table class="as-modules"><tr><th>tribe</th><th>leader</th>'
        f"<th>buildings</th><th>held</th><th>skirmish</th></tr>{''.join(rows)}</table>"
        f"{private}</div>"
    )
