"""The Number's compiled engine: the C core (`_core.c`) in arena.core.compiled's CompiledEngine
protocol.

`ENGINE` plays the rules of rules.py on the core's own immutable states; it is None when the core
is not built (`MISSING` says why). The pure-Python engine stays the reference: the core's `setup`
builds state.setup's fresh boards (the game draws no chance) and leaves a player count out of
range to state.setup's refusal; a move off the fast path (a seat that is not to
write, a move that is not the canonical text of a legal number, a game that is over) is played or
refused by the reference `play` on the state converted back; the Outcome of a finished game is
built here by the reference's own `outcome_from_keys` from the round totals. The core's states
convert to reference states and back (`to_reference`, `from_reference`).
tests/games/the_number/test_the_number_compiled.py plays both engines in step.
"""

from __future__ import annotations

from typing import Any

from arena.core.compiled import CompiledEngine, load_core
from arena.core.game import outcome_from_keys
from arena.core.values import Outcome

from . import rules
from .state import Entry, Status, TheNumberState, TurnRecord, setup

STATUSES = (Status.APPROVED, Status.ELIMINATED, Status.OUT)  # the core's codes 0, 1, 2


def _outcome(round_totals: tuple[tuple[int, ...], ...]) -> Outcome:
    """rules.outcome of a finished state (its secured totals are the round totals' sums): ranks
    by game total, equal totals share the victory."""
    totals = [sum(seat) for seat in round_totals]
    return outcome_from_keys(totals, totals)


def _state(raw: tuple[Any, ...]) -> TheNumberState:
    """The reference state of the core's raw fields (Engine.raw): the history the core state was
    converted with, then the turns it revealed since, as TurnRecords of Entries."""
    (
        options, num_players, round_, turn, crossed, pending, turn_scores, round_totals,
        history, revealed, over,
    ) = raw  # fmt: skip
    records = tuple(
        TurnRecord(r, t, tuple(Entry(n, STATUSES[code], p, b) for n, code, p, b in entries))
        for r, t, entries in revealed
    )
    return TheNumberState(
        options, num_players, round_, turn, crossed, pending, turn_scores, round_totals,
        history + records, over,
    )  # fmt: skip


_core, MISSING = load_core(__package__)

ENGINE: CompiledEngine | None = (
    None if _core is None else _core.Engine("the_number", setup, rules.play, _outcome, _state)
)
