"""Game registry: one entry per game naming its parts; unknown names list the known ones.

An entry names each part by a lazy "module:attribute" path, so importing the registry costs
nothing and a part's module is imported only by whoever asks for that part (the web layer for
a board, the rpc layer for a wire conversion): the core never imports the outer layers.
Add a game by adding one entry to ENTRIES (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, Literal

from arena.core.game import Game
from arena.errors import UnknownGameError


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One game's parts, each a "module:attribute" path imported when first asked for."""

    name: str  # the registry name, e.g. "azul"
    engine: str  # the Game object
    wire: str | None  # its arena.core.view_wire.ViewWire; None: bots cannot play it remotely yet
    strategies: str  # its built-in bots, name -> factory(seed) -> Policy
    sampling: str  # resample(state, seat, rng): what `seat` cannot see, re-dealt
    board: str | None  # the web page's draw(scene) -> HTML; None: its text picture
    # its arena.core.compiled.CompiledEngine (None there when its core did not build); None: no core
    compiled: str | None = None
    # the machine-learning adapters' modules (arena.env, the `ml` extra): an observation
    # encoder (layout(n), fill(view, parts)) and an action table (moves(), max_decisions(n,
    # options)); None: no ML adapter for this game
    observations: str | None = None
    actions: str | None = None
    # what only a seat sees of its own holdings, drawn for a person playing it in the browser
    # (hand(view) -> HTML); None: the game hides nothing its board does not show that seat
    hand: str | None = None


ENTRIES: tuple[GameEntry, ...] = (
    GameEntry(
        name="lucky_numbers",
        engine="arena.games.lucky_numbers.game:GAME",
        wire="arena.games.lucky_numbers.wire:WIRE",
        strategies="arena.games.lucky_numbers.strategy:STRATEGIES",
        sampling="arena.games.lucky_numbers.sampling:resample",
        board="arena.web.boards.lucky_numbers:draw",
        compiled="arena.games.lucky_numbers.compiled:ENGINE",
        observations="arena.env.observations.lucky_numbers",
        actions="arena.env.actions.lucky_numbers",
    ),
    GameEntry(
        name="azul",
        engine="arena.games.azul.game:GAME",
        wire="arena.games.azul.wire:WIRE",
        strategies="arena.games.azul.strategy:STRATEGIES",
        sampling="arena.games.azul.sampling:resample",
        board="arena.web.boards.azul:draw",
        compiled="arena.games.azul.compiled:ENGINE",
        observations="arena.env.observations.azul",
        actions="arena.env.actions.azul",
    ),
    GameEntry(
        name="the_number",
        engine="arena.games.the_number.game:GAME",
        wire="arena.games.the_number.wire:WIRE",
        strategies="arena.games.the_number.strategy:STRATEGIES",
        sampling="arena.games.the_number.sampling:resample",
        board="arena.web.boards.the_number:draw",
        compiled="arena.games.the_number.compiled:ENGINE",
        observations="arena.env.observations.the_number",
        actions="arena.env.actions.the_number",
    ),
    GameEntry(
        name="arctic_scavengers",
        engine="arena.games.arctic_scavengers.game:GAME",
        wire="arena.games.arctic_scavengers.wire:WIRE",
        strategies="arena.games.arctic_scavengers.strategy:STRATEGIES",
        sampling="arena.games.arctic_scavengers.sampling:resample",
        board="arena.web.boards.arctic_scavengers:draw",
        compiled="arena.games.arctic_scavengers.compiled:ENGINE",
        observations="arena.env.observations.arctic_scavengers",
        actions="arena.env.actions.arctic_scavengers",
        hand="arena.web.boards.arctic_scavengers:hand",
    ),
    GameEntry(
        name="hypnosia",
        engine="arena.games.hypnosia.game:GAME",
        wire="arena.games.hypnosia.wire:WIRE",
        strategies="arena.games.hypnosia.strategy:STRATEGIES",
        sampling="arena.games.hypnosia.sampling:resample",
        board="arena.web.boards.hypnosia:draw",
        compiled="arena.games.hypnosia.compiled:ENGINE",
        observations="arena.env.observations.hypnosia",
        actions="arena.env.actions.hypnosia",
    ),
    GameEntry(
        name="epizodiak",
        engine="arena.games.epizodiak.game:GAME",
        wire="arena.games.epizodiak.wire:WIRE",
        strategies="arena.games.epizodiak.strategy:STRATEGIES",
        sampling="arena.games.epizodiak.sampling:resample",
        board="arena.web.boards.epizodiak:draw",
        compiled="arena.games.epizodiak.compiled:ENGINE",
        observations="arena.env.observations.epizodiak",
        actions="arena.env.actions.epizodiak",
        hand="arena.web.boards.epizodiak:hand",
    ),
)

_BY_NAME: dict[str, GameEntry] = {e.name: e for e in ENTRIES}


def game_entry(name: str) -> GameEntry:
    """The entry registered under `name` (case, spaces and dashes tolerated)."""
    key = name.strip().lower().replace("-", "_")
    found = _BY_NAME.get(key)
    if found is None:
        raise UnknownGameError(f"unknown game {name!r} (known: {', '.join(sorted(_BY_NAME))})")
    return found


@cache
def load_part(path: str) -> Any:
    """The object a "module:attribute" path names, importing its module once."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@cache
def load_module(path: str) -> ModuleType:
    """The module an entry names by its whole path, imported once."""
    return importlib.import_module(path)


def adapter(name: str, kind: Literal["observations", "actions"]) -> ModuleType:
    """A game's machine-learning adapter module (arena.env); UnknownGameError for a game
    without one."""
    entry = game_entry(name)
    path = entry.observations if kind == "observations" else entry.actions
    if path is None:
        raise UnknownGameError(f"{entry.name} has no machine-learning {kind} adapter")
    return load_module(path)


def get_game(name: str) -> Game[Any, Any]:
    """The game registered under `name`; UnknownGameError lists the known names."""
    game: Game[Any, Any] = load_part(game_entry(name).engine)
    return game


def list_games() -> list[Game[Any, Any]]:
    """Every registered game, by name."""
    return [get_game(name) for name in sorted(_BY_NAME)]
