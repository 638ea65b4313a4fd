"""Lucky Numbers (Michael Schacht, BGA rules): the engine behind `GAME`.

Rules: docs/games/lucky_numbers.md. Modules: notation (cells, move tokens), grid (rule 2.1),
analysis (the packed grid analysis), state (options, state, setup), moves (legal move lists and
the fields a state derives), rules (turns, play, endings), refusals (why a move is refused),
scoring (results and tournament points), view (what a seat sees), render (the text
picture), game (the Game object, `GAME`), wire (protobuf), strategy (built-in bots), sampling
(the pot re-dealt), positions (literal positions from grid pictures).
"""

from arena.games.lucky_numbers.game import GAME, LuckyNumbersGame
from arena.games.lucky_numbers.state import LuckyNumbersOptions, LuckyNumbersState

__all__ = ["GAME", "LuckyNumbersGame", "LuckyNumbersOptions", "LuckyNumbersState"]
