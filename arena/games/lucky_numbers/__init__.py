"""Lucky Numbers (Michael Schacht, BGA rules): the engine behind `GAME`.

Spec: shared/rules/lucky_numbers.md. Modules: notation (cells, move tokens), grid (rule 2.1),
state (options, state, setup), rules (turns, endings, scoring), view (view, render),
positions (literal positions from grid pictures), strategy (built-in bots), wire (protobuf).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from arena.core import Outcome, Seat
from arena.games.lucky_numbers import rules, view
from arena.games.lucky_numbers.state import LuckyNumbersOptions, LuckyNumbersState, setup_state

__all__ = ["GAME", "LuckyNumbersGame", "LuckyNumbersOptions", "LuckyNumbersState"]


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
        return rules.to_move(state)

    def legal_moves(self, state: LuckyNumbersState, seat: Seat) -> Sequence[str]:
        """Legal decisions in the order documented in rules.py."""
        return rules.legal_moves(state, seat)

    def apply(self, state: LuckyNumbersState, seat: Seat, move: str) -> LuckyNumbersState:
        """A new state after the decision; the old one is unchanged."""
        return rules.apply(state, seat, move)

    def view(self, state: LuckyNumbersState, seat: Seat | None) -> dict[str, Any]:
        """The public position (no pot order)."""
        return view.view(state, seat)

    def outcome(self, state: LuckyNumbersState) -> Outcome | None:
        """Ranks, tiles and tournament points once the game is over."""
        return rules.outcome(state)

    def adjudicate(self, state: LuckyNumbersState, offender: Seat | None) -> Outcome:
        """Offender last, the others by tiles in grid (see rules.adjudicate)."""
        return rules.adjudicate(state, offender)

    def render(self, state: LuckyNumbersState, seat: Seat | None = None) -> str:
        """Text grids side by side plus a status line."""
        return view.render(state, seat)


GAME = LuckyNumbersGame()
