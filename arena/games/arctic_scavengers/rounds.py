"""The round structure (spec §4): drawing, the order of gathering, game end."""

from __future__ import annotations

from .cards import (
    CARD_ID,
    FIRST_SKIRMISH_ROUND,
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


def end_gathering(state: State) -> State:
    """The current seat ends its gathering (§4.5); the next seat starts, or Phase 3 follows."""
    seat = state.current
    left = len(state.players[seat].hand)
    state = evolve(state, events=add_event(state, f"seat {seat}: end ({left} cards kept)"))
    following = (seat + 1) % state.num_players
    if following != state.initiator:
        return evolve(
            state,
            phase=GATHER,
            current=following,
            used=0,
            food=0,
            action=-1,
            chosen=(),
            hire_kind=-1,
        )
    if state.round < FIRST_SKIRMISH_ROUND:
        return start_round(state)
    from .skirmish import start_skirmish  # the skirmish module builds on this one

    return start_skirmish(state)


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


def ids_text(cards: tuple[int, ...] | list[int]) -> str:
    """Card ids separated by spaces."""
    return " ".join(CARD_ID[c] for c in cards)
