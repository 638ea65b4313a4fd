"""HQ 2 Engineers and Buildings (expansions spec §5) and the Recon 3 buildings (§10.6-10.7):
placing a building and stacking it, the timer, construction work, storage and retrieval, HQ 4
repairs, the Gardens' food, the Decoys' force size and the Scout Tower's looks.
"""

from __future__ import annotations

from arena.core.chance import Stream

from .cards import (
    CARD_ID,
    CARD_KIND,
    IS_MEDICINE_CARD,
    IS_PERSON,
    IS_TOOL,
    KIND_INDEX,
    KINDS,
    ids_text,
)
from .expansion import ext_of, set_turn, with_building, with_seat
from .module_notation import card_move
from .state import GATHER, LOOK, Building, Ext, State, Zones, add_event, replace_at, replace_player

HYD, DCY, TWR, TLK = (KIND_INDEX[c] for c in ("HYD", "DCY", "TWR", "TLK"))
GARDEN_FOOD = 1  # [ASSUMPTION AX-A23] per complete, enabled Garden, each turn of its owner
TOOLKIT_WORK = 2  # [ASSUMPTION AX-A21] a Toolkit on a worker removes 2 more cards
TOWER_LOOK, TOWER_PILES = 2, 2  # [ASSUMPTION AX-A57] the top 2 of 2 common piles
WORK, REPAIR, TOWER = 1, 2, 3  # Turn.done codes: verb * 1000 + building card


def take_from_deck(z: Zones, count: int, stream: Stream) -> tuple[Zones, tuple[int, ...], Stream]:
    """`count` cards off the top of the deck, the discard pile shuffled in if needed (AS-A5)."""
    deck, discard = z.deck, z.discard
    if len(deck) < count and discard:
        more, stream = stream.shuffled_chained(discard)
        deck, discard = deck + more, ()
    return z._replace(deck=deck[count:], discard=discard), deck[:count], stream


def place(state: State, seat: int, card: int) -> State:
    """A kept building goes face up into the seat's area, covered with its build time in cards
    from the top of its deck (§5.1 step 4, AX-A19: fewer if short; none: complete at once)."""
    z, taken, stream = take_from_deck(
        state.players[seat], KINDS[CARD_KIND[card]].build_time, state.stream
    )
    ext = ext_of(state)
    s = ext.seats[seat]
    building = Building(card, tuple(reversed(taken)), (), False, state.round)
    ext = with_seat(ext, seat, s._replace(buildings=s.buildings + (building,)))
    text = f"seat {seat}: places {CARD_ID[card]} ({len(taken)} cards on it)"
    state = state._replace(
        players=replace_player(state.players, seat, z),
        stream=stream,
        ext=ext,
        events=add_event(state, text),
    )
    return completed(state, seat, building) if not taken else state


def completed(state: State, seat: int, building: Building) -> State:
    """A building with no card left works at once (§5.3); a Garden feeds this turn too."""
    text = f"seat {seat}: {CARD_ID[building.card]} is complete"
    state = state._replace(events=add_event(state, text))
    if CARD_KIND[building.card] == HYD and seat == state.current:
        state = state._replace(food=state.food + GARDEN_FOOD)
    return state


def tick(seat_ext_buildings: tuple[Building, ...], z: Zones) -> tuple[tuple[Building, ...], Zones]:
    """Phase 1 timer (AX-A20): each building under construction loses its top card."""
    out = []
    for b in seat_ext_buildings:
        if b.stack:
            z = z._replace(discard=z.discard + b.stack[:1])
            b = b._replace(stack=b.stack[1:])
        out.append(b)
    return tuple(out), z


def gardens(ext: Ext, seat: int) -> int:
    """The food a seat's complete, enabled Gardens give on its turn (AX-A23, AX-A25)."""
    return GARDEN_FOOD * sum(
        1 for b in ext.seats[seat].buildings if b.working and CARD_KIND[b.card] == HYD
    )


