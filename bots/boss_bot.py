"""The boss bot: every game's built-in `boss` search strategy, as a process over gRPC.

Run it against a referee:  python bots/boss_bot.py --address 127.0.0.1:50051 --name boss
(`arena play azul --bot greedy --bot-cmd "python bots/boss_bot.py --level 1"` starts one.)
Games without a boss are not announced in the Hello, so the server never seats it in them.
`--level 1|2|3` picks a rung (fixed work per decision), the default is the strongest, which
thinks as long as the referee's clock allows; `--budget-ms` caps that time, `--iterations`
fixes the work for reproducible play.
"""

from __future__ import annotations

import argparse
import os

from arena.bot import bot_flags, run_bot
from arena.errors import ConfigError
from arena.match.strategies import StrategyByGame, games_with


def boss_games() -> list[str]:
    """The games whose built-in strategies include `boss`."""
    return games_with("boss")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def main() -> None:
    """Parse the command line and run the bot."""
    # --address, --name, --token, --tls-ca, --allow-plaintext: run_bot's own flags
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], parents=[bot_flags()])
    parser.add_argument(
        "--level",
        type=int,
        choices=(1, 2, 3),
        help="boss:1 to boss:3, fixed work per decision (default: boss, the clock's time)",
    )
    parser.add_argument(
        "--budget-ms", type=_positive, help="cap on thinking time per decision (ms)"
    )
    parser.add_argument(
        "--iterations", type=_positive, help="fixed work per decision (reproducible)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=int(os.environ.get("ARENA_SEED") or 0),
        help="seed ($ARENA_SEED, else 0); each match's seed derives from it and the match id",
    )
    parser.add_argument(
        "--max-matches", type=int, default=1, help="matches played at once (they share a core)"
    )
    args = parser.parse_args()
    games = boss_games()
    if not games:
        raise ConfigError("no game has a boss strategy")
    strategy = "boss" if args.level is None else f"boss:{args.level}"
    run_bot(
        StrategyByGame(
            strategy, seed=args.seed, budget_ms=args.budget_ms, iterations=args.iterations
        ),
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
