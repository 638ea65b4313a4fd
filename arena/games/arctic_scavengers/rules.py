"""The Arctic Scavengers engine's entry points: who decides, legal moves and play by phase,
and the result."""

from __future__ import annotations

from arena.core.game import outcome_from_keys
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError

from . import gathering, module_rules, skirmish
from . import notation as n
from .cards import people_of
from .gangs import final_people
from .skirmish import end_gathering
from .state import BUILD, DECLARE, GATHER, KEEP, OVER, State

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(5))

_LEGAL = {
    GATHER: gathering.legal_gather,
    BUILD: gathering.legal_build,
    KEEP: gathering.legal_keep,
    DECLARE: skirmish.legal_declarations,
}
# Move kinds allowed in each phase.
_KINDS = {
    GATHER: {n.OPEN, n.HIRE, n.END},
    BUILD: {n.ADD, n.PAY, n.GO},
    KEEP: {n.KEEP, n.KEEP_NONE},
    DECLARE: {n.SNIPE, n.DISARM, n.DONE},
}
_PHASE_WORDS = {
    GATHER: "open an action (draw|dig|hunt|trash <id>, hire <CODE>) or end",
    BUILD: "add <id>, pay <id> or go",
    KEEP: "keep <id> or keep none",
    DECLARE: "snipe, disarm or done",
}


def to_move(state: State) -> tuple[Seat, ...]:
    """The one seat to decide, or () once the game is over."""
    return () if state.phase == OVER else _SEATS[state.current]


def legal_moves(state: State, seat: int) -> list[str]:
    """The legal decisions of `seat`, in canonical order ([] when it is not to move)."""
    if state.ext is not None:
        return module_rules.legal_moves(state, seat)
    if state.phase == OVER or seat != state.current:
        return []
    return _LEGAL[state.phase](state)


def play(state: State, seat: int, move: str) -> State:
    """The state after `seat`, the seat to decide, plays `move` (GameBase.apply checks the
    turn first); InvalidMoveError / IllegalMoveError if it may not."""
    if state.ext is not None:
        return module_rules.play(state, seat, move)
    kind, a, b = n.parse_move(move)
    if kind not in _KINDS[state.phase]:
        raise IllegalMoveError(f"`{move}` is not possible now: {_PHASE_WORDS[state.phase]}")
    if kind == n.OPEN:
        return gathering.open_action(state, a, b)
    if kind == n.HIRE:
        return gathering.open_hire(state, a)
    if kind == n.END:
        return end_gathering(state)
    if kind in (n.ADD, n.PAY):
        return gathering.add_card(state, a, kind == n.PAY)
    if kind == n.GO:
        if not gathering.paid_enough_now(state):
            raise IllegalMoveError("the hire is not paid yet: pay more medicine")
        return gathering.go(state)
    if kind == n.KEEP:
        return gathering.keep(state, a)
    if kind == n.KEEP_NONE:
        return gathering.keep(state, None)
    if kind == n.DONE:
        return skirmish.pass_declaration(state)
    return skirmish.declare(state, kind == n.SNIPE, a, b)


def people_now(state: State) -> list[int]:
    """Every seat's people on every card it owns (§8.2, AS-A14)."""
    if state.result:
        return list(state.result)
    if state.ext is not None:
        return final_people(state)[0]  # expansions 0.11: owned cards and gangs
    return [
        people_of(z.deck) + people_of(z.discard) + people_of(z.hand) + people_of(z.force)
        for z in state.players
    ]


def outcome(state: State) -> Outcome | None:
    """Ranks by people on every card owned; a tie is a shared victory (AS-A13)."""
    if state.phase != OVER:
        return None
    people = people_now(state)
    return outcome_from_keys(people, people, detail=f"{state.round} rounds")


def adjudicate(state: State, offender: Seat | None) -> Outcome:
    """Stop now: the offender alone last, the others by the people they own now."""
    people = people_now(state)
    return outcome_from_keys(
        people,
        people,
        last=offender,
        offender=offender,
        detail=f"adjudicated in round {state.round}",
    )
