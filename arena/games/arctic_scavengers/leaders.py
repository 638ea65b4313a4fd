"""HQ 3 Tribal Leaders (expansions spec §6) and the Recon 5 leaders (§12.3-12.4): the deal and
choice, which leader works (healthy, HQ 4 wounding and healing), and the gathering powers
(organize, butcher, cannibal, heal, yard). The powers that change values live in values.py, the
Fanatic's bomb in the skirmish, the Swindler's payment in hiring.py.
"""

from __future__ import annotations

from .cards import CARD_ID, CARD_KIND, IS_PERSON, KIND_INDEX, MEDICINE, ids_text
from .expansion import ext_of, set_turn, with_seat
from .module_notation import card_move
from .state import A_DRAW, DIG_ORGANIZER, GATHER, KEEP, NO_CARD, YARD, State, add_event, replace_at
from .state import replace_player as _replace_player
from .values import NO_LEADER

BUT, ORG, CAN, SAA, FAN, SWI, YAR = (
    KIND_INDEX[c] for c in ("BUT", "ORG", "CAN", "SAA", "FAN", "SWI", "YAR")
)
REF_KIND = KIND_INDEX["REF"]
BUTCHER_FOOD, BUTCHER_MED = 1, 1  # [ASSUMPTION AX-A32]
CANNIBAL_FOOD = 3  # [ASSUMPTION AX-A33] a pool of its own, never added to other food
ORGANIZER_DRAW = 2  # [ASSUMPTION AX-A35] draw 2, keep 1, discard 1
YARD_LOOK = 2  # [ASSUMPTION AX-A66] the top 2 junkyard cards


def healthy_leader(state: State, seat: int) -> int:
    """The kind of the seat's leader while it works, else NO_LEADER."""
    ext = state.ext
    if ext is None:
        return NO_LEADER
    s = ext.seats[seat]
    if s.leader == NO_CARD or s.wounded:
        return NO_LEADER
    return CARD_KIND[s.leader]


def power_ready(state: State, seat: int, kind: int) -> bool:
    """Whether the seat's healthy leader is `kind` and its once-a-round power is unused."""
    return healthy_leader(state, seat) == kind and not ext_of(state).seats[seat].power_used


def use_power(state: State, seat: int) -> State:
    """Mark the seat's once-a-round leader power as used this round."""
    ext = ext_of(state)
    return state._replace(ext=with_seat(ext, seat, ext.seats[seat]._replace(power_used=True)))


def choosing(state: State) -> bool:
    """Whether some seat still has to choose its leader (§6.1)."""
    return any(s.options for s in ext_of(state).seats)


# The choice (AX-A27): initiator first, clockwise; hidden until every seat has chosen.


def legal_lead(state: State) -> list[str]:
    """The seat's two dealt leaders."""
    return [card_move("lead", c) for c in ext_of(state).seats[state.current].options]


def lead(state: State, card: int) -> State:
    """Keep one dealt leader, the other is removed unseen; after the last choice, round 1."""
    from .module_rounds import start_round  # the round structure builds on this module

    ext, seat = ext_of(state), state.current
    s = ext.seats[seat]
    other = tuple(c for c in s.options if c != card)
    ext = with_seat(ext, seat, s._replace(leader=card, options=(), declined=other[0]))
    ext = ext._replace(unseen=tuple(sorted(ext.unseen + other)))
    state = state._replace(ext=ext)
    following = (seat + 1) % state.num_players
    if following != state.initiator:
        return state._replace(current=following)
    text = "leaders: " + ", ".join(f"seat {i} {CARD_ID[x.leader]}" for i, x in enumerate(ext.seats))
    return start_round(state._replace(events=add_event(state, text)))


# Gathering powers.


def legal_powers(state: State) -> list[str]:
    """`butcher`, `cannibal`, `heal` (hand order) and `yard` for the gathering seat."""
    seat = state.current
    hand = state.players[seat].hand
    moves: list[str] = []
    if power_ready(state, seat, BUT):
        moves += [card_move("butcher", c) for c in hand if IS_PERSON[c]]
    if power_ready(state, seat, CAN):
        moves += [card_move("cannibal", c) for c in hand if IS_PERSON[c]]
    s = ext_of(state).seats[seat]
    if s.wounded:
        moves += [card_move("heal", c) for c in hand if MEDICINE[c]]
    if power_ready(state, seat, YAR) and state.junkyard:
        moves.append("yard")
    return moves


def legal_organize(state: State) -> list[str]:
    """`organize <REF>` while the draw is unused (AX-A35)."""
    seat = state.current
    if state.used >> A_DRAW & 1 or not power_ready(state, seat, ORG):
        return []
    return [card_move("organize", c) for c in state.players[seat].hand if CARD_KIND[c] == REF_KIND]


