"""Resource gathering with expansion modules on (base §5 and expansions spec §5, §10, §12.2):
the gather list in its documented order, opening and building up actions, and `go` for draw
(with the Courier's drops), hunt and trash, passing digs and builds to digging.py, hires to
hiring.py, works to buildings.py, recons to recon.py. Leader powers are in leaders.py, the
targeted actions in responses.py, Drill Sergeant and Map in recruits.py.
"""

from __future__ import annotations

from .buildings import legal_building_moves
from .cards import CARD_ID, CARD_KIND, DIG, DRAW, HUNT, IS_PERSON, KIND_INDEX, ids_text
from .digging import dig, start_build
from .expansion import (
    RECON1,
    RECON3,
    buildings_in_play,
    ext_of,
    finish_action,
    set_turn,
)
from .hiring import hire, legal_hires, legal_pays
from .leaders import healthy_leader, legal_organize, legal_powers, use_power
from .module_notation import card_move
from .state import (
    A_BUILD,
    A_DIG,
    A_DRAW,
    A_DRILL,
    A_HIRE,
    A_HUNT,
    A_RECON,
    A_TRASH,
    A_WORK,
    BUILD,
    DROP,
    GATHER,
    GATHER_ACTIONS,
    State,
    add_event,
    draw_cards,
    replace_at,
    replace_player,
)
from .values import BUILD as V_BUILD
from .values import (
    MEN,
    RECON,
    REF_KIND,
    XStats,
    action_value,
    contributes,
    xstats,
)

STAT_OF = {A_DRAW: DRAW, A_DIG: DIG, A_HUNT: HUNT, A_BUILD: V_BUILD, A_RECON: RECON}
COU, DRS, TLK = (KIND_INDEX[c] for c in ("COU", "DRS", "TLK"))
COURIER_DROPS = 2  # [ASSUMPTION AX-A52] cards dropped per Courier in a draw


def _power(state: State) -> bool:
    return not ext_of(state).seats[state.current].power_used


def value_of(state: State, action: int, cards: tuple[int, ...]) -> tuple[int, bool]:
    """An action's value for the gathering seat (leader power included) and if it used it."""
    builder = cards[0] if action == A_BUILD else -1
    return action_value(
        xstats(state.shovel_dig),
        STAT_OF[action],
        cards,
        healthy_leader(state, state.current),
        _power(state),
        builder=builder,
    )


def legal_gather(state: State) -> list[str]:
    """No action open: the gather list in the documented order."""
    from .recruits import legal_maps
    from .responses import legal_strikes

    seat, used, ext = state.current, state.used, ext_of(state)
    hand = state.players[seat].hand
    x, leader = xstats(state.shovel_dig), healthy_leader(state, seat)
    moves: list[str] = []
    for action in (A_DRAW, A_DIG, A_HUNT):
        if not used >> action & 1:
            verb, stat = GATHER_ACTIONS[action], STAT_OF[action]
            moves += [card_move(verb, c) for c in hand if contributes(x, stat, c, leader)]
    moves += legal_organize(state)
    if buildings_in_play(state) and not used >> A_BUILD & 1:
        moves += [card_move("build", c) for c in hand if x.printed[V_BUILD][c] is not None]
    if ext.modules & RECON1 and not used >> A_RECON & 1:
        moves += [card_move("recon", c) for c in hand if _recon_card(x, c)]
    if ext.modules & RECON3 and not used >> A_DRILL & 1:
        moves += [card_move("drill", c) for c in hand if CARD_KIND[c] == DRS]
    moves += legal_strikes(state)
    moves += legal_building_moves(state)
    moves += legal_powers(state)
    moves += legal_maps(state)
    moves += legal_hires(state)
    if not used >> A_TRASH & 1:
        moves += [card_move("trash", c) for c in hand]
    moves.append("end")
    return moves


def _recon_card(x: XStats, card: int) -> bool:
    return x.printed[RECON][card] is not None or x.tool[RECON][card] > 0


def legal_build(state: State) -> list[str]:
    """An action is open: add (or pay) one more card, or `go` when allowed."""
    action, chosen = state.action, state.chosen
    if action == A_HIRE:
        return legal_pays(state)
    hand = state.players[state.current].hand
    free = [c for c in hand if c not in chosen]
    if action == A_TRASH:
        return [*(card_move("add", c) for c in free), "go"]
    if action == A_WORK:  # persons and Toolkits; `go` once a person works (AX-A21)
        moves = [card_move("add", c) for c in free if IS_PERSON[c] or CARD_KIND[c] == TLK]
        return moves + ["go"] if any(IS_PERSON[c] for c in chosen) else moves
    x, leader = xstats(state.shovel_dig), healthy_leader(state, state.current)
    if action == A_BUILD:  # tools and modifiers with a dig bonus; one builder only (§5.1)
        useful = [
            c
            for c in free
            if x.tool[V_BUILD][c]
            or x.modifier[V_BUILD][c]
            or (leader == MEN and CARD_KIND[c] == REF_KIND)
        ]
    elif action == A_RECON:
        useful = [c for c in free if _recon_card(x, c)]
    else:
        stat = STAT_OF[action]
        useful = [c for c in free if contributes(x, stat, c, leader)]
    return [*(card_move("add", c) for c in useful), "go"]


