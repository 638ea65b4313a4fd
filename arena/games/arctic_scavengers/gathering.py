"""Resource gathering (spec §5): draw, dig and keep, hunt, hire, trash, each once, then end."""

from __future__ import annotations

from arena.errors import IllegalMoveError

from .cards import (
    CARD_ID,
    DIG,
    DRAW,
    HUNT,
    KINDS,
    MEDICINE,
    MERCENARY_KINDS,
    action_value,
    ids_text,
)
from .notation import (
    ADD_TEXT,
    END_TEXT,
    GO_TEXT,
    HIRE_TEXT,
    KEEP_NONE_TEXT,
    KEEP_TEXT,
    OPEN_TEXT,
    OPEN_VERBS,
    PAY_TEXT,
)
from .state import (
    A_DIG,
    A_DRAW,
    A_HIRE,
    A_HUNT,
    A_TRASH,
    BUILD,
    GATHER,
    KEEP,
    State,
    Zones,
    add_event,
    draw_cards,
    evolve,
    replace_at,
    replace_player,
)

# Gathering action -> the card statistic it adds up.
STAT_OF = {A_DRAW: DRAW, A_DIG: DIG, A_HUNT: HUNT}


def affordable(kind: int, food: int, medicine: int) -> bool:
    """Whether a mercenary can be paid from `food` and `medicine` (§5.4, AS-A6)."""
    k = KINDS[kind]
    if k.any_mix:
        return food + medicine >= k.any_mix
    return food >= k.food and medicine >= k.med


def paid_enough(kind: int, food: int, paid: int) -> bool:
    """Whether the medicine `paid` so far (with this turn's food) covers the hire."""
    return affordable(kind, food, paid)


def paid_enough_now(state: State) -> bool:
    """False only while an open hire is not yet covered by food and the medicine paid."""
    if state.action != A_HIRE:
        return True
    return paid_enough(state.hire_kind, state.food, sum(MEDICINE[c] for c in state.chosen))


def legal_gather(state: State) -> list[str]:
    """No action open: open any unused action with a first card, hire, or `end` (§4.4)."""
    hand, used, contributes = state.players[state.current].hand, state.used, state.stats.contributes
    moves: list[str] = []
    for action in (A_DRAW, A_DIG, A_HUNT):
        if not used >> action & 1:
            texts, useful = OPEN_TEXT[action], contributes[STAT_OF[action]]
            moves += [texts[c] for c in hand if useful[c]]
    if not used >> A_HIRE & 1:
        medicine = sum(MEDICINE[c] for c in hand)
        for kind, stack in zip(MERCENARY_KINDS, state.stacks, strict=True):
            if stack and affordable(kind, state.food, medicine):
                moves.append(HIRE_TEXT[kind])
    if not used >> A_TRASH & 1:
        texts = OPEN_TEXT[A_TRASH]
        moves += [texts[c] for c in hand]
    moves.append(END_TEXT)
    return moves


def legal_build(state: State) -> list[str]:
    """An action is open: add (or pay with) another card from hand, or `go`."""
    hand, chosen, action = state.players[state.current].hand, state.chosen, state.action
    if action == A_HIRE:
        moves = [PAY_TEXT[c] for c in hand if MEDICINE[c] and c not in chosen]
        paid = sum(MEDICINE[c] for c in chosen)
        if paid_enough(state.hire_kind, state.food, paid):
            moves.append(GO_TEXT)
        return moves
    if action == A_TRASH:
        moves = [ADD_TEXT[c] for c in hand if c not in chosen]
    else:
        useful = state.stats.contributes[STAT_OF[action]]
        moves = [ADD_TEXT[c] for c in hand if useful[c] and c not in chosen]
    moves.append(GO_TEXT)
    return moves


def legal_keep(state: State) -> list[str]:
    """After a dig: keep one of the dug cards, or none (§5.2, AS-A4)."""
    return [*(KEEP_TEXT[c] for c in state.dug), KEEP_NONE_TEXT]


def open_action(state: State, action: int, card: int) -> State:
    """Open draw, dig, hunt or trash with its first card."""
    if state.used >> action & 1:
        raise IllegalMoveError(f"{OPEN_VERBS[action]} was already done this round")
    if card not in state.players[state.current].hand:
        raise IllegalMoveError(f"{CARD_ID[card]} is not in your hand")
    if action != A_TRASH and not state.stats.contributes[STAT_OF[action]][card]:
        raise IllegalMoveError(f"{CARD_ID[card]} adds nothing to {OPEN_VERBS[action]}")
    return evolve(state, phase=BUILD, action=action, chosen=(card,))


