"""The Game object for The Number: simultaneous secret submissions, resolved when all are in."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from arena.core import Outcome, Seat
from arena.errors import IllegalMoveError, InvalidMoveError, OptionError, PlayerCountError
from arena.game import points_by_rank, ranks_from_keys, ranks_with_offender_last
from arena.games.the_number.render import render_state
from arena.games.the_number.rules import (
    DIGIT_MASK,
    MAX_PLAYERS,
    MAX_ROUNDS,
    MIN_PLAYERS,
    NUMBER_TEXT,
    TheNumberOptions,
    TheNumberState,
    initial_state,
    resolve,
    secured_total,
)
from arena.games.the_number.view import build_view

MOVE_WORD = "write"
_DIGIT_CHARS = frozenset("0123456789")


def parse_move(move: str) -> int:
    """The number in `write ddd` (three ASCII digits, zeros kept); InvalidMoveError if not."""
    if not isinstance(move, str):
        raise InvalidMoveError(f"a move is text like 'write 513', not {move!r}")
    parts = move.split()
    if len(parts) != 2 or parts[0] != MOVE_WORD:
        raise InvalidMoveError(f"expected 'write ddd', got {move!r}")
    digits = parts[1]
    if len(digits) != 3 or not set(digits) <= _DIGIT_CHARS:
        raise InvalidMoveError(f"a submission is exactly three digits 0-9, got {digits!r}")
    return int(digits)


def format_move(number: int) -> str:
    """The canonical move text for a number."""
    return f"{MOVE_WORD} {NUMBER_TEXT[number]}"


@lru_cache(maxsize=1024)
def moves_for(crossed: int) -> tuple[str, ...]:
    """Every `write ddd` whose digits are all uncrossed, ascending (cached per board)."""
    return tuple(format_move(n) for n in range(1000) if not DIGIT_MASK[n] & crossed)


class TheNumberGame:
    """The Number (BGA «Числа»): 3-5 players, 2 rounds of 5 simultaneous turns."""

    name = "the_number"
    title = "The Number"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = TheNumberOptions

    def setup(
        self, num_players: int, options: TheNumberOptions, rng: random.Random
    ) -> TheNumberState:
        """Fresh boards; the game has no chance, so `rng` is not used."""
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise PlayerCountError(f"The Number is played by 3 to 5 players, not {num_players}")
        if not 1 <= options.rounds <= MAX_ROUNDS:
            raise OptionError(f"rounds must be 1 to {MAX_ROUNDS}, not {options.rounds}")
        if options.tied_bonus not in ("full", "none"):
            raise OptionError(f"tied_bonus takes full or none, not {options.tied_bonus!r}")
        return initial_state(num_players, options)

    def to_move(self, state: TheNumberState) -> tuple[Seat, ...]:
        """Every active seat that has not submitted this turn (a simultaneous decision)."""
        return tuple(s for s in state.active() if state.pending[s] is None)

    def legal_moves(self, state: TheNumberState, seat: Seat) -> Sequence[str]:
        """Every number the seat can write with its available digits, ascending ([] if idle)."""
        if seat not in self.to_move(state):
            return []
        # A fresh list: callers may compare it with ==, and a list equals only a list.
        return list(moves_for(state.crossed[seat]))

    def apply(self, state: TheNumberState, seat: Seat, move: str) -> TheNumberState:
        """Store the seat's secret number; the last submission of a turn resolves it at once."""
        number = parse_move(move)
        if state.over:
            raise IllegalMoveError("the game is over")
        if not 0 <= seat < state.num_players or state.is_out(seat):
            raise IllegalMoveError(f"seat {seat} is not taking part in this turn")
        if state.pending[seat] is not None:
            raise IllegalMoveError(f"seat {seat} has already submitted this turn")
        used = DIGIT_MASK[number] & state.crossed[seat]
        if used:  # [ASSUMPTION TN-A4] rejected rather than scored as a void number
            gone = "".join(str(d) for d in range(10) if used >> d & 1)
            raise IllegalMoveError(f"digit(s) {gone} already crossed out on seat {seat}'s board")
        pending = state.pending[:seat] + (number,) + state.pending[seat + 1 :]
        state = replace(state, pending=pending)
        if all(state.pending[s] is not None for s in state.active()):
            return resolve(state)
        return state

    def view(self, state: TheNumberState, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see: public boards and history, plus only its own pending number."""
        return build_view(state, seat)

    def outcome(self, state: TheNumberState) -> Outcome | None:
        """Ranks by game total (equal totals share the victory), once the last round is scored."""
        if not state.over:
            return None
        totals = [secured_total(state, s) for s in range(state.num_players)]
        ranks = ranks_from_keys(totals)
        return Outcome(ranks, tuple(float(t) for t in totals), points_by_rank(ranks))

    def adjudicate(self, state: TheNumberState, offender: Seat | None) -> Outcome:
        """Stop now: the offender alone last, the others by the points they have secured."""
        totals = [secured_total(state, s) for s in range(state.num_players)]
        ranks = ranks_with_offender_last(totals, offender)
        return Outcome(ranks, tuple(float(t) for t in totals), points_by_rank(ranks))

    def render(self, state: TheNumberState, seat: Seat | None = None) -> str:
        """A compact text picture of the position as `seat` sees it."""
        return render_state(state, seat)
