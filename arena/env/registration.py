"""Gymnasium ids for every game: `gymnasium.make("arena/Azul-v0", num_players=3)` makes
`ArenaGymEnv("azul", 3)` (any of its keyword arguments pass through).

`import arena.env` registers them: at once when Gymnasium is already imported, else the moment
it is (a one-shot import hook, so a bot that imports only `arena.env.bridge` still loads no
Gymnasium). `gymnasium.make("arena.env:arena/Azul-v0")` works in any order too.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from arena.core.game import options_to_dict
from arena.core.registry import adapter, list_games

NAMESPACE = "arena"
VERSION = 0
UNCAPPED = ("the_number",)  # always rounds x 5 turns: no engine cap to stand for


def env_id(game_name: str) -> str:
    """The Gymnasium id of a game: lucky_numbers -> arena/LuckyNumbers-v0."""
    camel = "".join(part.capitalize() for part in game_name.split("_"))
    return f"{NAMESPACE}/{camel}-v{VERSION}"


def max_episode_steps(game_name: str) -> int | None:
    """The engine's documented bound on a game's decisions, at its largest table and default
    options (the engine's own cap ends a game first; None for a game without a cap). A game
    lengthened by its options needs a larger `max_episode_steps` passed to make()."""
    if game_name in UNCAPPED:
        return None
    game = next(g for g in list_games() if g.name == game_name)
    defaults = options_to_dict(game.options_type())
    bound: int = adapter(game.name, "actions").max_decisions(game.max_players, defaults)
    return bound


def register_envs() -> list[str]:
    """Register every game with Gymnasium (again is a no-op); their ids."""
    import gymnasium

    ids = []
    for game in list_games():
        name = env_id(game.name)
        ids.append(name)
        if name in gymnasium.registry:
            continue
        gymnasium.register(
            id=name,
            entry_point="arena.env.gym:ArenaGymEnv",
            kwargs={"game": game.name},
            max_episode_steps=max_episode_steps(game.name),
        )
    return ids


class _RegisterWhenImported(importlib.abc.MetaPathFinder):
    """Finds nothing itself: when Gymnasium is first imported, registers the games right after
    its module has run, then leaves sys.meta_path."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != "gymnasium":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        loader: Any = spec.loader if spec is not None else None
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            try:
                register_envs()
            except Exception as e:  # never break the import of Gymnasium itself
                warnings.warn(f"arena.env could not register its Gymnasium ids: {e}", stacklevel=2)

        loader.exec_module = exec_module
        return spec


def register_on_import() -> None:
    """Register now if Gymnasium is imported, else as soon as it is."""
    if "gymnasium" in sys.modules:
        register_envs()
    elif not any(isinstance(f, _RegisterWhenImported) for f in sys.meta_path):
        sys.meta_path.insert(0, _RegisterWhenImported())
