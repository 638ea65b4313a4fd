"""A greedy bot for every game that has one: each game's built-in `greedy` strategy.

Run it against a referee:  python bots/greedy_bot.py --address 127.0.0.1:50051 --name greedy
Games without a greedy strategy are not announced in the Hello, so the server never seats it
in them.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import threading

from arena.bot import bot_flags, run_bot
from arena.core.players import DecisionRequest, Policy, Reply
from arena.core.registry import list_games
from arena.errors import ConfigError
from arena.match.strategies import make_policy, strategies_for


def greedy_games() -> list[str]:
    """The games whose built-in strategies include `greedy`."""
    return [g.name for g in list_games() if "greedy" in strategies_for(g.name)]


KEPT_MATCHES = 64  # policies kept for matches in play (older ones are dropped)


class GreedyByGame:
    """A policy that plays each match with its game's greedy strategy, made per match and
    seeded from (seed, match id): tournaments of this bot replay at any concurrency."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._policies: dict[str, Policy] = {}
        self._lock = threading.Lock()  # matches run in parallel worker threads

    def __call__(self, request: DecisionRequest) -> Reply:
        """Delegate to the greedy policy of request.game made for this match."""
        with self._lock:
            policy = self._policies.get(request.match_id)
            if policy is None:
                digest = hashlib.sha256(f"{self.seed}:{request.match_id}".encode()).digest()
                seed = int.from_bytes(digest[:4], "big")
                policy = self._policies[request.match_id] = make_policy(
                    request.game, "greedy", seed
                )
                if len(self._policies) > KEPT_MATCHES:
                    del self._policies[next(iter(self._policies))]
        return policy(request)


def main() -> None:
    """Parse the command line and run the bot."""
    # --address, --name, --token, --tls-ca, --allow-plaintext: run_bot's own flags
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], parents=[bot_flags()])
    parser.add_argument(
        "--seed",
        type=int,
        default=os.environ.get("ARENA_SEED") or "0",
        help="seed (default $ARENA_SEED, else 0); match tie-breaks derive from it and its id",
    )
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
        allow_plaintext=args.allow_plaintext,
        argv=(),  # parsed above
        games=games,
        max_matches=args.max_matches,
    )


if __name__ == "__main__":
    main()
