"""Azul (Michael Kiesling, 2017) for 2-4 players, coloured or gray wall: `GAME`.

Rules: docs/games/azul.md. Modules: state (options, value types, wall tables, setup), notation
(move text tables), rounds (refills, tiling, floor, game end), rules (legal moves, play, the
result), view (what a seat sees), render (the text picture), game (the Game object, `GAME`),
wire (protobuf), strategy (built-in bots), sampling (the bag re-dealt), positions (literal
positions).
"""

from .game import GAME, AzulGame
from .state import AzulOptions, State

__all__ = ["GAME", "AzulGame", "AzulOptions", "State"]
