"""The expansion modules' part of a state (expansions spec 0.3), read and changed: which
modules are on, a seat's and a building's part replaced, the turn's and the skirmish's scratch
set. The types themselves (Ext: the market, the schematics pile, gangs, leaders, buildings,
held cards, recon knowledge, the scratch) are in state.py, beside the state that holds them.

A base game has no Ext at all (`State.ext is None`), so nothing here touches it (AX-A1).
Everything is immutable, like the base state.
"""

from __future__ import annotations

from typing import Any

from .cards import IS_PERSON
from .state import (
    GATHER,
    MODULE_NAMES,
    RESPOND,
    ArcticScavengersOptions,
    Building,
    Ext,
    Pending,
    SeatExt,
    State,
)

# Module bits (option order).
HQ1, HQ2, HQ3, HQ4, RECON1, RECON2, RECON3, RECON4, RECON5 = (1 << i for i in range(9))
MODULE_BIT = {name: 1 << i for i, name in enumerate(MODULE_NAMES)}


def module_bits(options: ArcticScavengersOptions) -> int:
    """The enabled modules as bits."""
    return sum(MODULE_BIT[name] for name in options.modules)


def ext_of(state: State) -> Ext:
    """The Ext of a state that has modules on."""
    ext = state.ext
    assert ext is not None, "a base-game state has no expansion part"
    return ext


def has(state: State, bits: int) -> bool:
    """Whether any of the modules `bits` is on."""
    return state.ext is not None and bool(state.ext.modules & bits)


def with_seat(ext: Ext, seat: int, seat_ext: SeatExt) -> Ext:
    """`ext` with one seat's part replaced."""
    return ext._replace(seats=ext.seats[:seat] + (seat_ext,) + ext.seats[seat + 1 :])


def with_building(ext: Ext, seat: int, index: int, building: Building) -> Ext:
    """`ext` with one of a seat's buildings replaced."""
    s = ext.seats[seat]
    buildings = s.buildings[:index] + (building,) + s.buildings[index + 1 :]
    return with_seat(ext, seat, s._replace(buildings=buildings))


def set_turn(state: State, **changes: Any) -> State:
    """The state with fields of the turn scratch changed."""
    ext = ext_of(state)
    return state._replace(ext=ext._replace(turn=ext.turn._replace(**changes)))


def set_fight(state: State, **changes: Any) -> State:
    """The state with fields of the skirmish scratch changed."""
    ext = ext_of(state)
    return state._replace(ext=ext._replace(fight=ext.fight._replace(**changes)))


def finish_action(state: State) -> State:
    """The action in progress is over: its persons may be taken back with a Map."""
    acting = ext_of(state).turn.acting
    state = state._replace(phase=GATHER)
    return set_turn(state, acting=(), last_persons=tuple(c for c in acting if IS_PERSON[c]))


def buildings_in_play(state: State) -> bool:
    """HQ 2 or Recon 3 brings the schematics pile."""
    return bool(ext_of(state).modules & (HQ2 | RECON3))


def ask(state: State, pending: Pending) -> State:
    """The responder decides now (phase `respond`, public `pending`)."""
    state = set_turn(state, pending=pending)
    return state._replace(phase=RESPOND, current=pending.responder)
