"""Digging and building with expansion modules on: the junkyard dig with Scrappers (side and
return, AX-A54) and a Cargo Sled (a second keep, AX-A59), the builder's look at the schematics
and the building kept (§5.1), and every keep (the Organizer's too, in leaders.py).
"""

from __future__ import annotations

from .buildings import place
from .cards import CARD_KIND, DIG, IS_MEDICINE_CARD, IS_PERSON, IS_TOOL, KIND_INDEX, ids_text
from .expansion import ext_of, finish_action, set_turn
from .leaders import finish_organize, healthy_leader
from .module_notation import card_move
from .state import (
    DIG_JUNKYARD,
    DIG_ORGANIZER,
    DIG_SCHEMATICS,
    KEEP,
    NO_CARD,
    RETURN,
    SIDE,
    State,
    add_event,
    replace_player,
)
from .values import printed_value, xstats

SCR, CGS = (KIND_INDEX[c] for c in ("SCR", "CGS"))
SLED_EXTRA_KEEPS = 1  # [ASSUMPTION AX-A59] one more card kept, however many Sleds


def _eligible(state: State, chosen: tuple[int, ...], action: int) -> bool:
    x, leader = xstats(state.shovel_dig), healthy_leader(state, state.current)
    return any(IS_PERSON[c] and printed_value(x, action, c, leader) is not None for c in chosen)


def dig(state: State, chosen: tuple[int, ...], value: int) -> State:
    seat = state.current
    scrappers = any(CARD_KIND[c] == SCR for c in chosen)
    sled = any(CARD_KIND[c] == CGS for c in chosen) and _eligible(state, chosen, DIG)
    looked = min(value, len(state.junkyard))
    text = f"seat {seat}: dig {ids_text(chosen)} (looks at {looked})"
    state = state._replace(events=add_event(state, text))
    state = set_turn(
        state,
        dig=DIG_JUNKYARD,
        scrappers=scrappers,
        sled=sled,
        kept=NO_CARD,
        from_bottom=False,
        value=value,
    )
    if not looked:
        return finish_action(state)
    if scrappers:
        return state._replace(phase=SIDE)
    return state._replace(phase=KEEP, dug=state.junkyard[:value], junkyard=state.junkyard[value:])


def side(state: State, bottom: bool) -> State:
    """Scrappers dig the top or the bottom of the junkyard (AX-A54), bottom-most first."""
    value, junk = ext_of(state).turn.value, state.junkyard
    if bottom:
        split = max(0, len(junk) - value)
        dug, junk = tuple(reversed(junk[split:])), junk[:split]
    else:
        dug, junk = junk[:value], junk[value:]
    text = f"seat {state.current}: digs from the {'bottom' if bottom else 'top'}"
    state = state._replace(phase=KEEP, dug=dug, junkyard=junk, events=add_event(state, text))
    return set_turn(state, from_bottom=bottom)


def sled_card(card: int) -> bool:
    """A card that lets the Cargo Sled's second keep be anything: a tool or a medicine card
    (AX-A59; a person with a medicine value is not a medicine card, AX-A15)."""
    return IS_TOOL[card] or IS_MEDICINE_CARD[card]


def legal_keep(state: State) -> list[str]:
    """Keep one of the dug (or drawn) cards, or none (not for the Organizer's)."""
    turn = ext_of(state).turn
    dug = state.dug
    if turn.dig == DIG_ORGANIZER:
        return [card_move("keep", c) for c in dug]
    if turn.kept != NO_CARD:  # the Cargo Sled's second keep: one of the two a tool or medicine
        first = sled_card(turn.kept)
        dug = tuple(c for c in dug if first or sled_card(c))
    return [*(card_move("keep", c) for c in dug), "keep none"]


def keep(state: State, card: int | None) -> State:
    """Keep a dug card (to the discard pile) or none; the rest go back (or wait for `return`)."""
    turn = ext_of(state).turn
    if turn.dig == DIG_ORGANIZER:
        return finish_organize(state, NO_CARD if card is None else card)
    if turn.dig == DIG_SCHEMATICS:
        return _keep_schematic(state, card)
    seat = state.current
    rest = tuple(c for c in state.dug if c != card)
    if card is not None:
        z = state.players[seat]
        state = state._replace(
            players=replace_player(state.players, seat, z._replace(discard=z.discard + (card,)))
        )
    second = turn.kept != NO_CARD
    text = (
        ("keeps one more card" if second else "keeps one card")
        if card is not None
        else ("keeps no more" if second else "keeps none")
    )
    state = state._replace(dug=rest, events=add_event(state, f"seat {seat}: {text}"))
    if card is not None and turn.sled and not second and rest:
        state = set_turn(state, kept=card)
        if len(legal_keep(state)) > 1:
            return state  # the second keep (AX-A59)
    state = set_turn(state, kept=NO_CARD)
    if turn.scrappers and rest:
        return state._replace(phase=RETURN)
    state = state._replace(dug=(), junkyard=state.junkyard + rest)  # AS-A4
    return finish_action(state)


def return_rest(state: State, top: bool) -> State:
    """Scrappers: the unkept cards go back on top (the first drawn on top) or at the bottom."""
    rest = state.dug
    junk = rest + state.junkyard if top else state.junkyard + rest
    text = f"seat {state.current}: returns the rest to the {'top' if top else 'bottom'}"
    state = state._replace(dug=(), junkyard=junk, events=add_event(state, text))
    return finish_action(state)


def start_build(state: State, chosen: tuple[int, ...], value: int) -> State:
    """The builder looks at the top X schematics (§5.1 steps 2-3); its cards wait aside."""
    seat, ext = state.current, ext_of(state)
    dug, pile = ext.schematics[:value], ext.schematics[value:]
    text = f"seat {seat}: build {ids_text(chosen)} (looks at {len(dug)})"
    state = state._replace(events=add_event(state, text), ext=ext._replace(schematics=pile))
    state = set_turn(state, aside=chosen, dig=DIG_SCHEMATICS)
    if not dug:
        return _end_build(state)
    return state._replace(phase=KEEP, dug=dug)


def _keep_schematic(state: State, card: int | None) -> State:
    seat, ext = state.current, ext_of(state)
    rest = tuple(c for c in state.dug if c != card)
    state = state._replace(dug=(), ext=ext._replace(schematics=ext.schematics + rest))
    if card is None:
        state = state._replace(events=add_event(state, f"seat {seat}: keeps none"))
        return _end_build(state)
    return _end_build(place(state, seat, card))


def _end_build(state: State) -> State:
    """Step 5-6: the builder's cards go to the discard pile after the stacking."""
    seat = state.current
    aside = ext_of(state).turn.aside
    z = state.players[seat]
    z = z._replace(discard=z.discard + aside)
    state = state._replace(players=replace_player(state.players, seat, z))
    return finish_action(set_turn(state, aside=()))
