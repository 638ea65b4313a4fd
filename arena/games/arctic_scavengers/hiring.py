"""Hiring with expansion modules on (base §5.4 extended): the market of 0.8, medicine persons
(Medic, Combat Medics), and the leaders' ways to pay: the Butcher's med credit, the Cannibal's
food pool, the Sergeant at Arms' Saboteurs, the Swindler's Refugees.
"""

from __future__ import annotations

from .cards import CARD_ID, CARD_KIND, KIND_INDEX, KINDS, MEDICINE, SAB, ids_text
from .expansion import ext_of
from .leaders import SAA, SWI, healthy_leader, power_ready, use_power
from .state import A_HIRE, State, Zones, add_event, replace_at, replace_player

REF_KIND = KIND_INDEX["REF"]
HIRE_TEXT = {kind: f"hire {k.code}" for kind, k in enumerate(KINDS)}
SERGEANT_SABOTEUR_COST = (0, 1)  # [ASSUMPTION AX-A36] food, med
SWINDLER_MAX_REFUGEES = 2  # [ASSUMPTION AX-A65] 1 Refugee: -1 food; 2 Refugees: -1 med


def cost(state: State, kind: int) -> tuple[int, int, int]:
    """(food, med, any mix) of a mercenary for the gathering seat."""
    k = KINDS[kind]
    if kind == SAB and state.ext is not None and healthy_leader(state, state.current) == SAA:
        return (*SERGEANT_SABOTEUR_COST, 0)
    return k.food, k.med, k.any_mix


def _covered(costs: tuple[int, int, int], food: int, med: int, refugees: int) -> bool:
    """Whether food and medicine (and the Swindler's Refugees) pay a cost (AS-A6)."""
    need_food, need_med, any_mix = costs
    if any_mix:
        return food + med + min(refugees, 1) >= any_mix
    if food >= need_food and med >= need_med:
        return True
    if refugees >= 1 and food >= need_food - 1 and med >= need_med:
        return True  # one Refugee: -1 food (two may still take the food off, overpaying)
    return refugees >= 2 and food >= need_food and med >= need_med - 1


def hire_food(state: State) -> int:
    """The food a hire may use: the normal pool or the Cannibal's, never both (AX-A33)."""
    return max(state.food, ext_of(state).turn.cannibal_food)


def _refugee_options(state: State, refugees: int) -> range:
    if not power_ready(state, state.current, SWI):
        return range(1)
    return range(min(refugees, SWINDLER_MAX_REFUGEES) + 1)


def affordable(state: State, kind: int) -> bool:
    """Whether the gathering seat can pay for a mercenary with what it has (listing rule)."""
    return _can_pay(state, _means(state), kind)


def _means(state: State) -> tuple[int, int, range]:
    """(food, medicine, Swindler Refugee counts) the gathering seat could pay a hire with."""
    hand = state.players[state.current].hand
    med = sum(MEDICINE[c] for c in hand) + ext_of(state).turn.med_credit
    refugees = sum(1 for c in hand if CARD_KIND[c] == REF_KIND)
    return hire_food(state), med, _refugee_options(state, refugees)


def _can_pay(state: State, means: tuple[int, int, range], kind: int) -> bool:
    food, med, options = means
    costs = cost(state, kind)
    return any(_covered(costs, food, med, r) for r in options)


def paid_enough(state: State) -> bool:
    """Whether the open hire is covered by food, the credit and the cards paid so far."""
    chosen = state.chosen
    med = sum(MEDICINE[c] for c in chosen) + ext_of(state).turn.med_credit
    refugees = sum(1 for c in chosen if CARD_KIND[c] == REF_KIND)
    return _covered(cost(state, state.hire_kind), hire_food(state), med, refugees)


def legal_hires(state: State) -> list[str]:
    """`hire <CODE>` per payable stack, in stack order."""
    if state.used >> A_HIRE & 1:
        return []
    ext, means = ext_of(state), _means(state)
    return [
        HIRE_TEXT[kind]
        for kind, stack in zip(ext.stack_kinds, state.stacks, strict=True)
        if stack and _can_pay(state, means, kind)
    ]


def legal_pays(state: State) -> list[str]:
    """Medicine cards (and the Swindler's Refugees) to pay with, in hand order, then `go`."""
    chosen = state.chosen
    refugees = sum(1 for c in chosen if CARD_KIND[c] == REF_KIND)
    swindle = refugees < SWINDLER_MAX_REFUGEES and power_ready(state, state.current, SWI)
    moves = [
        f"pay {CARD_ID[c]}"
        for c in state.players[state.current].hand
        if c not in chosen and (MEDICINE[c] or (swindle and CARD_KIND[c] == REF_KIND))
    ]
    if paid_enough(state):
        moves.append("go")
    return moves


def hire(state: State, z: Zones, paid: tuple[int, ...]) -> State:
    """Take the top mercenary of the open hire's stack; the payment is discarded (§5.4)."""
    seat, kind = state.current, state.hire_kind
    ext = ext_of(state)
    index = ext.stack_kinds.index(kind)
    stack = state.stacks[index]
    z = z._replace(discard=z.discard + paid + stack[:1])
    text = f"seat {seat}: hire {KINDS[kind].code} as {CARD_ID[stack[0]]}"
    if paid:
        text += f" pay {ids_text(paid)}"
    if any(CARD_KIND[c] == REF_KIND for c in paid) and power_ready(state, seat, SWI):
        state = use_power(state, seat)
    turn = ext_of(state).turn._replace(cannibal_food=0, med_credit=0)
    return state._replace(
        players=replace_player(state.players, seat, z),
        stacks=replace_at(state.stacks, index, stack[1:]),
        food=0,
        hire_kind=-1,
        events=add_event(state, text),
        ext=ext_of(state)._replace(turn=turn),
    )
