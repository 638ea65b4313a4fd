"""The greedy bot's play when expansion modules are on (strategy.py calls `module_greedy_move`
for a view with an `expansion` part). It reads only the view and the legal moves.

It keeps a leader that strengthens its tribe, heals it, builds with Engineers and Tinkers and
puts its Refugees to work on its buildings, repairs them, spies on the fullest hand and then
strikes its best known card, sabotages and demolishes the others' buildings, always answers a
targeted action with a Guard, a Medic or a counter-snipe when it has one, saves its own cards
in a skirmish, takes persons back with Maps, gasses and bombs the strongest opponent card and
provokes when its force outnumbers its fight; everything else as the base greedy bot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import CARD_BY_ID, CARD_KIND, FIGHT, KINDS
from .values import CARD_VALUE, action_value, xstats

# How much the bot wants a card in its deck, beside the base table (strategy.CARD_VALUE).
MODULE_CARD_VALUE = {
    "MED": 2.5, "ENG": 2.5, "SPY": 2, "SRF": 1, "ASN": 2, "PRO": 2, "ROG": 2.5, "GUA": 2.5,
    "COU": 2.5, "DRS": 2, "SCR": 4, "TIN": 2, "HSC": 2, "CMD": 6, "DEM": 4, "TH2": 2.5,
    "TH3": 3.5, "TH4": 5, "CGS": 3, "TEA": 3, "RIF": 3, "TLK": 1.5, "BIN": 1, "MAP": 1,
}  # fmt: skip
LEADER_ORDER = ("GAN", "RAN", "EXC", "MEN", "PEA", "SAA", "ORG", "CAN", "BUT", "FAN", "SWI", "YAR")
BUILDING_ORDER = ("PHA", "HYD", "DCY", "ARM", "TWR", "BNK")
_X = xstats(2)
_EARLY = 3  # before this round there is no skirmish


def code(card_id: str) -> str:
    """The kind code of a card id."""
    return card_id.split(".")[0]


def card_value(card_id: str) -> float:
    """How much the bot wants a card (base and module tables)."""
    kind = code(card_id)
    return MODULE_CARD_VALUE.get(kind, CARD_VALUE.get(kind, 0.0))


def fight_of(card_id: str) -> float:
    """How much removing a card hurts its owner in a skirmish."""
    if card_id not in CARD_BY_ID:
        return 0.0
    card = CARD_BY_ID[card_id]
    kind = KINDS[CARD_KIND[card]]
    if kind.home == "leaders":
        return 4.0
    alone = action_value(_X, FIGHT, [card])[0] + _X.tool[FIGHT][card] + _X.modifier[FIGHT][card]
    return alone + kind.people / 2


def _first(legal: Sequence[str], *prefixes: str) -> str | None:
    return next((m for m in legal if m.startswith(prefixes)), None)


def _best(moves: list[str], key: Any) -> str | None:
    return max(moves, key=key) if moves else None


def _respond(view: dict[str, Any], legal: Sequence[str]) -> str:
    return _first(legal, "cancel", "save", "snipe") or "allow"


def _save(view: dict[str, Any], legal: Sequence[str]) -> str:
    """Save only its own cards and leader."""
    me, target = view["seat"], view["expansion"]["pending"]["target"]
    mine = set(view["players"][me]["force"]) | {view["expansion"]["players"][me]["leader"]}
    if target not in mine:
        return "allow"
    return _first(legal, "save") or "allow"


def _keep(view: dict[str, Any], legal: Sequence[str]) -> str:
    def worth(move: str) -> float:
        if move == "keep none":
            return -0.1
        kind = code(move.split()[1])
        if kind in BUILDING_ORDER:
            return 10 - BUILDING_ORDER.index(kind)
        return card_value(move.split()[1])

    return max(legal, key=worth)


def _declare(view: dict[str, Any], legal: Sequence[str]) -> str:
    me = view["seat"]
    force = view["players"][me]["force"]
    people = sum(KINDS[CARD_KIND[CARD_BY_ID[c]]].people for c in force)
    fight = action_value(_X, FIGHT, [CARD_BY_ID[c] for c in force])[0]
    if "provoke" in legal and people > fight:
        return "provoke"
    strikes = [m for m in legal if m.split()[0] in ("snipe", "disarm", "gas", "bomb")]
    best = _best(strikes, lambda m: fight_of(m.split()[2]))
    return best or "done"


def _gather(view: dict[str, Any], legal: Sequence[str]) -> str | None:
    """The module actions the bot takes before the base gathering."""
    rnd, hand = view["round"], view["hand"]
    for prefix in ("heal", "map", "repair", "retrieve"):
        move = _first(legal, prefix)
        if move:
            return move
    works = [m for m in legal if m.startswith("work ")]
    if works and any(code(c) in ("REF", "JUN", "HSC") for c in hand):
        return works[0]
    builds = [m for m in legal if m.startswith("build ")]
    if builds and view["expansion"]["schematics"]:
        return builds[0]
    if "recon" not in view["actions_used"]:
        spy = next((m for m in legal if m.startswith("recon SPY")), None)
        if spy:
            return spy
    strikes = [m for m in legal if m.split()[0] in ("snipe", "disarm")]
    if strikes:
        return max(strikes, key=lambda m: fight_of(m.split()[2]))
    for prefix in ("sabotage", "demolish", "organize"):
        move = _first(legal, prefix)
        if move:
            return move
    refugees = [m for m in legal if m.startswith(("cannibal REF", "butcher REF"))]
    if refugees and rnd >= _EARLY and "hire" not in view["actions_used"]:
        return refugees[0]
    tower = _first(legal, "tower TWR.", "yard")
    if tower and (tower == "yard" or code(tower.split()[2]) in ("JUN", "REF")):
        return tower
    return None


# Cards played for each action (the rest stay for the skirmish): (from round 3, before).
GATHER_CODES = {
    "draw": ({"SCO", "SLE", "COU", "MED", "ASN"}, {"SCO", "SLE", "SCA", "COU", "MED", "ASN"}),
    "hunt": (
        {"HUN", "REF", "NET", "HSC", "TH2", "SRF"},
        {"HUN", "REF", "SCA", "NET", "SPE", "MUL", "WOL", "RIF", "HSC", "TH2", "TH3", "TH4"},
    ),
    "dig": (
        {"REF", "SHO", "ENG", "TLK", "CGS", "DRS"},
        {"REF", "SCA", "BRA", "SAB", "THU", "SHO", "PIC", "MUL", "ENG", "HSC", "DRS", "SCR",
         "TLK", "CGS", "TIN", "SRF"},
    ),
    "trash": ({"JUN"}, {"JUN"}),
}  # fmt: skip


# A module's key mercenary: wanted (this bonus) until the tribe owns WANTED_COPIES of it.
WANTED = {"hq1": "MED", "hq2": "ENG", "recon1": "SPY", "recon2": "ROG", "recon3": "TIN"}
WANTED_BONUS, WANTED_COPIES = 4.0, 2


def hire_value(view: dict[str, Any], kind: str) -> float:
    """How much the bot wants to hire a kind: its card value, more for a module's key card."""
    value = card_value(kind + ".1")
    modules = view["expansion"]["modules"]
    if kind in (WANTED[m] for m in modules if m in WANTED):
        mine = view["hand"] + view["deck_cards"] + view["discard_cards"]
        if sum(1 for c in mine if code(c) == kind) < WANTED_COPIES:
            value += WANTED_BONUS
    return value


