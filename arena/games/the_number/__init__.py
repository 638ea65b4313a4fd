"""The Number (BGA «Числа»): secret simultaneous three-digit numbers, 3-5 players.

Rules: docs/games/the_number.md. Modules: state (options, constants, state, setup), notation
(`write ddd`), rules (legal moves, a submission, the reveal, scoring, the result), view (what a
seat sees), render (the text picture), game (the Game object, `GAME`), wire (protobuf),
strategy (built-in bots), sampling (hidden numbers re-dealt), positions (literal positions).
"""

from arena.games.the_number.game import GAME, TheNumberGame
from arena.games.the_number.state import TheNumberOptions, TheNumberState

__all__ = ["GAME", "TheNumberGame", "TheNumberOptions", "TheNumberState"]
