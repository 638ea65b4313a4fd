"""Built-in bot strategies by name, for in-process play: generic ones plus each game's own."""

from __future__ import annotations

from collections.abc import Callable

from arena.errors import ConfigError
from arena.players import Policy, first_move_policy, random_policy
from arena.registry import game_entry, load_part

StrategyFactory = Callable[[int | None], Policy]
"""Makes a fresh policy from a seed (None: unseeded)."""

_GENERIC: dict[str, StrategyFactory] = {
    "random": random_policy,
    "first": lambda seed: first_move_policy,
}


def strategies_for(game_name: str) -> dict[str, StrategyFactory]:
    """Every built-in strategy that plays `game_name`: generic ones and the game's own."""
    own: dict[str, StrategyFactory] = load_part(game_entry(game_name).strategies)
    return {**_GENERIC, **own}


def make_policy(game_name: str, strategy: str, seed: int | None = None) -> Policy:
    """A fresh policy of the named strategy; ConfigError lists the known ones."""
    known = strategies_for(game_name)
    if strategy not in known:
        raise ConfigError(
            f"no built-in bot {strategy!r} for {game_name} (known: {', '.join(sorted(known))})"
        )
    return known[strategy](seed)
