"""A game's boss levels as strategy factories (the factory contract of arena/search/__init__.py),
each importing the game's boss module only when a boss is made: boss.py builds on the game's
strategy module, which registers the levels."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping

from arena.core.players import Policy

Level = tuple[int | None, int | None]
"""A level's (iterations per decision, ms cap per decision); None: not set (the clock decides)."""


def boss_levels(module: str, levels: Mapping[str, Level]) -> dict[str, Callable[..., Policy]]:
    """One factory per level, for a game's STRATEGIES: `module`'s `make_boss` with the level's
    own work (`level_iterations`) and, where set, its time cap (`level_cap_ms`)."""

    def factory_of(level: Level) -> Callable[..., Policy]:
        level_iterations, level_cap_ms = level
        extra = {} if level_cap_ms is None else {"level_cap_ms": level_cap_ms}

        def factory(
            seed: int | None = None, *, budget_ms: int | None = None, iterations: int | None = None
        ) -> Policy:
            make_boss: Callable[..., Policy] = importlib.import_module(module).make_boss
            return make_boss(seed, budget_ms=budget_ms, iterations=iterations,
                             level_iterations=level_iterations, **extra)  # fmt: skip

        return factory

    return {name: factory_of(level) for name, level in levels.items()}
