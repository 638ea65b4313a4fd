"""Per-seat views of Arctic Scavengers (JSON-ready; mirrored by proto ArcticScavengersView).

A seat sees its own hand, the composition of its own deck and discard pile (it saw every card
that went in), its own dig and peek; everyone sees counts, skirmish forces, cards played face up
this round, the mercenary stacks and the public events. Nothing else about hidden cards.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_ID, KINDS, MERCENARY_KINDS
from .module_view import adjust_base
from .state import BUILD, GATHER, GATHER_ACTIONS, NO_CARD, OVER, PHASE_NAMES, TOTAL_ROUNDS, State

_ID = CARD_ID.__getitem__


def _ids(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [*map(_ID, cards)]


def _player(state: State, seat: int) -> dict[str, Any]:
    z = state.players[seat]
    force = z.force
    return {
        "deck": len(z.deck),
        "discard": len(z.discard),
        "hand": len(z.hand),
        "force": [*map(_ID, force)],
        "played": [*map(_ID, state.played[seat])],
        "sniped": [_ID(c) for c in force if c in state.sniped] if state.sniped else [],
        "disarmed": [_ID(c) for c in force if c in state.disarmed] if state.disarmed else [],
    }


def view(state: State, seat: int | None) -> dict[str, Any]:
    """The view of `seat` (None: a spectator); with modules on, also their `expansion` part."""
    mine = seat is not None and 0 <= seat < state.num_players
    acting = mine and seat == state.current and state.phase != OVER
    phase = state.phase
    if phase == BUILD and not acting:
        phase = GATHER  # an open action is private until `go` carries it out
    z = state.players[seat] if mine and seat is not None else None
    over = state.phase == OVER
    out: dict[str, Any] = {
        "seat": seat,
        "num_players": state.num_players,
        "shovel_dig": state.shovel_dig,
        "round": state.round,
        "rounds": TOTAL_ROUNDS,
        "phase": PHASE_NAMES[phase],
        "to_move": [] if over else [state.current],
        "initiator": state.initiator,
        "junkyard": len(state.junkyard),
        "contested": len(state.contested),
        "stacks": [len(s) for s in state.stacks],
        "stack_codes": [KINDS[k].code for k in MERCENARY_KINDS],
        "players": [_player(state, s) for s in range(state.num_players)],
        "actions_used": [
            a for i, a in enumerate(GATHER_ACTIONS) if state.used >> i & 1 and not over
        ],
        "food": state.food,
        "hand": _ids(z.hand) if z else [],
        "deck_cards": _ids(sorted(z.deck)) if z else [],
        "discard_cards": _ids(sorted(z.discard)) if z else [],
        "open_action": GATHER_ACTIONS[state.action] if acting and state.action >= 0 else "",
        "hire_code": KINDS[state.hire_kind].code if acting and state.hire_kind >= 0 else "",
        "chosen": _ids(state.chosen) if acting else [],
        "dug": _ids(state.dug) if acting else [],
        "peek": CARD_ID[state.peek]
        if mine and seat == state.initiator and state.peek != NO_CARD
        else "",
        "events": [text for _, text in state.events],
        "result": list(state.result),
    }
    if state.ext is not None:  # expansion modules: an `expansion` key (module_view.py)
        adjust_base(state, seat, out)
    return out
