"""What a seat sees of the expansion modules (expansions spec §16), in the view's `expansion`
key (proto ArcticScavengersExpansion); a base game's view has no such key (AX-A1).

Public: the modules, the schematics count, gangs (and their winners at the end), a pending
targeted action, the gathering seat's Cannibal food and Butcher credit, and per seat its leader
(once every seat has chosen), buildings with their stacked and stored counts, held Hardy
Scavengers, and this skirmish's provoke, gassed and bombed cards. Private to the viewer: its
dealt leaders, its buildings' stacked and stored cards, its recon results and known cards,
which of its cards were spied, and while acting the cards its Courier or Organizer drew and
what its Tower or Yardmaster looked at.
"""

from __future__ import annotations

from typing import Any

from .cards import CARD_ID, CARD_KIND, KINDS
from .expansion import MODULE_BIT, ext_of
from .leaders import choosing
from .recon import known
from .state import (
    DIG_ORGANIZER,
    DROP,
    GATHER,
    KEEP,
    MODULE_NAMES,
    NO_CARD,
    NO_SEAT,
    OVER,
    PHASE_NAMES,
    PRIVATE_PHASES,
    SAVE,
    Ext,
    Pending,
    State,
)

_ID = CARD_ID.__getitem__


def _ids(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [*map(_ID, cards)]


def adjust_base(state: State, seat: int | None, view: dict[str, Any]) -> None:
    """The base keys that read differently with modules on: private sub-steps look like
    `gather` to the others, the market's codes, an Organizer's draw is `drawn`, not `dug`."""
    acting = seat is not None and seat == state.current and state.phase != OVER
    if state.phase in PRIVATE_PHASES and not acting:
        view["phase"] = PHASE_NAMES[GATHER]
    ext = ext_of(state)
    view["stack_codes"] = [KINDS[k].code for k in ext.stack_kinds]
    if state.phase == KEEP and ext.turn.dig == DIG_ORGANIZER:
        view["dug"] = []
    view["expansion"] = expansion_view(state, seat)


def _pending(p: Pending | None) -> dict[str, Any]:
    if p is None:
        return {"kind": "", "by": NO_SEAT, "cards": [], "target": "", "responder": NO_SEAT}
    target = f"seat {p.target_seat}" if p.target == NO_CARD else CARD_ID[p.target]
    return {
        "kind": p.kind,
        "by": p.by,
        "cards": _ids(p.cards),
        "target": target,
        "responder": p.responder,
    }


def _window(state: State) -> Pending | None:
    """A skirmish save window reads as a pending snipe, the asked seat responding."""
    fight = ext_of(state).fight
    if state.phase != SAVE:
        return None
    return Pending("snipe", fight.sniper, (fight.unit,), NO_SEAT, fight.target, state.current)


def _building_state(stack: bool, disabled: bool) -> str:
    return "building" if stack else ("disabled" if disabled else "complete")


def _seat(state: State, ext: Ext, seat: int, leaders_public: bool) -> dict[str, Any]:
    s, fight = ext.seats[seat], ext.fight
    force = state.players[seat].force
    return {
        "leader": CARD_ID[s.leader] if leaders_public and s.leader != NO_CARD else "",
        "wounded": s.wounded,
        "leader_used": s.power_used,
        "buildings": [
            {
                "id": CARD_ID[b.card],
                "state": _building_state(bool(b.stack), b.disabled),
                "stacked": len(b.stack),
                "stored": len(b.stored),
                "placed_round": b.placed,
            }
            for b in s.buildings
        ],
        "held": _ids(s.held),
        "provoked": seat in fight.provoked,
        "gassed": [_ID(c) for c in force if c in fight.gassed],
        "bombed": [_ID(c) for owner, c in fight.bombed if owner == seat],
    }


def expansion_view(state: State, seat: int | None) -> dict[str, Any]:
    """The `expansion` part of the view of `seat` (None: a spectator)."""
    ext = ext_of(state)
    mine = seat is not None and 0 <= seat < state.num_players
    acting = mine and seat == state.current and state.phase != OVER
    leaders_public = not choosing(state)
    me = ext.seats[seat] if mine and seat is not None else None
    turn = ext.turn
    drawn: list[str] = []
    if acting and state.phase == DROP:
        drawn = _ids(turn.drawn)
    elif acting and state.phase == KEEP and turn.dig == DIG_ORGANIZER:
        drawn = _ids(state.dug)
    return {
        "modules": [m for m in MODULE_NAMES if ext.modules & MODULE_BIT[m]],
        "schematics": len(ext.schematics),
        "gangs": [KINDS[CARD_KIND[g]].code for g in ext.gangs],
        "gang_winners": [
            {"gang": KINDS[CARD_KIND[g]].code, "seat": w}
            for g, w in zip(ext.gangs, ext.gang_winners, strict=False)
        ],
        "pending": _pending(_window(state) or turn.pending),
        "cannibal_food": turn.cannibal_food,
        "med_credit": turn.med_credit,
        "players": [_seat(state, ext, s, leaders_public) for s in range(state.num_players)],
        "leader_options": _ids(me.options) if me else [],
        "building_cards": [{"building": _ID(b.card), "cards": _ids(b.stack)} for b in me.buildings]
        if me
        else [],
        "stored_cards": [{"building": _ID(b.card), "cards": _ids(b.stored)} for b in me.buildings]
        if me
        else [],
        "recon": [{"of": of, "cards": _ids(cards)} for of, cards in me.recon] if me else [],
        "known": _ids(sorted(c for cs in known(state, seat).values() for c in cs))
        if me and seat is not None
        else [],
        "spied": [{"by": by, "cards": _ids(cards)} for by, cards in me.spied] if me else [],
        "drawn": drawn,
        "looked": [{"of": of, "cards": _ids(cards)} for of, cards in me.looked] if me else [],
    }