def decoys(ext: Ext, seat: int, revealed: int) -> int:
    """Force size added by a seat's complete, enabled Portable Decoys (§10.6)."""
    count = sum(1 for b in ext.seats[seat].buildings if b.working and CARD_KIND[b.card] == DCY)
    return count * (revealed // 2)


def fits(building: int, card: int) -> bool:
    """Whether a storage building takes a card (§2.3: persons, tools, PIL and MDK)."""
    holds = KINDS[CARD_KIND[building]].holds
    if holds == "person":
        return IS_PERSON[card]
    if holds == "tool":
        return IS_TOOL[card]
    return holds == "medicine" and IS_MEDICINE_CARD[card]


def legal_building_moves(state: State) -> list[str]:
    """Per own building in placement order: work, repair, store, retrieve, tower (§ notation)."""
    seat, ext = state.current, ext_of(state)
    turn = ext.turn
    hand = state.players[seat].hand
    has_person = any(IS_PERSON[c] for c in hand)
    moves: list[str] = []
    for b in ext.seats[seat].buildings:
        card, code = b.card, CARD_ID[b.card]
        if (
            b.stack
            and b.placed < state.round
            and has_person
            and WORK * 1000 + card not in turn.done
        ):
            moves.append(f"work {code}")
        if b.disabled and REPAIR * 1000 + card not in turn.done:
            moves += [f"repair {code} {CARD_ID[c]}" for c in hand if IS_PERSON[c]]
        if not b.working:
            continue
        room = KINDS[CARD_KIND[card]].room - len(b.stored)
        if room > 0:
            moves += [
                card_move("store", c, card)
                for c in hand
                if fits(card, c) and c not in turn.retrieved
            ]
        moves += [card_move("retrieve", c) for c in b.stored if c not in turn.stored]
        if CARD_KIND[card] == TWR and TOWER * 1000 + card not in turn.done:
            moves += [card_move("tower", card, c) for c in hand]
    return moves


def own_building(ext: Ext, seat: int, card: int) -> int:
    """The index of one of the seat's buildings."""
    return next(i for i, b in enumerate(ext.seats[seat].buildings) if b.card == card)


def store(state: State, card: int, building: int) -> State:
    """A card from hand goes face down into the building (AX-A22)."""
    seat, ext = state.current, ext_of(state)
    i = own_building(ext, seat, building)
    b = ext.seats[seat].buildings[i]
    ext = with_building(ext, seat, i, b._replace(stored=tuple(sorted(b.stored + (card,)))))
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card))
    ext = ext._replace(turn=ext.turn._replace(stored=ext.turn.stored | {card}))
    text = f"seat {seat}: stores a card in {CARD_ID[building]}"
    return state._replace(
        players=replace_player(state.players, seat, z), ext=ext, events=add_event(state, text)
    )


def retrieve(state: State, card: int) -> State:
    """A stored card goes back into the hand."""
    seat, ext = state.current, ext_of(state)
    i = next(i for i, b in enumerate(ext.seats[seat].buildings) if card in b.stored)
    b = ext.seats[seat].buildings[i]
    ext = with_building(ext, seat, i, b._replace(stored=tuple(c for c in b.stored if c != card)))
    z = state.players[seat]
    z = z._replace(hand=tuple(sorted(z.hand + (card,))))
    ext = ext._replace(turn=ext.turn._replace(retrieved=ext.turn.retrieved | {card}))
    text = f"seat {seat}: retrieves a card from {CARD_ID[b.card]}"
    return state._replace(
        players=replace_player(state.players, seat, z), ext=ext, events=add_event(state, text)
    )


def _discard_from_hand(state: State, seat: int, cards: tuple[int, ...]) -> State:
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c not in cards), discard=z.discard + cards)
    return state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + cards),
    )


