"""Lucky Numbers' compiled engine: the C core (_core.c) in the CompiledEngine protocol
(arena/core/compiled.py).

The pure-Python engine stays the reference; this one plays the same rules on states of the
core's own type, for whatever plays many games. `to_move`, `legal_moves`, `play` and `outcome`
are the core's functions themselves (no Python call per decision). Python keeps what runs once a
game or less: the deal (state.deal, from the same rng), converting states to and from the
reference engine's, the Outcome of a finished game (scoring.result) and the refusal of a move
that is not in the legal list (refusals.canonical, on the state converted back: the same error
class and message as the reference engine's).

The game draws no chance after the deal (the pot's order is fixed at setup), so the core holds
no random stream.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from arena.core.compiled import CompiledEngine, load_core
from arena.core.values import Outcome, Seat, Termination
from arena.errors import IllegalMoveError
from arena.games.lucky_numbers.grid import EMPTY_GRID
from arena.games.lucky_numbers.refusals import canonical
from arena.games.lucky_numbers.scoring import result
from arena.games.lucky_numbers.state import (
    LuckyNumbersOptions,
    LuckyNumbersState,
    Phase,
    Source,
    deal,
    easy_grid,
)

CORE, MISSING = load_core(__package__)

# The core's codes of the phases and the tile sources (the enums in _core.c's order).
PHASES = (Phase.SETUP, Phase.ACQUIRE, Phase.RESOLVE, Phase.OVER)
SOURCES = (Source.NONE, Source.DRAW, Source.TABLE, Source.SETUP)
_PHASE_CODE = {p: i for i, p in enumerate(PHASES)}
_SOURCE_CODE = {s: i for i, s in enumerate(SOURCES)}


class LuckyNumbersCompiled:
    """The compiled engine: the core's functions, plus setup and the conversions."""

    name = "lucky_numbers"

    def __init__(self, core: Any) -> None:
        self._core = core
        self.to_move: Callable[[Any], tuple[Seat, ...]] = core.to_move
        self.legal_moves: Callable[[Any, Seat], Sequence[str]] = core.legal_moves
        self.play: Callable[[Any, Seat, str], Any] = core.play
        self.outcome: Callable[[Any], Outcome | None] = core.outcome
        core.configure(_result, self._canonical)

    def setup(self, num_players: int, options: LuckyNumbersOptions, rng: random.Random) -> Any:
        """state.setup's deal from the same rng, built as a core state directly."""
        starts, pot = deal(num_players, rng)
        start = rng.randrange(num_players)  # LN-A2
        if options.setup == "easy":
            grids = tuple(easy_grid(t) for t in starts)
            return self._core.make(
                options, options.bruno, grids, (), bytes(pot), start, start,
                1, 1, 0, 0, (), 0, False, (), (), False,
            )  # fmt: skip
        hidden = tuple(t[1:] if s == start else t for s, t in enumerate(starts))  # LN-A4
        return self._core.make(
            options, options.bruno, (EMPTY_GRID,) * num_players, (), bytes(pot), start, start,
            0, 0, starts[start][0], 3, hidden, 0, False, (), (), False,
        )  # fmt: skip

    def from_reference(self, state: LuckyNumbersState) -> Any:
        """The core state of a reference state (ValueError for values no game holds)."""
        if state.termination not in (Termination.NORMAL, Termination.TURN_CAP):
            raise ValueError(f"the engine ends a game normally or by its cap: {state.termination}")
        return self._core.make(
            state.options,
            state.options.bruno,
            state.grids,
            state.table,
            bytes(state.pot),
            state.start,
            state.current,
            _PHASE_CODE[state.phase],
            state.turn,
            state.hand,
            _SOURCE_CODE[state.source],
            state.setup_tiles,
            state.setup_step,
            state.bonus,
            state.chain_returned,
            state.winners,
            state.termination is Termination.TURN_CAP,
        )

    def to_reference(self, state: Any) -> LuckyNumbersState:
        """The reference state equal to a core state."""
        (
            options, grids, table, pot, start, current, phase, turn, hand, source,
            setup_tiles, setup_step, bonus, chain_returned, winners, capped,
        ) = self._core.fields(state)  # fmt: skip
        return LuckyNumbersState(
            options=options,
            grids=grids,
            table=table,
            pot=pot,
            start=start,
            current=current,
            phase=PHASES[phase],
            turn=turn,
            hand=hand,
            source=SOURCES[source],
            setup_tiles=setup_tiles,
            setup_step=setup_step,
            bonus=bonus,
            chain_returned=chain_returned,
            winners=winners,
            termination=Termination.TURN_CAP if capped else Termination.NORMAL,
        )

    def apply(self, state: Any, seat: Seat, move: str) -> Any:
        """`play` after GameBase.apply's turn check: IllegalMoveError, in its words, when the game
        is over or `seat` is not to decide now."""
        movers = self.to_move(state)
        if seat not in movers:
            if not movers:
                raise IllegalMoveError("the game is over")
            raise IllegalMoveError(f"it is seat {movers[0]}'s decision, not seat {seat}'s")
        return self.play(state, seat, move)

    def _canonical(self, state: Any, move: object) -> str:
        """The legal text of a move the core did not find (`Draw`, `take 07`), or the reference
        engine's refusal: InvalidMoveError or IllegalMoveError naming the rule."""
        return canonical(self.to_reference(state), move)  # type: ignore[arg-type]


def _result(grids: tuple[tuple[int, ...], ...], winners: tuple[Seat, ...], capped: bool) -> Outcome:
    """The Outcome of a finished core state (the core calls this once a game)."""
    return result(grids, winners, Termination.TURN_CAP if capped else Termination.NORMAL)


ENGINE: CompiledEngine | None = None if CORE is None else LuckyNumbersCompiled(CORE)
