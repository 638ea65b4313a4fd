"""The Epizodiak Game object: the contract's parts bound to the engine's functions."""

from __future__ import annotations

import random

from arena.core.game import GameBase, check_player_count

from . import rules
from .render import render
from .rounds import setup
from .state import NUM_PLAYERS, EpizodiakOptions, State
from .view import view


class EpizodiakGame(GameBase[State, EpizodiakOptions]):
    """Epizodiak for exactly 3 players (docs/games/epizodiak.md): One round or Score 7.

    A move's public text is the move itself: `draw` never names the tile drawn, and every other
    decision (a pick-up of the end tile, a placement, a set, a contest, a pass) is made on the
    table in front of everyone (spec §9).
    """

    name = "epizodiak"
    title = "Epizodiak"
    min_players = NUM_PLAYERS
    max_players = NUM_PLAYERS
    options_type = EpizodiakOptions

    def setup(self, num_players: int, options: EpizodiakOptions, rng: random.Random) -> State:
        """Round 1 dealt from `rng`, with a random starting seat."""
        check_player_count(self, num_players)
        return setup(options, rng)

    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)


GAME = EpizodiakGame()
