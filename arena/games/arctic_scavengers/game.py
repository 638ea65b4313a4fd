"""The Arctic Scavengers Game object: the contract's parts bound to the engine's functions."""

from __future__ import annotations

import random

from arena.core.game import GameBase, check_player_count
from arena.core.values import Seat

from . import rules
from .dealing import setup
from .module_notation import public_text as module_public_text
from .notation import public_text
from .render import render
from .state import ArcticScavengersOptions, State
from .view import view


class ArcticScavengersGame(GameBase[State, ArcticScavengersOptions]):
    """Arctic Scavengers, 2-5 players, with the HQ and Recon modules as options
    (docs/games/arctic_scavengers.md)."""

    name = "arctic_scavengers"
    title = "Arctic Scavengers"
    min_players = 2
    max_players = 5
    options_type = ArcticScavengersOptions

    def setup(
        self, num_players: int, options: ArcticScavengersOptions, rng: random.Random
    ) -> State:
        """Decks, stacks, junkyard and contested pile shuffled from `rng`; round 1 drawn."""
        check_player_count(self, num_players)
        return setup(num_players, options, rng)

    to_move = staticmethod(rules.to_move)
    legal_moves = staticmethod(rules.legal_moves)
    play = staticmethod(rules.play)
    view = staticmethod(view)
    outcome = staticmethod(rules.outcome)
    adjudicate = staticmethod(rules.adjudicate)
    render = staticmethod(render)

    def public_move(self, state: State, seat: Seat, move: str) -> str:
        """A kept dug card, and an open action until `go`, stay private (notation.py); with
        modules on, also a chosen leader, a drill's picks, stored cards (module_notation.py)."""
        if state.ext is not None:
            return module_public_text(move, stored_in(state))
        return public_text(move)


def stored_in(state: State) -> dict[int, int]:
    """Every stored card's building (a retrieve reads `retrieve from <BLD>`)."""
    ext = state.ext
    if ext is None:
        return {}
    return {c: b.card for s in ext.seats for b in s.buildings for c in b.stored}


GAME = ArcticScavengersGame()
