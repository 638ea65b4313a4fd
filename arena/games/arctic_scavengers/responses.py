"""Targeted actions outside the skirmish and their responses (expansions spec 0.5): Recon 2's
gathering strikes on known cards (§9.5), HQ 4's sabotage (§7.1), Recon 4's demolition (§11.4);
the target's `cancel` (Guard, or a Scouting Refugee against a recon), `save` (Medic, against a
snipe), counter-snipe (against a Spy) or `allow`, and the attacker's one answer to a
counter-snipe. The target is always asked (AX-A9), so the prompt itself reveals nothing.
"""

from __future__ import annotations

from .buildings import take_from_deck
from .cards import CARD_ID, CARD_KIND, IS_PERSON, IS_TOOL, KIND_INDEX, KINDS, PEOPLE
from .expansion import HQ4, RECON2, RECON4, ask, ext_of, finish_action, set_turn, with_building
from .leaders import SAA, healthy_leader
from .module_notation import card_move
from .recon import known, resolve
from .state import (
    A_DEMOLISH,
    A_DISARM,
    A_SABOTAGE,
    A_SNIPE,
    Pending,
    State,
    add_event,
    draw_cards,
    replace_at,
    replace_player,
)

SNI, ASN, SAB, DEM, GUA, SRF, MED, SPY = (
    KIND_INDEX[c] for c in ("SNI", "ASN", "SAB", "DEM", "GUA", "SRF", "MED", "SPY")
)
CANCEL_DRAW = 1  # [ASSUMPTION AX-A10] the canceller draws 1 before discarding its card
DEMOLISH_DRAW = 2  # [ASSUMPTION AX-A61]
VERB_BIT = {"snipe": A_SNIPE, "disarm": A_DISARM, "sabotage": A_SABOTAGE, "demolish": A_DEMOLISH}


def single_unit(card: int) -> bool:
    """An Assassin's target: a person with printed people exactly 1 (AX-A48)."""
    return IS_PERSON[card] and PEOPLE[card] == 1


def legal_strikes(state: State) -> list[str]:
    """Gathering snipe, disarm (Recon 2, known cards), sabotage (HQ 4), demolish (Recon 4)."""
    seat, ext, used = state.current, ext_of(state), state.used
    hand = state.players[seat].hand
    moves: list[str] = []
    if ext.modules & RECON2:
        targets = known(state, seat)
        if not used >> A_SNIPE & 1:
            for u in hand:
                if CARD_KIND[u] in (SNI, ASN):
                    moves += [
                        card_move("snipe", u, c)
                        for cards in targets.values()
                        for c in cards
                        if IS_PERSON[c] and (CARD_KIND[u] == SNI or single_unit(c))
                    ]
        if not used >> A_DISARM & 1:
            for u in hand:
                if CARD_KIND[u] == SAB:
                    moves += [
                        card_move("disarm", u, c)
                        for t, cards in targets.items()
                        if healthy_leader(state, t) != SAA
                        for c in cards
                        if IS_TOOL[c]
                    ]
    others = [(t, b) for t, s in enumerate(ext.seats) if t != seat for b in s.buildings]
    if ext.modules & HQ4 and not used >> A_SABOTAGE & 1:
        aims = [b.card for _, b in others if b.working]
        moves += [card_move("sabotage", u, b) for u in hand if CARD_KIND[u] == SAB for b in aims]
    if ext.modules & RECON4 and not used >> A_DEMOLISH & 1:
        aims = [b.card for _, b in others if b.stack]
        moves += [card_move("demolish", u, b) for u in hand if CARD_KIND[u] == DEM for b in aims]
    return moves


def strike(state: State, verb: str, unit: int, target: int) -> State:
    """Declare a targeted action: the unit is played face up, the target's owner responds."""
    seat = state.current
    owner = _owner(state, verb, target)
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != unit))
    state = state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + (unit,)),
        used=state.used | 1 << VERB_BIT[verb],
        events=add_event(state, f"seat {seat}: {card_move(verb, unit, target)}"),
    )
    state = set_turn(state, aside=(unit,), acting=(unit,))
    return ask(state, Pending(verb, seat, (unit,), owner, target, owner))


def _owner(state: State, verb: str, target: int) -> int:
    if verb in ("sabotage", "demolish"):
        ext = ext_of(state)
        return next(
            t for t, s in enumerate(ext.seats) if any(b.card == target for b in s.buildings)
        )
    return next(t for t, z in enumerate(state.players) if target in z.hand)


