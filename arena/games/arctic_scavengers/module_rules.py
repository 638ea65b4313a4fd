"""The engine's entry points with expansion modules on: legal moves and play by phase.

Every move is checked against the phase's legal list (the one source of truth), then applied
by the module that owns it. The base game never comes here (rules.py sends a state here only
when it has an expansion part).
"""

from __future__ import annotations

from collections.abc import Callable

from arena.errors import IllegalMoveError

from . import buildings, digging, leaders, recon, recruits, responses
from . import module_gathering as g
from . import module_skirmish as skirmish
from .expansion import ext_of, set_turn
from .module_notation import parse
from .module_skirmish import end_gathering
from .state import (
    A_BUILD,
    A_DIG,
    A_DRAW,
    A_HUNT,
    A_RECON,
    A_TRASH,
    BUILD,
    DECLARE,
    DROP,
    GATHER,
    KEEP,
    LEADER,
    LOOK,
    OVER,
    PICK,
    RESPOND,
    RETURN,
    SAVE,
    SIDE,
    TARGET,
    YARD,
    State,
)

_LEGAL: dict[int, Callable[[State], list[str]]] = {
    GATHER: g.legal_gather,
    BUILD: g.legal_build,
    KEEP: digging.legal_keep,
    DECLARE: skirmish.legal_declarations,
    LEADER: leaders.legal_lead,
    RESPOND: responses.legal_responses,
    SAVE: skirmish.legal_saves,
    TARGET: recon.legal_targets,
    SIDE: lambda s: ["side top", "side bottom"],
    RETURN: lambda s: ["return top", "return bottom"],
    DROP: g.legal_drops,
    PICK: recruits.legal_picks,
    LOOK: buildings.legal_looks,
    YARD: lambda s: ["yard top", "yard bottom"],
}
_OPENS = {
    "draw": A_DRAW,
    "dig": A_DIG,
    "hunt": A_HUNT,
    "trash": A_TRASH,
    "build": A_BUILD,
    "recon": A_RECON,
}


# The last state's legal list: a player asks for the list, then plays one move of it in the
# same state, and play checks the move against the list (one entry: states are immutable).
_last: tuple[State | None, tuple[str, ...]] = (None, ())


def _legal(state: State) -> tuple[str, ...]:
    global _last
    cached = _last
    if cached[0] is state:
        return cached[1]
    moves = tuple(_LEGAL[state.phase](state))
    _last = (state, moves)
    return moves


def legal_moves(state: State, seat: int) -> list[str]:
    """The legal decisions of `seat`, in canonical order ([] when it is not to move)."""
    if state.phase == OVER or seat != state.current:
        return []
    return list(_legal(state))


def play(state: State, seat: int, move: str) -> State:
    """The state after the seat to decide plays `move`."""
    verb, args = parse(move)
    text = " ".join(move.split())
    if text not in _legal(state):
        raise IllegalMoveError(f"`{text}` is not legal now (phase {_phase_name(state)})")
    phase = state.phase
    if phase == GATHER:
        if verb != "map" and ext_of(state).turn.last_persons:
            state = set_turn(state, last_persons=())  # a Map only right after its action
        return _gather(state, verb, args)
    return _PHASE_PLAY[phase](state, verb, args)


def _phase_name(state: State) -> str:
    from .state import PHASE_NAMES

    return PHASE_NAMES[state.phase]


def _card(args: tuple[object, ...], i: int = 0) -> int:
    value = args[i]
    assert isinstance(value, int)
    return value


def _gather(state: State, verb: str, args: tuple[object, ...]) -> State:
    if verb in _OPENS:
        return g.open_action(state, _OPENS[verb], _card(args))
    if verb == "hire":
        return g.open_hire(state, _card(args))
    if verb == "work":
        return g.open_work(state, _card(args))
    if verb == "drill":
        return recruits.open_drill(state, _card(args))
    if verb == "end":
        return end_gathering(state)
    if verb in ("snipe", "disarm", "sabotage", "demolish"):
        return responses.strike(state, verb, _card(args), _card(args, 1))
    simple: dict[str, Callable[..., State]] = {
        "organize": leaders.organize,
        "butcher": leaders.butcher,
        "cannibal": leaders.cannibal,
        "heal": leaders.heal,
        "store": buildings.store,
        "retrieve": buildings.retrieve,
        "repair": buildings.repair,
        "tower": buildings.tower,
        "map": recruits.use_map,
    }
    if verb == "yard":
        return leaders.yard(state)
    return simple[verb](state, *args)


def _build(state: State, verb: str, args: tuple[object, ...]) -> State:
    if verb == "go":
        return g.go(state)
    return g.add_card(state, _card(args))


def _pick(state: State, verb: str, args: tuple[object, ...]) -> State:
    return recruits.drill(state) if verb == "go" else recruits.pick(state, _card(args))


def _declare(state: State, verb: str, args: tuple[object, ...]) -> State:
    if verb == "done":
        return skirmish.pass_declaration(state)
    return skirmish.declare(state, verb, args)


_PHASE_PLAY: dict[int, Callable[[State, str, tuple[object, ...]], State]] = {
    BUILD: _build,
    KEEP: lambda s, v, a: digging.keep(s, a[0] if a[0] is None else _card(a)),
    DECLARE: _declare,
    LEADER: lambda s, v, a: leaders.lead(s, _card(a)),
    RESPOND: responses.respond,
    SAVE: lambda s, v, a: skirmish.save_answer(s, None if v == "allow" else _card(a)),
    TARGET: lambda s, v, a: recon.aim(s, _card(a)),
    SIDE: lambda s, v, a: digging.side(s, a[0] == "bottom"),
    RETURN: lambda s, v, a: digging.return_rest(s, a[0] == "top"),
    DROP: lambda s, v, a: g.drop(s, _card(a)),
    PICK: _pick,
    LOOK: lambda s, v, a: buildings.look(s, str(a[0])),
    YARD: lambda s, v, a: leaders.yard_back(s, str(a[0])),
}
