"""The Arctic Scavengers boss's rollout policy: the greedy bot's rules (strategy.py) computed
on the engine state, without a view and without listing the legal moves, for every seat of a
playout."""

from __future__ import annotations

from .cards import CARD_BY_ID, CARD_KIND, FIGHT, KINDS, MEDICINE, MERCENARY_KINDS, NUM_CARDS, STATS
from .gathering import affordable, paid_enough
from .notation import (
    ADD_TEXT,
    DONE_TEXT,
    END_TEXT,
    GO_TEXT,
    HIRE_TEXT,
    KEEP_NONE_TEXT,
    KEEP_TEXT,
    OPEN_TEXT,
    PAY_TEXT,
)
from .skirmish import declarations
from .state import A_DIG, A_DRAW, A_HIRE, A_HUNT, A_TRASH, BUILD, GATHER, KEEP, State
from .strategy import _EARLY, _GATHER_CODES
from .values import CARD_VALUE

_VALUE = tuple(CARD_VALUE[KINDS[CARD_KIND[c]].code] for c in range(NUM_CARDS))
_KIND_VALUE = {k: CARD_VALUE.get(KINDS[k].code, 0.0) for k in MERCENARY_KINDS}


def _codes_table(codes: set[str]) -> tuple[bool, ...]:
    return tuple(KINDS[CARD_KIND[c]].code in codes for c in range(NUM_CARDS))


# _PLAN[action][early]: may the card be played for the action (strategy._GATHER_CODES).
_ACTION = {"draw": A_DRAW, "hunt": A_HUNT, "dig": A_DIG, "trash": A_TRASH}
_PLAN = {
    _ACTION[name]: (_codes_table(late), _codes_table(early))
    for name, (late, early) in _GATHER_CODES.items()
}


def _strength(card: int, shovel_dig: int) -> float:
    """strategy._strength on a card index: how much removing it hurts in a skirmish."""
    stats = STATS[2]  # the greedy bot reads the default Shovel's statistics
    kind = KINDS[CARD_KIND[card]]
    fight = stats.printed[FIGHT][card] or 0
    return fight + stats.bonus[FIGHT][card] + kind.people / 2 + 2 * kind.group_leader


_STRENGTH = tuple(_strength(c, 2) for c in range(NUM_CARDS))


def _planned(state: State, action: int) -> list[int]:
    """The hand's cards the rules play for `action`, in hand order."""
    table = _PLAN[action][state.round < _EARLY]
    return [c for c in state.players[state.current].hand if table[c]]


def _gather(state: State) -> str:
    used = state.used
    for action in (A_DRAW, A_HUNT):
        if not used >> action & 1:
            cards = _planned(state, action)  # every planned card may open its action
            if cards:
                return OPEN_TEXT[action][cards[0]]
    if not used >> A_HIRE & 1:
        medicine = sum(MEDICINE[c] for c in state.players[state.current].hand)
        best, best_value = "", float("-inf")
        for kind, stack in zip(MERCENARY_KINDS, state.stacks, strict=True):
            if stack and affordable(kind, state.food, medicine) and _KIND_VALUE[kind] > best_value:
                best, best_value = HIRE_TEXT[kind], _KIND_VALUE[kind]
        if best:
            return best
    for action in (A_DIG, A_TRASH):
        if not used >> action & 1:
            cards = _planned(state, action)
            if cards:
                return OPEN_TEXT[action][cards[0]]
    return END_TEXT


def _build(state: State) -> str:
    chosen = state.chosen
    if state.action == A_HIRE:
        if paid_enough(state.hire_kind, state.food, sum(MEDICINE[c] for c in chosen)):
            return GO_TEXT
        pays = [c for c in state.players[state.current].hand if MEDICINE[c] and c not in chosen]
        return PAY_TEXT[min(pays, key=_VALUE.__getitem__)]
    for card in _planned(state, state.action):
        if card not in chosen:
            return ADD_TEXT[card]
    return GO_TEXT


def _keep(state: State) -> str:
    best = max(state.dug, key=_VALUE.__getitem__)
    return KEEP_TEXT[best] if _VALUE[best] > -0.1 else KEEP_NONE_TEXT


def _declare(state: State) -> str:
    targets = declarations(state, state.current)
    if not targets:
        return DONE_TEXT
    return max(targets, key=lambda m: _STRENGTH[CARD_BY_ID[m.split()[2]]])


def rule_move(state: State) -> str:
    """The greedy bot's move (strategy.greedy_move) computed on the engine state: the same
    rules, without a view and without listing the legal moves."""
    phase = state.phase
    if phase == GATHER:
        return _gather(state)
    if phase == BUILD:
        return _build(state)
    if phase == KEEP:
        return _keep(state)
    return _declare(state)
