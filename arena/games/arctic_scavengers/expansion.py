"""The expansion modules' part of a state (expansions spec 0.3): which modules are on, the
market, the schematics pile, gangs, leaders, buildings, held cards, recon knowledge, and the
scratch of the gathering turn and of the skirmish.

A base game has no Ext at all (`State.ext is None`), so nothing here touches it (AX-A1).
Everything is immutable, like the base state.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import IS_PERSON
from .state import (
    GATHER,
    MODULE_NAMES,
    NO_CARD,
    NO_SEAT,
    RESPOND,
    ArcticScavengersOptions,
    State,
)

# Module bits (option order).
HQ1, HQ2, HQ3, HQ4, RECON1, RECON2, RECON3, RECON4, RECON5 = (1 << i for i in range(9))
MODULE_BIT = {name: 1 << i for i, name in enumerate(MODULE_NAMES)}

# Where a dig's cards come from (Turn.dig).
DIG_JUNKYARD, DIG_SCHEMATICS, DIG_ORGANIZER = range(3)


def module_bits(options: ArcticScavengersOptions) -> int:
    """The enabled modules as bits."""
    return sum(MODULE_BIT[name] for name in options.modules)


class Building(NamedTuple):
    """A building in its owner's area (§5): under construction while cards are stacked on it."""

    card: int
    stack: tuple[int, ...]  # stacked cards, top first (the last placed is the top, AX-A24)
    stored: tuple[int, ...]  # stored cards, in card order
    disabled: bool  # sabotaged (HQ 4) and not repaired yet
    placed: int  # the round it was placed in

    @property
    def complete(self) -> bool:
        """No card left on it (it works unless disabled)."""
        return not self.stack

    @property
    def working(self) -> bool:
        """Complete and enabled: its ability works and it counts for the Masons."""
        return not self.stack and not self.disabled


class SeatExt(NamedTuple):
    """One seat's expansion zones and knowledge."""

    leader: int = NO_CARD  # its chosen leader (HQ 3)
    options: tuple[int, ...] = ()  # the two dealt leaders, until it chooses
    declined: int = NO_CARD  # the dealt leader it did not keep (removed unseen; it knows it)
    wounded: bool = False  # HQ 4
    power_used: bool = False  # its leader's once-a-round power, this round
    buildings: tuple[Building, ...] = ()  # in placement order
    held: tuple[int, ...] = ()  # Hardy Scavengers that join the next hand (Recon 3)
    recon: tuple[tuple[str, tuple[int, ...]], ...] = ()  # this round's recon results (of, cards)
    spied: tuple[tuple[int, tuple[int, ...]], ...] = ()  # this round: (by seat, its cards seen)
    looked: tuple[tuple[str, tuple[int, ...]], ...] = ()  # Tower and Yardmaster looks


class Pending(NamedTuple):
    """A targeted action waiting for its target's response (0.5)."""

    kind: str  # recon, snipe, disarm, sabotage, demolish, counter_snipe
    by: int  # the seat acting
    cards: tuple[int, ...]  # its played cards
    target_seat: int
    target: int  # the card or building aimed at (NO_CARD for a recon of a seat)
    responder: int
    outer: Pending | None = None  # under a counter-snipe: the recon it answers


class Turn(NamedTuple):
    """The gathering seat's scratch for its turn (reset when a turn starts)."""

    cannibal_food: int = 0  # Cannibal (AX-A33)
    med_credit: int = 0  # Butcher (AX-A32)
    done: frozenset[int] = frozenset()  # work/repair/tower uses: verb code * 1000 + building
    stored: frozenset[int] = frozenset()  # cards stored this turn (AX-A22)
    retrieved: frozenset[int] = frozenset()  # cards retrieved this turn
    last_persons: tuple[int, ...] = ()  # persons of the action just finished (Map, §12.2)
    acting: tuple[int, ...] = ()  # the cards of the action in progress (for the Map after it)
    aside: tuple[int, ...] = ()  # an action's played cards until it is over (face up)
    dig: int = DIG_JUNKYARD  # what the KEEP phase is keeping from
    from_bottom: bool = False  # Scrappers dug from the bottom
    scrappers: bool = False  # Scrappers in the dig: ask where the unkept cards go
    sled: bool = False  # a Cargo Sled dig: a second keep may follow
    kept: int = NO_CARD  # the first card kept in a Cargo Sled dig
    rest: tuple[int, ...] = ()  # unkept dug cards waiting for `return top|bottom`
    drawn: tuple[int, ...] = ()  # Courier: cards the draw brought, still droppable
    drops: int = 0  # Courier: drops still owed
    picks: tuple[int, ...] = ()  # Drill Sergeant: cards picked from the discard pile
    building: int = NO_CARD  # the building of an open work
    looks: int = 0  # Scout Tower: looks left
    yard: tuple[int, ...] = ()  # Yardmaster: the junkyard cards looked at
    value: int = 0  # a Scrappers dig's X before its side is chosen
    pending: Pending | None = None


class Fight(NamedTuple):
    """The skirmish scratch (§0.6, §0.7)."""

    provoked: frozenset[int] = frozenset()  # seats that declared `provoke`
    gassed: frozenset[int] = frozenset()
    bombed: tuple[tuple[int, int], ...] = ()  # (seat, card) bombed out of a force (§6.4)
    revealed: tuple[int, ...] = ()  # per seat: cards in its force at the reveal (Decoys)
    sniper: int = NO_SEAT  # a save window: the sniping seat, its unit and target
    unit: int = NO_CARD
    target: int = NO_CARD
    askers: tuple[int, ...] = ()  # seats still to be asked in the save window


class Ext(NamedTuple):
    """The expansion part of a state."""

    modules: int  # module bits
    stack_kinds: tuple[int, ...]  # the kind of each mercenary stack (State.stacks), 0.8
    schematics: tuple[int, ...]  # the engineering schematics pile, top first (hidden)
    gangs: tuple[int, ...]  # gang cards in play (public)
    unseen: tuple[int, ...]  # removed face down: unchosen leaders, unused contested resources
    seats: tuple[SeatExt, ...]
    turn: Turn = Turn()
    fight: Fight = Fight()
    gang_winners: tuple[int, ...] = ()  # once over: per gang of `gangs`, its seat or NO_SEAT


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


def find_building(ext: Ext, card: int) -> tuple[int, int]:
    """(seat, index) of a building card in play, or (NO_SEAT, -1)."""
    for seat, s in enumerate(ext.seats):
        for i, b in enumerate(s.buildings):
            if b.card == card:
                return seat, i
    return NO_SEAT, -1


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