def repair(state: State, building: int, person: int) -> State:
    """HQ 4: a person from hand is discarded and the building works again (AX-A40)."""
    seat = state.current
    state = _discard_from_hand(state, seat, (person,))
    ext = ext_of(state)
    i = own_building(ext, seat, building)
    ext = with_building(ext, seat, i, ext.seats[seat].buildings[i]._replace(disabled=False))
    ext = ext._replace(turn=ext.turn._replace(done=ext.turn.done | {REPAIR * 1000 + building}))
    text = f"seat {seat}: repair {CARD_ID[building]} {CARD_ID[person]}"
    state = state._replace(ext=ext, events=add_event(state, text))
    return set_turn(state, last_persons=(person,))


def work(state: State) -> State:
    """Construction work (AX-A21): min(stack, P + 2·min(T, P)) top cards to the discard."""
    seat, ext = state.current, ext_of(state)
    building, chosen = ext.turn.building, state.chosen
    workers = tuple(c for c in chosen if IS_PERSON[c])
    toolkits = sum(1 for c in chosen if CARD_KIND[c] == TLK)
    i = own_building(ext, seat, building)
    b = ext.seats[seat].buildings[i]
    count = min(len(b.stack), len(workers) + TOOLKIT_WORK * min(toolkits, len(workers)))
    z = state.players[seat]
    z = z._replace(
        hand=tuple(c for c in z.hand if c not in chosen),
        discard=z.discard + b.stack[:count] + chosen,
    )
    b = b._replace(stack=b.stack[count:])
    ext = with_building(ext, seat, i, b)
    turn = ext.turn._replace(
        done=ext.turn.done | {WORK * 1000 + building}, building=-1, last_persons=workers
    )
    text = f"seat {seat}: work {CARD_ID[building]} {ids_text(chosen)} (removes {count})"
    state = state._replace(
        phase=GATHER,
        action=-1,
        chosen=(),
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + chosen),
        ext=ext._replace(turn=turn),
        events=add_event(state, text),
    )
    return completed(state, seat, b) if b.complete else state


def tower_piles(state: State) -> tuple[str, ...]:
    """The common piles a Scout Tower may look at (contested only with 3+ players, AX-A12)."""
    piles = ("junkyard", "contested", "schematics")
    return tuple(p for p in piles if p != "contested" or state.num_players > 2)


def pile(state: State, name: str) -> tuple[int, ...]:
    """A common pile by name."""
    if name == "junkyard":
        return state.junkyard
    if name == "contested":
        return state.contested
    return ext_of(state).schematics


def tower(state: State, building: int, card: int) -> State:
    """Discard a hand card face up, then look at the top 2 of 2 common piles."""
    seat = state.current
    state = _discard_from_hand(state, seat, (card,))
    text = f"seat {seat}: tower {CARD_ID[building]} {CARD_ID[card]}"
    state = state._replace(events=add_event(state, text))
    turn = ext_of(state).turn
    state = set_turn(state, done=turn.done | {TOWER * 1000 + building})
    piles = tower_piles(state)
    if len(piles) <= TOWER_PILES:
        for name in piles:
            state = look(state, name, last=False)
        return state
    return set_turn(state._replace(phase=LOOK), looks=TOWER_PILES)


def legal_looks(state: State) -> list[str]:
    """The piles not looked at yet by this Tower use."""
    seen = {of for of, _ in ext_of(state).seats[state.current].looked[-1:]}
    if ext_of(state).turn.looks == TOWER_PILES:
        seen = set()
    return [f"look {p}" for p in tower_piles(state) if p not in seen]


def look(state: State, name: str, last: bool = True) -> State:
    """The seat sees the top 2 cards of a pile, left in place."""
    seat, ext = state.current, ext_of(state)
    s = ext.seats[seat]
    seen = pile(state, name)[:TOWER_LOOK]
    ext = with_seat(ext, seat, s._replace(looked=s.looked + ((name, seen),)))
    looks = ext.turn.looks - 1 if last else 0
    ext = ext._replace(turn=ext.turn._replace(looks=max(0, looks)))
    text = f"seat {seat}: looks at the top {len(seen)} cards of the {name}"
    phase = LOOK if looks > 0 else GATHER
    return state._replace(phase=phase, ext=ext, events=add_event(state, text))
