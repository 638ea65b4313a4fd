"""Text pictures of Arctic Scavengers positions (what `seat` may see) for the CLI and replays."""

from __future__ import annotations

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
    lines += [f"  {e}" for e in v["events"][-8:]]
    return "\n".join(lines)
