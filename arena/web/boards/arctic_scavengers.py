"""Arctic Scavengers: the mercenary market (a card face per stack, with its count and hire
cost), the junkyard and the contested pile, each tribe (its deck, discard and hand as small
piles with their counts, the cards it played face up this round), the skirmish reveal, the
public log, and a key to the icons.

Cards are drawn as small faces: the name on a band of the card's type (person, tool,
medicine, junk), its people in the corner, and one icon a value: draw, dig, hunt, fight as
printed (a tool's bonus as +n), medicine as a cross. The icons are inline SVG (no image, no
font needed).

Each zone is its own function of the view, joined by `draw`: a module that adds zones (the
HQ and Recon expansions) adds one more function to `SECTIONS`' order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from arena.games.arctic_scavengers.cards import ACTION_NAMES, KINDS, Kind
from arena.web.boards.scene import Scene, esc, frame

BY_CODE: dict[str, Kind] = {k.code: k for k in KINDS}
EVENTS_SHOWN = 8
PHASES = {
    "gather": "gathering",
    "build": "gathering",
    "keep": "digging",
    "declare": "skirmish",
    "over": "game over",
}


def kind_of(card_id: str) -> Kind | None:
    """The kind of a card id such as `SCA.2` (None for a code this board does not know)."""
    return BY_CODE.get(card_id.partition(".")[0])


def card_type(kind: Kind | None) -> str:
    """person, tool, medicine or junk: the chip's colour."""
    if kind is None:
        return "unknown"
    if kind.person:
        return "person"
    if kind.medicine:
        return "medicine"
    if any(kind.bonus):
        return "tool"
    return "junk"


def stats(kind: Kind | None, shovel_dig: int = 2) -> str:
    """A kind's printed values in the legend's words: `1 people · draw 1 · fight 2`."""
    if kind is None:
        return ""
    parts = [f"{kind.people} people"] if kind.people else []
    if kind.group_leader:
        parts.append("+2 to one action")
    for name, value, bonus in zip(ACTION_NAMES, kind.printed, kind.bonus, strict=True):
        if kind.code == "SHO" and name == "dig":
            bonus = shovel_dig
        if value is not None:
            parts.append(f"{name} {value}")
        elif bonus:
            parts.append(f"{name} +{bonus}")
    if kind.medicine:
        parts.append(f"medicine {kind.medicine}")
    return " · ".join(parts)


# One 16x16 icon a value (drawn in the value's colour by boards.css).
ICONS = {
    "people": '<circle cx="8" cy="4.5" r="3.2"/><path d="M1.5 15.5c0-4.2 2.9-6.5 6.5-6.5s6.5 '
    '2.3 6.5 6.5z"/>',
    "draw": '<rect x="1.5" y="4" width="8" height="11" rx="1.5" opacity=".55"/>'
    '<rect x="6.5" y="1" width="8" height="11" rx="1.5"/>',
    "dig": '<path d="M7 1h2v7.5h3L8 15.5 4 8.5h3z"/>',
    "hunt": '<path d="M2 14 12.5 3.5" stroke="currentColor" stroke-width="2.2" fill="none"/>'
    '<path d="M8.5 1.5h6v6z"/><path d="M1 12l3 3-2.5 .5z"/>',
    "fight": '<path d="M2.5 2.5l11 11M13.5 2.5l-11 11" stroke="currentColor" stroke-width="2.6" '
    'fill="none"/>',
    "medicine": '<path d="M6 1.5h4v4.5h4.5v4H10v4.5H6V10H1.5V6H6z"/>',
}


def icon(name: str) -> str:
    """A value's icon, inline SVG."""
    return (
        f'<svg class="as-icon as-i-{name}" viewBox="0 0 16 16" width="13" height="13" '
        f'aria-hidden="true">{ICONS[name]}</svg>'
    )


def values(kind: Kind | None, shovel_dig: int = 2) -> list[tuple[str, str]]:
    """A kind's values as (icon, text): printed actions, a tool's bonuses (+n), medicine."""
    if kind is None:
        return []
    out = []
    for name, value, bonus in zip(ACTION_NAMES, kind.printed, kind.bonus, strict=True):
        if kind.code == "SHO" and name == "dig":
            bonus = shovel_dig
        if value is not None:
            out.append((name, str(value)))
        elif bonus:
            out.append((name, f"+{bonus}"))
    if kind.medicine:
        out.append(("medicine", str(kind.medicine)))
    return out


