"""The Number (BGA «Числа»): secret simultaneous three-digit numbers, 3-5 players."""

from arena.games.the_number.game import TheNumberGame
from arena.games.the_number.rules import TheNumberOptions, TheNumberState

GAME = TheNumberGame()

__all__ = ["GAME", "TheNumberGame", "TheNumberOptions", "TheNumberState"]
