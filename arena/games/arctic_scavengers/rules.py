"""The Arctic Scavengers engine's entry points: legal moves and apply, by phase."""

from __future__ import annotations

from arena.errors import IllegalMoveError

from . import gathering, skirmish
from . import notation as n
from .model import BUILD, DECLARE, GATHER, KEEP, OVER, State
from .rounds import end_gathering

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


def legal_moves(state: State, seat: int) -> list[str]:
    """The legal decisions of `seat`, in canonical order ([] when it is not to move)."""
    if state.phase == OVER or seat != state.current:
        return []
    return _LEGAL[state.phase](state)


def apply(state: State, seat: int, move: str) -> State:
    """The state after `seat` plays `move`."""
    kind, a, b = n.parse_move(move)
    if state.phase == OVER:
        raise IllegalMoveError("the game is over")
    if seat != state.current:
        raise IllegalMoveError(f"seat {seat} is not to move (seat {state.current} is)")
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