def open_hire(state: State, kind: int) -> State:
    """Open a hire of one mercenary of `kind` (§5.4)."""
    if state.used >> A_HIRE & 1:
        raise IllegalMoveError("a mercenary was already hired this round")
    stack = state.stacks[MERCENARY_KINDS.index(kind)]
    medicine = sum(MEDICINE[c] for c in state.players[state.current].hand)
    if not stack or not affordable(kind, state.food, medicine):
        raise IllegalMoveError(f"cannot hire {KINDS[kind].code} now")
    return evolve(state, phase=BUILD, action=A_HIRE, chosen=(), hire_kind=kind)


def add_card(state: State, card: int, paying: bool) -> State:
    """Add one more card to the open action (`pay` for a hire, `add` for the others)."""
    if (state.action == A_HIRE) != paying:
        raise IllegalMoveError("use `pay` for a hire and `add` for the other actions")
    text = (PAY_TEXT if paying else ADD_TEXT)[card]
    if text not in legal_build(state):
        raise IllegalMoveError(f"`{text}` is not legal now")
    return evolve(state, chosen=state.chosen + (card,))


def go(state: State) -> State:
    """Carry out the open action; its played cards are discarded after it (§4.4)."""
    action, seat, chosen = state.action, state.current, state.chosen
    z = state.players[seat]
    hand = tuple(c for c in z.hand if c not in chosen)
    z = z._replace(hand=hand)
    state = evolve(
        state,
        phase=GATHER,
        action=-1,
        chosen=(),
        used=state.used | 1 << action,
        played=replace_at(state.played, seat, state.played[seat] + chosen),
    )
    if action == A_HIRE:
        return _hire(state, z, chosen)
    if action == A_TRASH:
        junkyard, stream = state.stream.shuffled_chained(state.junkyard + chosen)  # §5.5
        text = f"seat {seat}: trash {ids_text(chosen)}"
        players = replace_player(state.players, seat, z)
        return evolve(
            state, players=players, junkyard=junkyard, stream=stream, events=add_event(state, text)
        )
    value = _value(state, action, chosen)
    if action == A_DRAW:
        z, stream, reshuffled = draw_cards(z, value, state.stream)
        text = f"seat {seat}: draw {ids_text(chosen)} (draws {value})"
        if reshuffled:
            text += ", shuffling the discard pile into a new deck"
        z = z._replace(discard=z.discard + chosen)
        players = replace_player(state.players, seat, z)
        return evolve(state, players=players, stream=stream, events=add_event(state, text))
    z = z._replace(discard=z.discard + chosen)
    players = replace_player(state.players, seat, z)
    if action == A_HUNT:
        text = f"seat {seat}: hunt {ids_text(chosen)} (food {value})"
        return evolve(state, players=players, food=value, events=add_event(state, text))
    dug, junkyard = state.junkyard[:value], state.junkyard[value:]
    text = f"seat {seat}: dig {ids_text(chosen)} (looks at {len(dug)})"
    state = evolve(state, players=players, junkyard=junkyard, events=add_event(state, text))
    return evolve(state, phase=KEEP, dug=dug) if dug else state


def _value(state: State, action: int, chosen: tuple[int, ...]) -> int:
    return action_value(state.stats, STAT_OF[action], chosen)


def _hire(state: State, z: Zones, paid: tuple[int, ...]) -> State:
    """Take the top mercenary of the stack into the discard pile; the medicine is discarded."""
    seat, kind = state.current, state.hire_kind
    index = MERCENARY_KINDS.index(kind)
    stack = state.stacks[index]
    z = z._replace(discard=z.discard + paid + stack[:1])
    text = f"seat {seat}: hire {KINDS[kind].code} as {CARD_ID[stack[0]]}"
    if paid:
        text += f" pay {ids_text(paid)}"
    return evolve(
        state,
        players=replace_player(state.players, seat, z),
        stacks=replace_at(state.stacks, index, stack[1:]),
        food=0,
        hire_kind=-1,
        events=add_event(state, text),
    )


def keep(state: State, card: int | None) -> State:
    """Keep one dug card (to the discard pile) or none; the rest go under the junkyard in order."""
    if card is not None and card not in state.dug:
        raise IllegalMoveError(f"{CARD_ID[card]} was not dug")
    seat = state.current
    rest = tuple(c for c in state.dug if c != card)
    players = state.players
    if card is not None:
        z = players[seat]
        players = replace_player(players, seat, z._replace(discard=z.discard + (card,)))
    text = f"seat {seat}: keeps {'none' if card is None else 'one card'}"
    return evolve(
        state,
        phase=GATHER,
        players=players,
        junkyard=state.junkyard + rest,  # AS-A4: to the bottom, in the order drawn
        dug=(),
        events=add_event(state, text),
    )
