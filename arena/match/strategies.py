"""Built-in bot strategies by name, for in-process play: generic ones plus each game's own, and
a bot that plays each match with its game's strategy of one name (boss_bot.py, house bots)."""

from __future__ import annotations

import hashlib
import inspect
import threading
from collections.abc import Callable

from arena.core.players import DecisionRequest, Policy, Reply, first_move_policy, random_policy
from arena.core.registry import game_entry, list_games, load_part
from arena.errors import ConfigError

StrategyFactory = Callable[..., Policy]
"""Makes a fresh policy from a seed (None: unseeded): factory(seed). A search bot (a game's
"boss") also takes the keyword settings budget_ms and iterations (arena/search/__init__.py)."""

KEPT_MATCHES = 64  # a StrategyByGame's policies kept for matches in play (older ones are dropped)

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


def games_with(strategy: str) -> list[str]:
    """The games that have a built-in strategy of that name."""
    return [g.name for g in list_games() if strategy in strategies_for(g.name)]


def match_seed(seed: int, request: DecisionRequest) -> int:
    """The policy seed of one match: derived from the bot's seed and the server's bot seed for
    the seat (else the match id), so a tournament of the bot replays whatever order its matches
    run in and whatever match ids a replay gets."""
    own = request.bot_seed or request.match_id
    digest = hashlib.sha256(f"{seed}:{own}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class StrategyByGame:
    """A policy that plays each match with its game's built-in `strategy`, made on the match's
    first request (a bot over gRPC plays many games and matches with one policy)."""

    def __init__(
        self,
        strategy: str,
        *,
        seed: int = 0,
        budget_ms: int | None = None,
        iterations: int | None = None,
    ) -> None:
        self.strategy = strategy
        self.seed = seed
        self.budget_ms = budget_ms
        self.iterations = iterations
        self._policies: dict[str, Policy] = {}
        self._lock = threading.Lock()  # matches run in parallel worker threads

    def policy_for(self, request: DecisionRequest) -> Policy:
        """The strategy of request.game made for request.match_id (on its first request)."""
        with self._lock:
            policy = self._policies.get(request.match_id)
            if policy is None:
                policy = self._policies[request.match_id] = make_policy(
                    request.game,
                    self.strategy,
                    match_seed(self.seed, request),
                    budget_ms=self.budget_ms,
                    iterations=self.iterations,
                )
                if len(self._policies) > KEPT_MATCHES:
                    del self._policies[next(iter(self._policies))]
            return policy

    def __call__(self, request: DecisionRequest) -> Reply:
        """Answer with the match's policy."""
        return self.policy_for(request)(request)
