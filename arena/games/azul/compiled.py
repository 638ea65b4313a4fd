"""Azul's compiled engine: the C core (`_core.c`) in arena.core.compiled's CompiledEngine protocol.

`ENGINE` plays the rules of rules.py and rounds.py on the core's own immutable states; it is None
when the core is not built (`MISSING` says why). The pure-Python engine stays the reference: the
core deals from a `random.Random` as rounds.setup does (the same calls to its `getrandbits`) and
leaves any other rng to the reference setup, converted; a move off the fast path (not the seat
to decide, malformed, illegal, after the end) is played or refused by the reference `play` or
`apply`; outcomes are built here by the reference's own `outcome_from_keys`. The core's states
convert to reference states and back (`to_reference`, `from_reference`).
tests/games/azul/test_azul_compiled.py plays both engines in step.
"""

from __future__ import annotations

from typing import Any

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, load_core
from arena.core.game import CAPPED_END, NORMAL_END, engine_termination, outcome_from_keys
from arena.core.values import Outcome

from . import rules
from .game import GAME
from .state import Board, State

_TERMINATIONS = ("", NORMAL_END, CAPPED_END)  # the core's termination codes 0, 1, 2


def _outcome(scores: list[int], rows: list[int], termination: int, rounds: int) -> Outcome:
    """rules.outcome from the ended core state's scores and complete rows per seat."""
    return outcome_from_keys(
        list(zip(scores, rows, strict=True)),
        scores,
        termination=engine_termination(_TERMINATIONS[termination]),
        detail=f"{rounds} rounds",
    )


def _state(raw: tuple[Any, ...]) -> State:
    """The reference State of the core's raw fields (State's order; boards as plain tuples,
    the stream as an int, the termination as its code)."""
    fields = list(raw)
    fields[11] = tuple(Board._make(board) for board in raw[11])
    fields[14] = Stream(raw[14])
    fields[16] = _TERMINATIONS[raw[16]]
    return State._make(fields)


_core, MISSING = load_core(__package__)

ENGINE: CompiledEngine | None = (
    None
    if _core is None
    else _core.Engine(
        GAME.name, GAME.setup, rules.play, GAME.apply, _outcome, _state, _TERMINATIONS
    )
)
