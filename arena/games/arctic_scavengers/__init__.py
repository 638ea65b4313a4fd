"""Arctic Scavengers (Robert K. Gabhart, 2009), base game for 2-5 players: `GAME`."""

from .game import GAME, ArcticScavengersGame, ArcticScavengersOptions

__all__ = ["GAME", "ArcticScavengersGame", "ArcticScavengersOptions"]
