"""Recon 3's Drill Sergeant (expansions spec §10.2) and Recon 5's Map (§12.2): the drill's picks
from the discard pile, and a person taken back to hand right after its action.
The Courier's drops and the Scrappers' sides are part of the draw and the dig
(module_gathering.py); Hardy Scavengers return after the skirmish (module_skirmish.py).
"""

from __future__ import annotations

from .cards import CARD_ID, CARD_KIND, KIND_INDEX
from .expansion import ext_of, finish_action, set_turn
from .module_notation import card_move
from .state import (
    A_DRILL,
    PICK,
    State,
    add_event,
    draw_cards,
    replace_at,
    replace_player,
)

MAP = KIND_INDEX["MAP"]
DRILL_PICKS, DRILL_DRAW = 2, 2  # [ASSUMPTION AX-A53]


def open_drill(state: State, card: int) -> State:
    """`drill <DRS>`: pick up to 2 cards of the discard pile, then `go`."""
    state = state._replace(phase=PICK, action=A_DRILL, chosen=(card,))
    return set_turn(state, picks=())


def legal_picks(state: State) -> list[str]:
    """Discard pile cards not picked yet (card order) while fewer than 2, then `go`."""
    picks = ext_of(state).turn.picks
    moves: list[str] = []
    if len(picks) < DRILL_PICKS:
        discard = sorted(state.players[state.current].discard)
        moves = [card_move("pick", c) for c in discard if c not in picks]
    return [*moves, "go"]


def pick(state: State, card: int) -> State:
    """One more card for the drill."""
    return set_turn(state, picks=ext_of(state).turn.picks + (card,))


def drill(state: State) -> State:
    """The picks and the deck are shuffled into a new deck, the seat draws 2 (AS-A5)."""
    seat, chosen = state.current, state.chosen
    picks = tuple(sorted(ext_of(state).turn.picks))
    z = state.players[seat]
    deck, stream = state.stream.shuffled_chained(z.deck + picks)
    z = z._replace(
        deck=deck,
        discard=tuple(c for c in z.discard if c not in picks),
        hand=tuple(c for c in z.hand if c not in chosen),
    )
    z, stream, reshuffled = draw_cards(z, DRILL_DRAW, stream)
    z = z._replace(discard=z.discard + chosen)
    text = f"seat {seat}: drill {CARD_ID[chosen[0]]} ({len(picks)} cards into the deck, draws "
    text += f"{DRILL_DRAW})" + (
        ", shuffling the discard pile into a new deck" if reshuffled else ""
    )
    state = state._replace(
        players=replace_player(state.players, seat, z),
        stream=stream,
        played=replace_at(state.played, seat, state.played[seat] + chosen),
        used=state.used | 1 << A_DRILL,
        action=-1,
        chosen=(),
        events=add_event(state, text),
    )
    return finish_action(set_turn(state, picks=(), acting=chosen))


def legal_maps(state: State) -> list[str]:
    """`map <MAP> <person>`: a person of the action just finished, back from the discard."""
    last = ext_of(state).turn.last_persons
    if not last:
        return []
    z = state.players[state.current]
    maps = [c for c in z.hand if CARD_KIND[c] == MAP]
    persons = sorted(c for c in last if c in z.discard)
    return [card_move("map", m, p) for m in maps for p in persons]


def use_map(state: State, card: int, person: int) -> State:
    """The Map is discarded and the person goes back to the hand (AX-A63); one per action."""
    seat = state.current
    z = state.players[seat]
    z = z._replace(
        hand=tuple(sorted(c for c in z.hand + (person,) if c != card)),
        discard=tuple(c for c in z.discard if c != person) + (card,),
    )
    text = f"seat {seat}: map {CARD_ID[card]} {CARD_ID[person]}"
    state = state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
        events=add_event(state, text),
    )
    return set_turn(state, last_persons=())
