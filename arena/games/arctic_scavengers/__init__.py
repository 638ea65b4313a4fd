"""Arctic Scavengers (Robert K. Gabhart, 2009), base game for 2-5 players: `GAME`.

Rules: docs/games/arctic_scavengers.md. Modules: cards (the card database and statistics),
state (options, zones, state, setup), notation (move tokens and their public text), rounds
(drawing, the order of gathering, game end), gathering (draw, dig and keep, hunt, hire,
trash), skirmish (declarations and the fight), rules (legal moves and play by phase, the
result), view (what a seat sees), render (the text picture), game (the Game object, `GAME`),
wire (protobuf), strategy (built-in bots), sampling (hidden cards re-dealt), positions
(literal positions for tests).
"""

from .game import GAME, ArcticScavengersGame
from .state import ArcticScavengersOptions, State

__all__ = ["GAME", "ArcticScavengersGame", "ArcticScavengersOptions", "State"]
