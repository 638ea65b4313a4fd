"""Lucky Numbers (Michael Schacht, BGA rules): the engine behind `GAME`.

Rules: docs/games/lucky_numbers.md. Modules: notation (cells, move tokens), grid (rule 2.1),
state (options, state, setup), analysis (the cached packed grid analysis), moves (legal
move lists), rules (turns, endings, scoring), view (view, render),
positions (literal positions from grid pictures), strategy (built-in bots), wire (protobuf).
"""

from __future__ import annotations

import random
from typing import Any

from arena.core import Outcome, Seat
from arena.games.lucky_numbers import rules, view
from arena.games.lucky_numbers.state import (
    LuckyNumbersOptions,
    LuckyNumbersState,
    Phase,
    setup_state,
)

__all__ = ["GAME", "LuckyNumbersGame", "LuckyNumbersOptions", "LuckyNumbersState"]

# to_move and outcome run on every decision: answer the common case here, without a further
# call, and with the enum member bound once (enum class attribute reads are slow in 3.11).
_OVER = Phase.OVER


class LuckyNumbersGame:
    """The Game protocol for Lucky Numbers (2-4 players, LN-A1)."""

    name = "lucky_numbers"
    title = "Lucky Numbers"
    min_players = 2
    max_players = 4
    options_type = LuckyNumbersOptions

    def setup(
        self, num_players: int, options: LuckyNumbersOptions, rng: random.Random
    ) -> LuckyNumbersState:
        """Deal, choose the start seat and lay the diagonals (or start Michael's setup)."""
        return setup_state(num_players, options, rng)

    def to_move(self, state: LuckyNumbersState) -> tuple[Seat, ...]:
        """The one seat that decides now, or () when over."""
        return () if state.phase is _OVER else (state.current,)

    # The engine's functions themselves (no wrapper call): random playouts call these on
    # every decision. legal_moves(state, seat): legal decisions in the order documented in
    # rules.py. apply(state, seat, move): a new state after the decision (the old one is
    # unchanged); InvalidMoveError / IllegalMoveError when the move is not legal.
    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)

    def view(self, state: LuckyNumbersState, seat: Seat | None) -> dict[str, Any]:
        """The public position (no pot order)."""
        return view.view(state, seat)

    def outcome(self, state: LuckyNumbersState) -> Outcome | None:
        """Ranks, tiles and tournament points once the game is over."""
        return None if state.phase is not _OVER else rules.outcome(state)

    def adjudicate(self, state: LuckyNumbersState, offender: Seat | None) -> Outcome:
        """Offender last, the others by tiles in grid (see rules.adjudicate)."""
        return rules.adjudicate(state, offender)

    def render(self, state: LuckyNumbersState, seat: Seat | None = None) -> str:
        """Text grids side by side plus a status line."""
        return view.render(state, seat)


GAME = LuckyNumbersGame()
