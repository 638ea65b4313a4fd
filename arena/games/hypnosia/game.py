"""The Hypnosia Game object: the contract's parts bound to the engine's functions."""

from __future__ import annotations

from arena.core.game import GameBase

from . import rules
from .render import render
from .rules import setup
from .state import MAX_PLAYERS, MIN_PLAYERS, HypnosiaOptions, State
from .view import view


class HypnosiaGame(GameBase[State, HypnosiaOptions]):
    """Hypnosia for 2-6 players (docs/games/hypnosia.md) on the approximate board of §10.

    Only the future dice are hidden, so a move's public text is the move itself.
    """

    name = "hypnosia"
    title = "Hypnosia"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = HypnosiaOptions

    setup = staticmethod(setup)
    # Bound straight to the engine functions: random playouts call them on every decision.
    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)


GAME = HypnosiaGame()
