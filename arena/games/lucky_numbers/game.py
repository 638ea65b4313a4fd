"""The Lucky Numbers Game object: the contract's parts bound to the engine's functions."""

from __future__ import annotations

from arena.core.game import GameBase
from arena.core.values import Seat
from arena.games.lucky_numbers import rules
from arena.games.lucky_numbers.render import render
from arena.games.lucky_numbers.state import LuckyNumbersOptions, LuckyNumbersState, setup
from arena.games.lucky_numbers.view import view

DRAW = "draw"  # the move's text (notation.py); its public text adds the tile drawn


class LuckyNumbersGame(GameBase[LuckyNumbersState, LuckyNumbersOptions]):
    """The Game protocol for Lucky Numbers (2-4 players, LN-A1).

    Every part is the engine's function itself, with no wrapper call: random playouts call
    to_move, legal_moves, play and outcome on every decision. A move's public text is the move
    itself, except `draw`: the drawn tile "is revealed to everyone" (rules 4.1), so the public
    text names it (`draw 16`), as a person across the table would say it. In Michael's setup each
    revealed tile and the cell it goes to are public (LN-A4).
    """

    name = "lucky_numbers"
    title = "Lucky Numbers"
    min_players = 2
    max_players = 4
    options_type = LuckyNumbersOptions

    setup = staticmethod(setup)
    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)

    def public_move(self, state: LuckyNumbersState, seat: Seat, move: str) -> str:
        """`draw` names the tile it turns face up (the pot's next tile); other moves as played."""
        if move == DRAW and state.pot:
            return f"{DRAW} {state.pot[0]}"
        return move


GAME = LuckyNumbersGame()
