"""Epizodiak (BGA `epizodiak`): three players, hidden hands and a shared clock-face dial.

Rules: docs/games/epizodiak.md. Modules: state (options, value types, dial geometry, setup),
notation (move tokens), moves (legal move lists), rounds (the deal, turn end, full dial, round
end), scoring (round points, totals, the final order), rules (legal moves, play, the result),
view (what a seat sees), render (the text picture), game (the Game object, `GAME`), wire
(protobuf), strategy (the greedy bot), sampling (hidden tiles re-dealt), positions (literal
positions for tests).
"""

from arena.games.epizodiak.game import GAME, EpizodiakGame
from arena.games.epizodiak.state import EpizodiakOptions, State

__all__ = ["GAME", "EpizodiakGame", "EpizodiakOptions", "State"]
