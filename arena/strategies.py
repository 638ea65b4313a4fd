"""Built-in bot strategies by name, for in-process play: generic ones plus each game's own."""

from __future__ import annotations

import inspect
from collections.abc import Callable

from arena.errors import ConfigError
from arena.players import Policy, first_move_policy, random_policy
from arena.registry import game_entry, load_part

StrategyFactory = Callable[..., Policy]
"""Makes a fresh policy from a seed (None: unseeded): factory(seed). A search bot (a game's
"boss") also takes the keyword settings budget_ms and iterations (arena/search/__init__.py)."""

_GENERIC: dict[str, StrategyFactory] = {
    "random": random_policy,
    "first": lambda seed: first_move_policy,
}


def strategies_for(game_name: str) -> dict[str, StrategyFactory]:
    """Every built-in strategy that plays `game_name`: generic ones and the game's own."""
    own: dict[str, StrategyFactory] = load_part(game_entry(game_name).strategies)
    return {**_GENERIC, **own}


def make_policy(
    game_name: str,
    strategy: str,
    seed: int | None = None,
    *,
    budget_ms: int | None = None,
    iterations: int | None = None,
) -> Policy:
    """A fresh policy of the named strategy, given the search settings that are not None;
    ConfigError lists the known strategies, or names a setting the strategy does not take."""
    known = strategies_for(game_name)
    if strategy not in known:
        raise ConfigError(
            f"no built-in bot {strategy!r} for {game_name} (known: {', '.join(sorted(known))})"
        )
    factory = known[strategy]
    settings = {
        name: value
        for name, value in (("budget_ms", budget_ms), ("iterations", iterations))
        if value is not None
    }
    if settings:
        try:
            inspect.signature(factory).bind(seed, **settings)
        except TypeError:
            raise ConfigError(
                f"built-in bot {strategy!r} of {game_name} takes no {', '.join(settings)} "
                "(only a search bot such as boss does)"
            ) from None
    return factory(seed, **settings)