def legal_responses(state: State) -> list[str]:
    """Cancels, saves, counter-snipes (units in hand order, Spies in card order), `allow`."""
    p = ext_of(state).turn.pending
    assert p is not None
    hand = state.players[state.current].hand
    moves = [
        card_move("cancel", c)
        for c in hand
        if CARD_KIND[c] == GUA or (CARD_KIND[c] == SRF and p.kind == "recon")
    ]
    if p.kind in ("snipe", "counter_snipe"):  # AX-A14: a Medic from hand, never itself
        moves += [card_move("save", c) for c in hand if CARD_KIND[c] == MED and c != p.target]
    if p.kind == "recon":  # AX-A44
        spies = sorted(c for c in p.cards if CARD_KIND[c] == SPY)
        moves += [
            card_move("snipe", u, s) for u in hand if CARD_KIND[u] in (SNI, ASN) for s in spies
        ]
    return [*moves, "allow"]


def _discard_from_hand(state: State, seat: int, card: int) -> State:
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card), discard=z.discard + (card,))
    return state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
    )


def respond(state: State, verb: str, args: tuple[object, ...]) -> State:
    """Apply a response of the seat asked."""
    p = ext_of(state).turn.pending
    assert p is not None
    seat = state.current
    if verb == "cancel":  # AX-A10: draw first, then discard the canceller
        card = int(args[0])  # type: ignore[call-overload]
        z, stream, _ = draw_cards(state.players[seat], CANCEL_DRAW, state.stream)
        state = state._replace(players=replace_player(state.players, seat, z), stream=stream)
        state = _discard_from_hand(state, seat, card)
        return _stopped(state, p, f"seat {seat}: cancel {CARD_ID[card]}")
    if verb == "save":
        card = int(args[0])  # type: ignore[call-overload]
        state = _discard_from_hand(state, seat, card)
        return _stopped(state, p, f"seat {seat}: save {CARD_ID[card]}")
    if verb == "snipe":  # a counter-snipe on a Spy; the attacker answers once
        unit, spy = (int(a) for a in args)  # type: ignore[call-overload]
        state = _discard_from_hand(state, seat, unit)
        state = state._replace(
            events=add_event(state, f"seat {seat}: {card_move('snipe', unit, spy)}")
        )
        return ask(state, Pending("counter_snipe", seat, (unit,), p.by, spy, p.by, outer=p))
    state = state._replace(events=add_event(state, f"seat {seat}: allow"))
    return _allowed(state, p)


def _stopped(state: State, p: Pending, text: str) -> State:
    """A cancelled or saved action has no effect; its cards are spent (AX-A10)."""
    state = state._replace(events=add_event(state, text))
    if p.outer is not None:  # the counter-snipe failed: the recon goes on
        return resolve(set_turn(state, pending=p.outer), p.outer, -1)
    return _end(state._replace(current=p.by))


def _end(state: State) -> State:
    seat = state.current
    aside = ext_of(state).turn.aside
    z = state.players[seat]
    z = z._replace(discard=z.discard + aside)
    state = state._replace(players=replace_player(state.players, seat, z))
    return finish_action(set_turn(state, aside=(), pending=None))


def _allowed(state: State, p: Pending) -> State:
    if p.kind == "counter_snipe":
        assert p.outer is not None
        return resolve(set_turn(state, pending=p.outer), p.outer, p.target)
    if p.kind == "recon":
        return resolve(state, p, -1)
    t, a = p.target_seat, p.by
    if p.kind in ("snipe", "disarm"):  # the card leaves the hand face up (AX-A47)
        state = _discard_from_hand(state, t, p.target)
        text = f"seat {t}: {CARD_ID[p.target]} goes to the discard pile"
        return _end(state._replace(current=a, events=add_event(state, text)))
    ext = ext_of(state)
    i = next(i for i, b in enumerate(ext.seats[t].buildings) if b.card == p.target)
    b = ext.seats[t].buildings[i]
    if p.kind == "sabotage":  # AX-A37
        state = state._replace(ext=with_building(ext, t, i, b._replace(disabled=True)))
        text = f"seat {t}: {CARD_ID[b.card]} is disabled"
        return _end(state._replace(current=a, events=add_event(state, text)))
    need = KINDS[CARD_KIND[b.card]].build_time - len(b.stack)  # demolish (AX-A61)
    z, taken, stream = take_from_deck(state.players[t], need, state.stream)
    ext = with_building(ext, t, i, b._replace(stack=tuple(reversed(taken)) + b.stack))
    players = replace_player(state.players, t, z)
    za, stream, reshuffled = draw_cards(players[a], DEMOLISH_DRAW, stream)
    text = f"seat {t}: {CARD_ID[b.card]} is reset ({len(taken)} cards on it)"
    if reshuffled:
        text += f"; seat {a} shuffles the discard pile into a new deck"
    state = state._replace(
        players=replace_player(players, a, za),
        stream=stream,
        ext=ext,
        current=a,
        events=add_event(state, text),
    )
    return _end(state)
