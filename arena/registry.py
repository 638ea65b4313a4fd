"""Game registry: name -> Game. One line per game; unknown names list the known ones."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from arena.errors import UnknownGameError
from arena.game import Game

# name -> module that defines GAME. Add a game by adding one line here.
_GAMES: dict[str, str] = {
    "lucky_numbers": "arena.games.lucky_numbers",
    "azul": "arena.games.azul",
    "the_number": "arena.games.the_number",
}

_loaded: dict[str, Game[Any, Any]] = {}


def _available() -> list[str]:
    names = []
    for name, module in _GAMES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return sorted(names)


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under `name`; UnknownGameError lists the known names."""
    key = name.strip().lower().replace("-", "_")
    if key in _loaded:
        return _loaded[key]
    if key not in _GAMES or key not in _available():
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(_available())})")
    game: Game[Any, Any] = importlib.import_module(_GAMES[key]).GAME
    _loaded[key] = game
    return game


def list_games() -> list[Game[Any, Any]]:
    """Every registered game, by name."""
    return [get_game(name) for name in _available()]
