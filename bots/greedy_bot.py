"""A greedy bot for every game that has one: each game's built-in `greedy` strategy.

Run it against a referee:  python bots/greedy_bot.py --address 127.0.0.1:50051 --name greedy
Games without a greedy strategy are not announced in the Hello, so the server never seats it
in them.
"""

from __future__ import annotations

import argparse
import threading

from arena.bot import run_bot
from arena.errors import ConfigError
from arena.players import DecisionRequest, Policy, Reply
from arena.registry import list_games
from arena.strategies import make_policy, strategies_for


def greedy_games() -> list[str]:
    """The games whose built-in strategies include `greedy`."""
    return [g.name for g in list_games() if "greedy" in strategies_for(g.name)]


class GreedyByGame:
    """A policy that picks each request's game's greedy strategy (made once per game)."""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._policies: dict[str, Policy] = {}
        self._lock = threading.Lock()  # matches run in parallel worker threads

    def __call__(self, request: DecisionRequest) -> Reply:
        """Delegate to the greedy policy of request.game."""
        with self._lock:
            policy = self._policies.get(request.game)
            if policy is None:
                policy = self._policies[request.game] = make_policy(
                    request.game, "greedy", self.seed
                )
        return policy(request)


def main() -> None:
    """Parse the command line and run the bot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", help="referee host:port (default $ARENA_ADDRESS)")
    parser.add_argument("--name", help="bot name (default $ARENA_BOT_NAME)")
    parser.add_argument("--token", help="the bot's token (default $ARENA_TOKEN)")
    parser.add_argument("--tls-ca", help="CA file: connect with TLS (default $ARENA_TLS_CA)")
    parser.add_argument("--seed", type=int, help="seed for the strategies' tie-breaks")
    parser.add_argument("--max-matches", type=int, default=4, help="matches played at once")
    args = parser.parse_args()
    games = greedy_games()
    if not games:
        raise ConfigError("no game has a greedy strategy")
    run_bot(
        GreedyByGame(args.seed),
        address=args.address,
        name=args.name,
        token=args.token,
        tls_ca=args.tls_ca,
        games=games,
        max_matches=args.max_matches,
    )


if __name__ == "__main__":
    main()
