"""Hypnosia (Renaud Joseph & Adam Novotny) for 2-6 players: dice, stacks, bridges and the centre.

Spec: docs/games/hypnosia.md. The board layout is not published: board_data.py holds the
spec's labelled approximation as data. Modules: board_data (the layout table), board (lookup
tables built from it), notation (move tokens), state (options, state, setup), rules (dice, legal
moves, play, turns, endings, the result), view (what a seat sees), render (the text picture),
game (the Game object, `GAME`), wire (protobuf), strategy (the greedy bot), sampling (the
future dice re-drawn), positions (literal positions for tests).
"""

from .game import GAME, HypnosiaGame
from .state import HypnosiaOptions, State

__all__ = ["GAME", "HypnosiaGame", "HypnosiaOptions", "State"]