def face(kind: Kind | None, shovel_dig: int = 2) -> str:
    """The inside of a card face: name band, people in the corner, one row of values."""
    name = kind.name if kind is not None else "?"
    people = (
        f'<span class="as-ppl" title="{kind.people} people">{icon("people")}{kind.people}</span>'
        if kind is not None and kind.people
        else ""
    )
    vals = "".join(
        f'<span class="as-v" data-value="{a}" title="{a} {t}">{icon(a)}{esc(t)}</span>'
        for a, t in values(kind, shovel_dig)
    )
    if kind is not None and kind.group_leader:
        vals += '<span class="as-v as-gl" title="+2 to one action">+2 any</span>'
    if not vals and kind is not None and not kind.person:
        vals = '<span class="as-v as-none">no use</span>'
    return f'<span class="as-name">{esc(name)}</span>{people}<span class="as-vals">{vals}</span>'


def card(card_id: str, *, extra: str = "", shovel_dig: int = 2) -> str:
    """A card face: its name, people and values, its id small; every value in words on hover."""
    kind = kind_of(card_id)
    cls = f"card as-face as-{card_type(kind)}{' ' + extra if extra else ''}"
    title = f"{kind.name if kind else card_id} {card_id}: {stats(kind, shovel_dig)}"
    return (
        f'<span class="{cls}" data-card="{esc(card_id)}" title="{esc(title)}">'
        f'{face(kind, shovel_dig)}<small class="as-id">{esc(card_id)}</small></span>'
    )


def chip(card_id: str, *, extra: str = "", shovel_dig: int = 2) -> str:
    """A card on one line, for long lists (a seat's deck and discard): name and values."""
    kind = kind_of(card_id)
    cls = f"card as-chip as-{card_type(kind)}{' ' + extra if extra else ''}"
    vals = "".join(
        f'<span class="as-v" data-value="{a}">{icon(a)}{esc(t)}</span>'
        for a, t in values(kind, shovel_dig)
    )
    people = (
        f'<span class="as-ppl">{icon("people")}{kind.people}</span>' if kind and kind.people else ""
    )
    name = kind.name if kind is not None else card_id
    return (
        f'<span class="{cls}" data-card="{esc(card_id)}" title="{esc(card_id)}: '
        f'{esc(stats(kind, shovel_dig))}">{esc(name)}{people}{vals}</span>'
    )


def cost(kind: Kind) -> str:
    """A mercenary's hire cost: `2 food + 1 med`, Thugs `6 any mix`."""
    if kind.any_mix:
        return f"{kind.any_mix} food/med, any mix"
    parts = ([f"{kind.food} food"] if kind.food else []) + ([f"{kind.med} med"] if kind.med else [])
    return " + ".join(parts) or "free"


