"""The Azul Game object: the contract's parts bound to the engine's functions."""

from __future__ import annotations

import random

from arena.core.game import GameBase, check_player_count

from . import rules
from .render import render
from .rounds import setup
from .state import AzulOptions, State
from .view import view


class AzulGame(GameBase[State, AzulOptions]):
    """Azul for 2-4 players (docs/games/azul.md), coloured or gray wall.

    Everything is public but the bag order, so a move's public text is the move itself.
    """

    name = "azul"
    title = "Azul"
    min_players = 2
    max_players = 4
    options_type = AzulOptions

    def setup(self, num_players: int, options: AzulOptions, rng: random.Random) -> State:
        """The initial state: bag shuffled from `rng`, displays filled, random start player."""
        check_player_count(self, num_players)
        return setup(num_players, options, rng)

    # Bound straight to the engine functions (same signatures): random playouts call them on
    # every decision, with no wrapper call in between.
    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)


GAME = AzulGame()
