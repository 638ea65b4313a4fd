"""The Game object for The Number: simultaneous secret submissions, resolved when all are in."""

from __future__ import annotations

from arena.core.game import GameBase
from arena.core.values import Seat
from arena.games.the_number import rules
from arena.games.the_number.render import render
from arena.games.the_number.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    TheNumberOptions,
    TheNumberState,
    setup,
)
from arena.games.the_number.view import view


class TheNumberGame(GameBase[TheNumberState, TheNumberOptions]):
    """The Number (BGA «Числа»): 3-5 players, 2 rounds of 5 simultaneous turns.

    A move's public text is the move itself. `write ddd` is secret while others still choose,
    but the referee holds the moves of a simultaneous decision until it resolves, and at that
    moment the rules reveal every submission at once (spec §3.3, §7): by the time anyone else
    can read the text, the number is on the table, and the view's history shows it too.
    """

    name = "the_number"
    title = "The Number"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = TheNumberOptions

    setup = staticmethod(setup)
    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)

    def not_to_move(self, state: TheNumberState, seat: Seat) -> str:
        """Why `seat` may not write now: the game is over, it sits out, or it has written."""
        if state.over:
            return "the game is over"
        if not 0 <= seat < state.num_players or state.is_out(seat):
            return f"seat {seat} is not taking part in this turn"
        return f"seat {seat} has already submitted this turn"


GAME = TheNumberGame()
