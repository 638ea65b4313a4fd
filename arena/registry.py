"""Game registry: name -> Game. One line per game; unknown names list the known ones."""

from __future__ import annotations

import importlib
from typing import Any

from arena.errors import UnknownGameError
from arena.game import Game

# name -> module that defines GAME. Add a game by adding one line here.
_GAMES: dict[str, str] = {
    "lucky_numbers": "arena.games.lucky_numbers",
    "azul": "arena.games.azul",
    "the_number": "arena.games.the_number",
    "arctic_scavengers": "arena.games.arctic_scavengers",
    "hypnosia": "arena.games.hypnosia",
    "epizodiak": "arena.games.epizodiak",
}

_loaded: dict[str, Game[Any, Any]] = {}


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under `name`; UnknownGameError lists the known names."""
    key = name.strip().lower().replace("-", "_")
    if key in _loaded:
        return _loaded[key]
    if key not in _GAMES:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(sorted(_GAMES))})")
    game: Game[Any, Any] = importlib.import_module(_GAMES[key]).GAME
    _loaded[key] = game
    return game


def list_games() -> list[Game[Any, Any]]:
    """Every registered game, by name."""
    return [get_game(name) for name in sorted(_GAMES)]