def _remove_from_game(state: State, card: int) -> State:
    seat = state.current
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card))
    return state._replace(
        players=_replace_player(state.players, seat, z),
        removed=tuple(sorted(state.removed + (card,))),
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
    )


def butcher(state: State, card: int) -> State:
    """Remove a person from hand from the game: +1 food and a 1-med credit this turn."""
    seat = state.current
    state = use_power(_remove_from_game(state, card), seat)
    turn = ext_of(state).turn
    state = set_turn(state, med_credit=turn.med_credit + BUTCHER_MED)
    text = f"seat {seat}: butcher {CARD_ID[card]} (+{BUTCHER_FOOD} food, +{BUTCHER_MED} med)"
    return state._replace(food=state.food + BUTCHER_FOOD, events=add_event(state, text))


def cannibal(state: State, card: int) -> State:
    """Remove a person from hand from the game: a separate pool of 3 food this turn."""
    seat = state.current
    state = use_power(_remove_from_game(state, card), seat)
    state = set_turn(state, cannibal_food=CANNIBAL_FOOD)
    text = f"seat {seat}: cannibal {CARD_ID[card]} ({CANNIBAL_FOOD} food of its own)"
    return state._replace(events=add_event(state, text))


def heal(state: State, card: int) -> State:
    """A medicine card from hand heals the wounded leader (AX-A39)."""
    seat = state.current
    ext = ext_of(state)
    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card), discard=z.discard + (card,))
    ext = with_seat(ext, seat, ext.seats[seat]._replace(wounded=False))
    return state._replace(
        players=_replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
        ext=ext,
        events=add_event(state, f"seat {seat}: heal {CARD_ID[card]}"),
    )


def organize(state: State, card: int) -> State:
    """Play a Refugee instead of the draw: draw 2 into a keep choice (AX-A35)."""
    seat = state.current
    from .buildings import take_from_deck

    z = state.players[seat]
    z = z._replace(hand=tuple(c for c in z.hand if c != card))
    reshuffled = len(z.deck) < ORGANIZER_DRAW and bool(z.discard)
    z, drawn, stream = take_from_deck(z, ORGANIZER_DRAW, state.stream)  # in the order drawn
    text = f"seat {seat}: organize {CARD_ID[card]} (draws {len(drawn)})"
    if reshuffled:
        text += ", shuffling the discard pile into a new deck"
    state = use_power(state, seat)._replace(
        players=_replace_player(state.players, seat, z),
        stream=stream,
        used=state.used | 1 << A_DRAW,
        played=replace_at(state.played, seat, state.played[seat] + (card,)),
        events=add_event(state, text),
    )
    state = set_turn(state, aside=(card,), dig=DIG_ORGANIZER)
    if not drawn:
        return finish_organize(state, NO_CARD)
    return state._replace(phase=KEEP, dug=drawn)


def finish_organize(state: State, card: int) -> State:
    """The kept card joins the hand, the other goes face up to the discard pile."""
    seat = state.current
    ext = ext_of(state)
    z = state.players[seat]
    rest = tuple(c for c in state.dug if c != card)
    hand = tuple(sorted(z.hand + ((card,) if card != NO_CARD else ())))
    z = z._replace(hand=hand, discard=z.discard + ext.turn.aside + rest)
    text = f"seat {seat}: organize keeps one card, discards {ids_text(rest) or 'nothing'}"
    state = state._replace(
        phase=GATHER,
        dug=(),
        players=_replace_player(state.players, seat, z),
        played=replace_at(state.played, seat, state.played[seat] + rest),
        events=add_event(state, text),
    )
    return set_turn(state, aside=(), last_persons=ext.turn.aside)


def yard(state: State) -> State:
    """The Yardmaster looks at the top 2 junkyard cards (AX-A66)."""
    seat = state.current
    seen = state.junkyard[:YARD_LOOK]
    ext = ext_of(state)
    s = ext.seats[seat]
    ext = with_seat(ext, seat, s._replace(looked=s.looked + (("junkyard", seen),)))
    state = use_power(state._replace(ext=ext), seat)
    text = f"seat {seat}: yard (looks at the top {len(seen)} junkyard cards)"
    state = state._replace(phase=YARD, events=add_event(state, text))
    return set_turn(state, yard=seen)


def yard_back(state: State, side: str) -> State:
    """Both looked cards go back on the top or at the bottom, in the same order."""
    seen = ext_of(state).turn.yard
    rest = state.junkyard[len(seen) :]
    junkyard = seen + rest if side == "top" else rest + seen
    text = f"seat {state.current}: yard {side}"
    state = state._replace(phase=GATHER, junkyard=junkyard, events=add_event(state, text))
    return set_turn(state, yard=())