def open_action(state: State, action: int, card: int) -> State:
    """Open draw, dig, hunt, trash, build or recon with its first card."""
    return state._replace(phase=BUILD, action=action, chosen=(card,))


def open_hire(state: State, kind: int) -> State:
    """Open a hire of one mercenary of `kind`."""
    return state._replace(phase=BUILD, action=A_HIRE, chosen=(), hire_kind=kind)


def open_work(state: State, building: int) -> State:
    """Open construction work on one of the seat's own buildings."""
    return set_turn(state._replace(phase=BUILD, action=A_WORK, chosen=()), building=building)


def add_card(state: State, card: int) -> State:
    """One more card for the open action."""
    return state._replace(chosen=state.chosen + (card,))


def _played(state: State) -> State:
    """The open action's cards leave the hand and are played face up; its slot is used."""
    seat, chosen, action = state.current, state.chosen, state.action
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c not in chosen))
    used = state.used if action == A_WORK else state.used | 1 << action
    return state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + chosen),
        phase=GATHER,
        action=-1,
        chosen=(),
        used=used,
    )


def go(state: State) -> State:
    """Carry out the open action."""
    from .buildings import work
    from .recon import go_recon

    action, chosen, seat = state.action, state.chosen, state.current
    if action == A_WORK:
        return work(state)
    if action == A_HIRE:
        state = _played(state)
        return hire(state, state.players[seat], chosen)
    if action == A_RECON:
        return go_recon(state)
    value, powered = (0, False) if action == A_TRASH else value_of(state, action, chosen)
    state = _played(state)
    if powered:
        state = use_power(state, seat)
    if action == A_TRASH:
        junkyard, stream = state.stream.shuffled_chained(state.junkyard + chosen)  # §5.5
        text = f"seat {seat}: trash {ids_text(chosen)}"
        return state._replace(junkyard=junkyard, stream=stream, events=add_event(state, text))
    state = set_turn(state, acting=chosen)
    if action == A_DRAW:
        return _draw(state, chosen, value)
    if action == A_HUNT:
        text = f"seat {seat}: hunt {ids_text(chosen)} (food {value})"
        state = state._replace(food=state.food + value, events=add_event(state, text))
        return _discard_action(state, chosen, finish=True)
    if action == A_BUILD:
        return start_build(state, chosen, value)
    return dig(_discard_action(state, chosen, finish=False), chosen, value)


def _discard_action(state: State, chosen: tuple[int, ...], finish: bool) -> State:
    seat = state.current
    z = state.players[seat]
    z = z._replace(discard=z.discard + chosen)
    state = state._replace(players=replace_player(state.players, seat, z))
    return finish_action(state) if finish else state


def _draw(state: State, chosen: tuple[int, ...], value: int) -> State:
    seat = state.current
    z = state.players[seat]
    before = set(z.hand)
    z, stream, reshuffled = draw_cards(z, value, state.stream)
    drawn = tuple(c for c in z.hand if c not in before)
    text = f"seat {seat}: draw {ids_text(chosen)} (draws {value})"
    if reshuffled:
        text += ", shuffling the discard pile into a new deck"
    z = z._replace(discard=z.discard + chosen)
    state = state._replace(
        players=replace_player(state.players, seat, z), stream=stream, events=add_event(state, text)
    )
    drops = min(COURIER_DROPS * sum(1 for c in chosen if CARD_KIND[c] == COU), len(drawn))
    if drops:
        return set_turn(state._replace(phase=DROP), drawn=drawn, drops=drops)
    return finish_action(state)


def legal_drops(state: State) -> list[str]:
    """Courier: one of the cards the draw brought (hand order)."""
    drawn = ext_of(state).turn.drawn
    return [card_move("drop", c) for c in state.players[state.current].hand if c in drawn]


def drop(state: State, card: int) -> State:
    """A drawn card goes face up to the discard pile (AX-A52)."""
    seat, turn = state.current, ext_of(state).turn
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card), discard=z.discard + (card,))
    state = state._replace(
        players=replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
        events=add_event(state, f"seat {seat}: drop {CARD_ID[card]}"),
    )
    drawn = tuple(c for c in turn.drawn if c != card)
    state = set_turn(state, drawn=drawn, drops=turn.drops - 1)
    return finish_action(state) if turn.drops == 1 or not drawn else state
