"""Recon 1 Spy Hunter (expansions spec §8): the recon action (a Spy's look at one opponent's
hand, or the Binoculars' pile peek), its target, what each seat learns, and the known set that
Recon 2's gathering strikes aim at.
"""

from __future__ import annotations

from .cards import CARD_KIND, KIND_INDEX, ids_text
from .expansion import ask, buildings_in_play, ext_of, finish_action, set_turn, with_seat
from .leaders import healthy_leader
from .state import (
    A_RECON,
    GATHER,
    NO_CARD,
    TARGET,
    Pending,
    State,
    add_event,
    draw_cards,
    replace_at,
)
from .state import replace_player as _replace_player
from .values import RECON, action_value, xstats

SPY = KIND_INDEX["SPY"]
SPY_DRAW = 1  # [ASSUMPTION AX-A41] cards drawn per effective Spy after its recon


def _piles(state: State) -> list[tuple[str, tuple[int, ...]]]:
    """The Binoculars' peek (AX-A42): the top of every common pile in play (AX-A12)."""
    out = [("junkyard", state.junkyard[:1])]
    if state.num_players > 2:
        out.append(("contested", state.contested[:1]))
    ext = ext_of(state)
    if buildings_in_play(state):
        out.append(("schematics", ext.schematics[:1]))
    return out


def go_recon(state: State) -> State:
    """The recon's cards are played face up; a Spy recon asks for its target (0.5)."""
    seat, cards = state.current, state.chosen
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c not in cards))
    state = state._replace(
        players=_replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + cards),
        phase=GATHER,
        action=-1,
        chosen=(),
        used=state.used | 1 << A_RECON,
    )
    state = set_turn(state, aside=cards, acting=cards)
    if not any(CARD_KIND[c] == SPY for c in cards):
        ext = ext_of(state)
        s = ext.seats[seat]
        ext = with_seat(ext, seat, s._replace(recon=s.recon + tuple(_piles(state))))
        state = state._replace(
            ext=ext, events=add_event(state, f"seat {seat}: recon {ids_text(cards)} (piles)")
        )
        return end_recon(state)
    if state.num_players == 2:  # the only opponent: no question
        return aim(state, 1 - seat)
    return state._replace(phase=TARGET)


def legal_targets(state: State) -> list[str]:
    """`target <seat>` for every other seat."""
    return [f"target {s}" for s in range(state.num_players) if s != state.current]


def aim(state: State, target: int) -> State:
    """The Spy recon is declared at a seat, which must respond (AX-A9)."""
    seat = state.current
    cards = ext_of(state).turn.aside
    pending = Pending("recon", seat, cards, target, NO_CARD, target)
    text = f"seat {seat}: recon {ids_text(cards)} at seat {target}"
    return ask(state._replace(events=add_event(state, text)), pending)


def resolve(state: State, pending: Pending, sniped: int) -> State:
    """The recon stands (AX-A41): A sees min(X, hand) cards of T's hand, then draws."""
    a, t = pending.by, pending.target_seat
    cards = tuple(c for c in pending.cards if c != sniped)
    spies = sum(1 for c in cards if CARD_KIND[c] == SPY)
    state = state._replace(current=a)
    if not spies:
        text = f"seat {a}: recon {ids_text(pending.cards)} on seat {t} (stopped)"
        return end_recon(state._replace(events=add_event(state, text)))
    x, _ = action_value(xstats(state.shovel_dig), RECON, cards, healthy_leader(state, a))
    hand = state.players[t].hand
    stream = state.stream
    if len(hand) <= x:
        seen = hand
    else:
        shuffled, stream = stream.shuffled_chained(hand)
        seen = tuple(sorted(shuffled[:x]))
    ext = ext_of(state)
    sa, st = ext.seats[a], ext.seats[t]
    ext = with_seat(ext, a, sa._replace(recon=sa.recon + ((f"seat {t}", seen),)))
    ext = with_seat(ext, t, st._replace(spied=st.spied + ((a, seen),)))
    z, stream, reshuffled = draw_cards(state.players[a], SPY_DRAW * spies, stream)
    text = f"seat {a}: recon {ids_text(pending.cards)} on seat {t} (sees {len(seen)} cards)"
    if reshuffled:
        text += ", shuffling the discard pile into a new deck"
    state = state._replace(
        players=_replace_player(state.players, a, z),
        stream=stream,
        ext=ext,
        events=add_event(state, text),
    )
    return end_recon(state)


def end_recon(state: State) -> State:
    """The recon's cards go to the discard pile; the action is over."""
    seat = state.current
    aside = ext_of(state).turn.aside
    z = state.players[seat]
    state = state._replace(
        players=_replace_player(state.players, seat, z._replace(discard=z.discard + aside))
    )
    return finish_action(set_turn(state, aside=(), pending=None))


def known(state: State, seat: int) -> dict[int, tuple[int, ...]]:
    """Per other seat, the cards this seat saw in its hand this round still there (§8.4)."""
    out: dict[int, tuple[int, ...]] = {}
    for of, cards in ext_of(state).seats[seat].recon:
        if of.startswith("seat "):
            t = int(of[5:])
            hand = state.players[t].hand
            out[t] = tuple(sorted(set(out.get(t, ())) | {c for c in cards if c in hand}))
    return {t: cards for t, cards in sorted(out.items()) if cards}