def draw(scene: Scene) -> str:
    """The market, the tribes, the skirmish, the log and the legend."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    body = "".join(section(scene) for section in SECTIONS)
    return frame(scene, body, deciding=deciding, status=_status(view))


def _status(view: Mapping[str, Any]) -> str:
    phase = PHASES.get(view.get("phase", ""), esc(view.get("phase", "")))
    text = f"round {esc(view.get('round'))}/{esc(view.get('rounds'))}, {phase}"
    used = view.get("actions_used") or []
    if used and view.get("phase") != "over":
        text += f" (done: {esc(', '.join(used))}; food {esc(view.get('food', 0))})"
    return text


def market(scene: Scene) -> str:
    """The mercenary stacks (name, cards left, hire cost), the junkyard and contested pile."""
    view = scene.view
    stacks = []
    for code, count in zip(view.get("stack_codes", []), view.get("stacks", []), strict=False):
        kind = BY_CODE.get(code)
        name = kind.name if kind else code
        price = cost(kind) if kind else ""
        stacks.append(
            f'<div class="as-stack{" empty" if not count else ""}" data-code="{esc(code)}" '
            f'title="{esc(name)}: {esc(stats(kind, view.get("shovel_dig", 2)))}">'
            f'<span class="card as-face as-person">{face(kind, view.get("shovel_dig", 2))}'
            f'<span class="as-count">×{esc(count)}</span></span>'
            f'<span class="as-cost">{esc(price)}</span></div>'
        )
    return (
        f"<h3>Mercenaries <small>(hire cost under each)</small></h3>"
        f'<div class="as-market">{"".join(stacks)}</div>'
        f'<p class="as-piles">junkyard <b data-pile="junkyard">{esc(view.get("junkyard"))}</b>'
        f' cards · contested resources <b data-pile="contested">{esc(view.get("contested"))}</b>'
        "</p>"
    )


def tribes(scene: Scene) -> str:
    """One panel per tribe: deck, discard and hand counts, the cards played this round."""
    view = scene.view
    deciding = list(view.get("to_move", []))
    result = list(view.get("result", []))
    dig = view.get("shovel_dig", 2)
    panels = []
    for seat, p in enumerate(view.get("players", [])):
        played = "".join(card(c, shovel_dig=dig) for c in p.get("played", [])) or (
            '<span class="as-none-played">none</span>'
        )
        initiator = ' <span class="as-initiator">initiator</span>' if (
            view.get("initiator") == seat
        ) else ""  # fmt: skip
        people = (
            f'<p class="as-people">people <b class="score">{esc(result[seat])}</b></p>'
            if seat < len(result)
            else ""
        )
        panels.append(
            f'<div class="as-tribe {scene.seat_classes(seat, deciding)}" data-seat="{seat}">'
            f"<h3>{scene.label(seat)}{initiator} {scene.badge(seat)}</h3>{people}"
            f'<p class="as-zones">{_pile("deck", p["deck"])}{_pile("discard", p["discard"])}'
            f"{_pile('hand', p['hand'])}</p>"
            f'<div class="as-played"><span class="as-label">played this round</span>{played}'
            "</div></div>"
        )
    return f'<div class="as-tribes">{"".join(panels)}</div>'


def _pile(zone: str, count: Any) -> str:
    """A tribe's pile as a small stack of card backs (up to three) with its count."""
    n = int(count or 0)
    backs = '<span class="as-back"></span>' * min(n, 3) or '<span class="as-back empty"></span>'
    return (
        f'<span class="as-pile" data-zone="{zone}" title="{zone}: {n} cards">'
        f'<span class="as-backs">{backs}</span><b>{n}</b> {zone}</span>'
    )


def skirmish(scene: Scene) -> str:
    """The forces revealed for the skirmish (sniped and disarmed cards struck out), and the
    last skirmish's outcome from the log."""
    view = scene.view
    dig = view.get("shovel_dig", 2)
    rows = []
    for seat, p in enumerate(view.get("players", [])):
        force = p.get("force", [])
        if not force:
            continue
        out = set(p.get("sniped", [])) | set(p.get("disarmed", []))
        chips = "".join(card(c, extra="out" if c in out else "", shovel_dig=dig) for c in force)
        rows.append(f'<li data-seat="{seat}">{scene.label(seat)}: {chips}</li>')
    last = next((e for e in reversed(view.get("events", [])) if e.startswith("skirmish")), "")
    if not rows and not last:
        return ""
    forces = f'<ul class="as-forces">{"".join(rows)}</ul>' if rows else ""
    outcome = f'<p class="as-skirmish-result">{esc(last)}</p>' if last else ""
    title = "Skirmish: the forces revealed" if rows else "Last skirmish"
    return f'<div class="as-skirmish"><h3>{title}</h3>{forces}{outcome}</div>'


def events(scene: Scene) -> str:
    """The newest public events, the newest highlighted."""
    shown = list(scene.view.get("events", []))[-EVENTS_SHOWN:]
    items = "".join(
        f"<li{' class=last' if i == len(shown) - 1 else ''}>{esc(e)}</li>"
        for i, e in enumerate(shown)
    )
    return f'<h3>Log</h3><ol class="events">{items}</ol>' if items else ""


