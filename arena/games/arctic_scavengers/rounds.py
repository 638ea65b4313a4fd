"""The round structure (spec §4): drawing, the initiator passing on, game end.

The end of a seat's gathering, which leads to the skirmish, is in skirmish.py."""

from __future__ import annotations

from .cards import (
    HAND_SIZE,
    PEEK_FROM_ROUND,
    people_of,
)
from .state import (
    GATHER,
    NO_CARD,
    NO_SEAT,
    OVER,
    State,
    Zones,
    add_event,
    draw_cards,
    evolve,
)

_EMPTY: frozenset[int] = frozenset()


def start_round(state: State) -> State:
    """Phase 1 (§4.1-4.3): cards in play and left in hand to the discard, draw 5, the peek."""
    rnd = state.round + 1
    state = evolve(state, round=rnd)
    events = add_event(state, f"round {rnd}: seat {state.initiator} is the initiator")
    stream = state.stream
    players = []
    for seat, z in enumerate(state.players):
        z = Zones(z.deck, z.discard + z.hand + z.force, (), ())
        z, stream, reshuffled = draw_cards(z, HAND_SIZE, stream)
        if reshuffled:
            events += ((rnd, f"seat {seat} shuffles the discard pile into a new deck"),)
        players.append(z)
    peek = NO_CARD
    if rnd >= PEEK_FROM_ROUND and state.num_players > 2 and state.contested:
        peek = state.contested[0]  # §4.3; never in 2-player games (§9.2)
        events += ((rnd, f"seat {state.initiator} peeks at the top contested resource"),)
    return evolve(
        state,
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
    )


def finish_round(state: State) -> State:
    """After the skirmish: the initiator passes left (§7.7); the game may end (§8.1)."""
    state = evolve(state, initiator=(state.initiator + 1) % state.num_players)
    if state.contested:
        return start_round(state)
    result = tuple(
        people_of(z.deck) + people_of(z.discard) + people_of(z.hand) + people_of(z.force)
        for z in state.players
    )
    text = "game over: people " + " ".join(str(p) for p in result)
    return evolve(
        state,
        phase=OVER,
        current=NO_SEAT,
        peek=NO_CARD,
        result=result,
        events=add_event(state, text),
    )
