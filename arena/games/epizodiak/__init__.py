"""Epizodiak (BGA `epizodiak`): three players, hidden hands and a shared clock-face dial."""

from arena.games.epizodiak.game import EpizodiakGame
from arena.games.epizodiak.model import EpizodiakOptions, State

GAME = EpizodiakGame()

__all__ = ["GAME", "EpizodiakGame", "EpizodiakOptions", "State"]
