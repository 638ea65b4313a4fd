"""The round structure with expansion modules on (expansions spec 0.10, 0.11): Phase 1 with
held Hardy Scavengers and building timers, each gathering turn's start (Gardens), and the game
end with the gangs (the end of gathering, which leads to the skirmish: module_skirmish.py).
"""

from __future__ import annotations

from .buildings import gardens, tick
from .cards import CARD_ID, HAND_SIZE, PEEK_FROM_ROUND
from .expansion import ext_of
from .gangs import final_people, gangs_text
from .state import (
    GATHER,
    NO_CARD,
    NO_SEAT,
    OVER,
    Fight,
    State,
    Turn,
    Zones,
    add_event,
    draw_cards,
)

_EMPTY: frozenset[int] = frozenset()


def start_round(state: State) -> State:
    """Phase 1: (a) cards in play to the discard, (b) timers, (c) draw 5 and held cards join,
    (d) the initiator's peek."""
    rnd = state.round + 1
    state = state._replace(round=rnd)
    events = add_event(state, f"round {rnd}: seat {state.initiator} is the initiator")
    ext = ext_of(state)
    stream = state.stream
    players, seats = [], []
    for seat, (z, s) in enumerate(zip(state.players, ext.seats, strict=True)):
        z = Zones(z.deck, z.discard + z.hand + z.force, (), ())
        buildings, z = tick(s.buildings, z)
        for before, after in zip(s.buildings, buildings, strict=True):
            if before.stack and not after.stack:
                events += ((rnd, f"seat {seat}: {CARD_ID[after.card]} is complete"),)
        z, stream, reshuffled = draw_cards(z, HAND_SIZE, stream)
        if reshuffled:
            events += ((rnd, f"seat {seat} shuffles the discard pile into a new deck"),)
        if s.held:  # AX-A56: after the normal draw
            z = z._replace(hand=tuple(sorted(z.hand + s.held)))
        players.append(z)
        seats.append(
            s._replace(
                buildings=buildings, held=(), power_used=False, recon=(), spied=(), looked=()
            )
        )
    peek = NO_CARD
    if rnd >= PEEK_FROM_ROUND and state.num_players > 2 and state.contested:
        peek = state.contested[0]
        events += ((rnd, f"seat {state.initiator} peeks at the top contested resource"),)
    state = state._replace(
        phase=GATHER,
        current=state.initiator,
        players=tuple(players),
        used=0,
        food=0,
        action=-1,
        chosen=(),
        hire_kind=-1,
        dug=(),
        peek=peek,
        spent=_EMPTY,
        sniped=_EMPTY,
        disarmed=_EMPTY,
        played=((),) * state.num_players,
        events=events,
        stream=stream,
        ext=ext._replace(seats=tuple(seats), turn=Turn(), fight=Fight()),
    )
    return begin_turn(state, state.initiator)


def begin_turn(state: State, seat: int) -> State:
    """A seat starts gathering: its Gardens' food (AX-A23), a fresh turn scratch."""
    ext = ext_of(state)
    return state._replace(
        phase=GATHER,
        current=seat,
        used=0,
        food=gardens(ext, seat),
        action=-1,
        chosen=(),
        hire_kind=-1,
        ext=ext._replace(turn=Turn()),
    )


def finish_round(state: State) -> State:
    """After the skirmish: the initiator passes left; the game may end (0.11)."""
    state = state._replace(initiator=(state.initiator + 1) % state.num_players)
    if state.contested:
        return start_round(state)
    people, winners = final_people(state)
    if winners:
        state = state._replace(events=add_event(state, gangs_text(state, winners)))
    text = "game over: people " + " ".join(str(p) for p in people)
    ext = ext_of(state)._replace(gang_winners=winners)
    return state._replace(
        phase=OVER,
        current=NO_SEAT,
        peek=NO_CARD,
        result=tuple(people),
        ext=ext,
        events=add_event(state, text),
    )
