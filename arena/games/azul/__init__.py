"""Azul (Michael Kiesling, 2017) for 2-4 players, coloured or gray wall: `GAME`."""

from .game import GAME, AzulGame, AzulOptions

__all__ = ["GAME", "AzulGame", "AzulOptions"]