def plan(view: dict[str, Any], action: str) -> list[str]:
    """The cards of the hand the bot plays for `action`, in hand order."""
    late, early = GATHER_CODES[action]
    codes = early if view["round"] < _EARLY else late
    return [c for c in view["hand"] if code(c) in codes]


def _base_gather(view: dict[str, Any], legal: Sequence[str]) -> str:
    for action in ("draw", "hunt"):
        cards = plan(view, action)
        if cards and f"{action} {cards[0]}" in legal:
            return f"{action} {cards[0]}"
    hires = [m for m in legal if m.startswith("hire ")]
    if hires:
        return max(hires, key=lambda m: hire_value(view, m.split()[1]))
    for action in ("dig", "trash"):
        cards = plan(view, action)
        if cards and f"{action} {cards[0]}" in legal:
            return f"{action} {cards[0]}"
    return "end"


def _build(view: dict[str, Any], legal: Sequence[str]) -> str:
    """An open action: add what helps, then go (pay a hire with the cheapest medicine)."""
    action = view["open_action"]
    adds = [m for m in legal if m.startswith("add ")]
    if action == "hire":
        pays = [m for m in legal if m.startswith("pay ")]
        return "go" if "go" in legal else min(pays, key=lambda m: card_value(m.split()[1]))
    if action == "work":
        useful = [m for m in adds if code(m.split()[1]) in ("REF", "TLK", "HSC", "JUN")]
        return useful[0] if useful else ("go" if "go" in legal else legal[0])
    if action in ("build", "recon"):
        return adds[0] if adds else "go"
    wanted = set(plan(view, action))
    return next((m for m in adds if m.split()[1] in wanted), "go")


def _small(view: dict[str, Any], legal: Sequence[str]) -> str:
    """The private sub-steps: target, side, return, drop, pick, look, yard."""
    phase = view["phase"]
    if phase == "target":
        players = view["players"]
        return max(legal, key=lambda m: players[int(m.split()[1])]["hand"])
    if phase == "side":
        return "side top"
    if phase == "return":
        return "return bottom"
    if phase == "drop":
        return min(legal, key=lambda m: card_value(m.split()[1]))
    if phase == "pick":
        picks = [m for m in legal if m.startswith("pick ")]
        best = _best(picks, lambda m: card_value(m.split()[1]))
        return best if best and card_value(best.split()[1]) >= 3 else "go"
    if phase == "yard":
        looked = view["expansion"]["looked"][-1]["cards"] if view["expansion"]["looked"] else []
        good = sum(card_value(c) for c in looked) >= 3 and "dig" not in view["actions_used"]
        return "yard top" if good else "yard bottom"
    return legal[0]


def module_greedy_move(view: dict[str, Any], legal: Sequence[str]) -> str:
    """The greedy choice with modules on."""
    phase = view["phase"]
    if phase == "leader":
        return min(legal, key=lambda m: LEADER_ORDER.index(code(m.split()[1])))
    if phase == "respond":
        return _respond(view, legal)
    if phase == "save":
        return _save(view, legal)
    if phase == "keep":
        return _keep(view, legal)
    if phase == "declare":
        return _declare(view, legal)
    if phase in ("target", "side", "return", "drop", "pick", "look", "yard"):
        return _small(view, legal)
    if phase == "gather":
        return _gather(view, legal) or _base_gather(view, legal)
    if phase == "build":
        return _build(view, legal)
    return legal[0]
