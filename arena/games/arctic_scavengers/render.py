"""Text pictures of Arctic Scavengers positions (what `seat` may see) for the CLI and replays."""

from __future__ import annotations

from typing import Any

from .state import State
from .view import view


def render(state: State, seat: int | None = None) -> str:
    """Round, piles, stacks, every player's public zones, the viewer's private cards, events."""
    v = view(state, seat)
    head = f"Arctic Scavengers round {v['round']}/{v['rounds']}: {v['phase']}"
    if v["to_move"]:
        head += f", seat {v['to_move'][0]} to move"
    lines = [
        head,
        f"initiator seat {v['initiator']}  junkyard {v['junkyard']}  contested {v['contested']}",
    ]
    stacks = " ".join(f"{c}:{n}" for c, n in zip(v["stack_codes"], v["stacks"], strict=True))
    lines.append(f"mercenaries {stacks}")
    for s, p in enumerate(v["players"]):
        row = f"seat {s}: deck {p['deck']} discard {p['discard']} hand {p['hand']}"
        if p["played"]:
            row += f"  played {' '.join(p['played'])}"
        if p["force"]:
            row += f"  force {' '.join(p['force'])}"
        if p["sniped"] or p["disarmed"]:
            row += f"  out {' '.join(p['sniped'] + p['disarmed'])}"
        if v["result"]:
            row += f"  people {v['result'][s]}"
        lines.append(row)
    if v["hand"] or seat is not None:
        lines.append(f"your hand: {' '.join(v['hand']) or '-'}")
    if v["open_action"]:
        lines.append(f"open: {v['open_action']} {v['hire_code']} {' '.join(v['chosen'])}".rstrip())
    if v["food"]:
        lines.append(f"food: {v['food']}")
    if v["dug"]:
        lines.append(f"dug: {' '.join(v['dug'])}")
    if v["peek"]:
        lines.append(f"peek: {v['peek']}")
    if "expansion" in v:
        lines += module_lines(v)
    lines += [f"  {e}" for e in v["events"][-8:]]
    return "\n".join(lines)


def module_lines(v: dict[str, Any]) -> list[str]:
    """The expansion modules' zones: public ones for every seat, then the viewer's own."""
    x = v["expansion"]
    head = f"modules {' '.join(x['modules'])}  schematics {x['schematics']}"
    if x["gangs"]:
        head += f"  gangs {' '.join(x['gangs'])}"
    lines = [head]
    for s, p in enumerate(x["players"]):
        parts = []
        if p["leader"]:
            parts.append(f"leader {p['leader']}{' (wounded)' if p['wounded'] else ''}")
        for b in p["buildings"]:
            state = f"{b['state']} {b['stacked']}" if b["stacked"] else b["state"]
            stored = f", stored {b['stored']}" if b["stored"] else ""
            parts.append(f"{b['id']}[{state}{stored}]")
        for key in ("held", "gassed", "bombed"):
            if p[key]:
                parts.append(f"{key} {' '.join(p[key])}")
        if p["provoked"]:
            parts.append("provoked")
        if parts:
            lines.append(f"seat {s}: {'  '.join(parts)}")
    pending = x["pending"]
    if pending["kind"]:
        lines.append(
            f"pending: {pending['kind']} by seat {pending['by']} {' '.join(pending['cards'])} "
            f"on {pending['target']}, seat {pending['responder']} responds"
        )
    if x["cannibal_food"] or x["med_credit"]:
        lines.append(f"cannibal food {x['cannibal_food']}  med credit {x['med_credit']}")
    if x["gang_winners"]:
        won = [f"{g['gang']} {'nobody' if g['seat'] < 0 else g['seat']}" for g in x["gang_winners"]]
        lines.append(f"gangs won: {', '.join(won)}")
    if x["leader_options"]:
        lines.append(f"your leaders to choose: {' '.join(x['leader_options'])}")
    for key in ("building_cards", "stored_cards"):
        for entry in x[key]:
            if entry["cards"]:
                lines.append(
                    f"your {key.split('_')[0]} {entry['building']}: {' '.join(entry['cards'])}"
                )
    for key in ("recon", "looked"):
        for entry in x[key]:
            lines.append(f"your {key} of {entry['of']}: {' '.join(entry['cards']) or '-'}")
    for entry in x["spied"]:
        lines.append(f"seat {entry['by']} saw your {' '.join(entry['cards'])}")
    for key in ("known", "drawn"):
        if x[key]:
            lines.append(f"{key}: {' '.join(x[key])}")
    return lines