def legend(scene: Scene) -> str:
    """What the faces mean: the card types' colours and the values' icons."""
    del scene  # the same key for every position
    key = "".join(
        f'<span class="as-key">{icon(name)} <b>{name}</b> {what}</span>'
        for name, what in (
            ("people", "count at the end: most people wins"),
            ("draw", "more cards"),
            ("dig", "the junkyard"),
            ("hunt", "food to hire with"),
            ("fight", "in the skirmish"),
            ("medicine", "pays hires"),
        )
    )
    return (
        '<div class="as-legend"><p><span class="card as-chip as-person">person</span>'
        '<span class="card as-chip as-tool">tool</span>'
        '<span class="card as-chip as-medicine">medicine</span>'
        '<span class="card as-chip as-junk">junk</span> · a tool adds its +n to one person\'s '
        f"action · a card's values in words on hover</p><p>{key}</p></div>"
    )


def building(b: dict[str, Any]) -> str:
    """A building chip: its id and state, cards stacked on it and stored in it."""
    text = f"{b['id']} {b['state']}"
    if b["stacked"]:
        text += f" ×{b['stacked']}"
    if b["stored"]:
        text += f" stores {b['stored']}"
    return f'<span class="card building {esc(b["state"])}">{esc(text)}</span>'


def modules(scene: Scene) -> str:
    """The HQ/Recon modules' zones (nothing in a base game): gangs (and who won them),
    schematics, a pending action; each tribe's leader, buildings (stacked and stored counts),
    held cards and skirmish marks; what the viewer alone sees."""
    if "expansion" not in scene.view:
        return ""
    x = scene.view["expansion"]
    head = (
        f"<p>modules {esc(' '.join(x['modules']))} · schematics {esc(x['schematics'])}"
        f" · gangs {''.join(card(g) for g in x['gangs']) or '–'}</p>"
    )
    pending = x["pending"]
    if pending["kind"]:
        head += (
            f'<p class="pending">{esc(pending["kind"])} by {scene.label(pending["by"])}'
            f" {''.join(card(c) for c in pending['cards'])} on {esc(pending['target'])}: "
            f"{scene.label(pending['responder'])} responds</p>"
        )
    if x["cannibal_food"] or x["med_credit"]:
        head += (
            f"<p>cannibal food {esc(x['cannibal_food'])} · med credit {esc(x['med_credit'])}</p>"
        )
    if x["gang_winners"]:
        won = (
            f"{card(g['gang'])} {'nobody' if g['seat'] < 0 else scene.label(g['seat'])}"
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
            f'<tr data-seat="{seat}"><th>{scene.label(seat)}</th><td>{leader}</td>'
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
        mine.append(f"{scene.label(entry['by'])} saw {''.join(card(c) for c in entry['cards'])}")
    if x["drawn"]:
        mine.append(f"drawn: {''.join(card(c) for c in x['drawn'])}")
    private = f'<p class="mine">{" · ".join(mine)}</p>' if mine else ""
    return (
        f'<div class="modules">{head}<table class="as-modules"><tr><th>tribe</th><th>leader</th>'
        f"<th>buildings</th><th>held</th><th>skirmish</th></tr>{''.join(rows)}</table>"
        f"{private}</div>"
    )


SECTIONS: tuple[Callable[[Scene], str], ...] = (market, tribes, modules, skirmish, events, legend)
"""The board's zones in order: each a function of the scene returning HTML."""


def hand(view: Mapping[str, Any]) -> str:
    """What only the seat sees of its own cards: hand, deck and discard (with the cards chosen
    and the action open), for the person playing it in the browser."""
    shovel = int(view.get("shovel_dig", 2) or 2)
    chosen = list(view.get("chosen") or [])

    def cards(ids: Any, mark: bool = False, *, faces: bool = True) -> str:
        draw_one = card if faces else chip
        drawn = [
            draw_one(str(c), extra="chosen" if mark and c in chosen else "", shovel_dig=shovel)
            for c in ids or []
        ]
        return "".join(drawn) or "<i>none</i>"

    rows = [
        ("hand", cards(view.get("hand"), mark=True)),
        ("deck", cards(view.get("deck_cards"), faces=False)),
        ("discard", cards(view.get("discard_cards"), faces=False)),
    ]
    if view.get("open_action"):
        rows.append(("action open", f"<code>{esc(view['open_action'])}</code>"))
    if chosen:
        rows.append(("chosen", cards(chosen, faces=False)))
    body = "".join(f'<tr data-zone="{z}"><th>{z}</th><td>{v}</td></tr>' for z, v in rows)
    return f'<div class="own-hand"><h3>Your cards</h3><table class="data">{body}</table></div>'
