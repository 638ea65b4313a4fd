"""Built-in Arctic Scavengers bots. They read only `request.view` and `request.legal_moves`, so
they play the same in-process and over gRPC.

greedy: gathers with the cards that are weak in a fight (draw with Scouts, hunt with Hunters and
Refugees, dig with Refugees and Shovels), hires the strongest mercenary it can pay for with the
least medicine, keeps the best dug card, trashes Junk, and brings every fighter to the
skirmish, where it snipes the strongest person and disarms the strongest tool it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.search.levels import Level, boss_levels

from .cards import CARD_BY_ID, CARD_KIND, DEFAULT_SHOVEL, FIGHT, KINDS, SHOVEL_DIG, STATS
from .strategy_modules import module_greedy_move
from .values import CARD_VALUE

_STATS = STATS[SHOVEL_DIG[DEFAULT_SHOVEL]]
_EARLY = 3  # before this round there is no skirmish: every card may gather

# Cards the bot plays for each action (the rest stay in hand for the skirmish).
_GATHER_CODES = {
    "draw": ({"SCO", "SLE"}, {"SCO", "SLE", "SCA"}),
    "hunt": ({"HUN", "REF", "NET"}, {"HUN", "REF", "SCA", "NET", "SPE", "MUL", "WOL"}),
    "dig": ({"REF", "SHO"}, {"REF", "SCA", "BRA", "SAB", "THU", "SHO", "PIC", "MUL"}),
    "trash": ({"JUN"}, {"JUN"}),
}


def code(card_id: str) -> str:
    """The kind code of a card id, e.g. "SCA" for "SCA.2"."""
    return card_id.split(".")[0]


def plan(view: dict[str, Any], action: str) -> list[str]:
    """The cards of the hand the bot plays for `action`, in hand order."""
    late, early = _GATHER_CODES[action]
    codes = early if view["round"] < _EARLY else late
    return [c for c in view["hand"] if code(c) in codes]


def _gather(view: dict[str, Any], legal: Sequence[str]) -> str:
    for action in ("draw", "hunt"):
        cards = plan(view, action)
        if cards and f"{action} {cards[0]}" in legal:
            return f"{action} {cards[0]}"
    hires = [m for m in legal if m.startswith("hire ")]
    if hires:
        return max(hires, key=lambda m: CARD_VALUE[m.split()[1]])
    for action in ("dig", "trash"):
        cards = plan(view, action)
        if cards and f"{action} {cards[0]}" in legal:
            return f"{action} {cards[0]}"
    return "end"


def _build(view: dict[str, Any], legal: Sequence[str]) -> str:
    if view["open_action"] == "hire":
        if "go" in legal:
            return "go"
        pays = [m for m in legal if m.startswith("pay ")]
        return min(pays, key=lambda m: CARD_VALUE[code(m.split()[1])])
    for card in plan(view, view["open_action"]):
        if f"add {card}" in legal:
            return f"add {card}"
    return "go"


def _keep(legal: Sequence[str]) -> str:
    best = max(legal, key=lambda m: -0.1 if m == "keep none" else CARD_VALUE[code(m.split()[1])])
    return best


def _strength(card_id: str) -> float:
    """How much removing a card hurts its owner in a skirmish."""
    card = CARD_BY_ID[card_id]
    kind = KINDS[CARD_KIND[card]]
    fight = _STATS.printed[FIGHT][card] or 0
    return fight + _STATS.bonus[FIGHT][card] + kind.people / 2 + 2 * kind.group_leader


def _declare(legal: Sequence[str]) -> str:
    targets = [m for m in legal if m != "done"]
    if not targets:
        return "done"
    return max(targets, key=lambda m: _strength(m.split()[2]))


def greedy_move(view: dict[str, Any], legal: Sequence[str]) -> str:
    """The greedy bot's choice for any phase."""
    if "expansion" in view:  # a game with HQ/Recon modules (strategy_modules.py)
        return module_greedy_move(view, legal)
    phase = view["phase"]
    if phase == "gather":
        return _gather(view, legal)
    if phase == "build":
        return _build(view, legal)
    if phase == "keep":
        return _keep(legal)
    return _declare(legal)


def make_greedy(seed: int | None = None) -> Policy:
    """Greedy: deterministic given the view; `seed` only breaks an impossible fallback."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        move = greedy_move(dict(request.view), request.legal_moves)
        return move if move in request.legal_moves else rng.choice(request.legal_moves)

    return choose


BOSS_LEVELS: dict[str, Level] = {
    "boss:1": (50, None),  # 50 playouts a decision
    "boss:2": (200, None),  # 200 playouts a decision
    "boss:3": (None, 300),  # playouts for 300 ms a decision
    "boss": (None, None),  # playouts within the clock (1 s without one)
}
"""Each level's (playouts per decision, ms cap per decision); None: not set."""

STRATEGIES: dict[str, Callable[..., Policy]] = {
    "greedy": make_greedy,
    **boss_levels("arena.games.arctic_scavengers.boss", BOSS_LEVELS),
}
