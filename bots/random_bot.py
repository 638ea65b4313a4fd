"""A first bot: plays a uniformly random legal move in any game.

Run it against a referee:  python bots/random_bot.py --address 127.0.0.1:50051 --name rando
(`arena play GAME --bot-cmd "python bots/random_bot.py"` starts one for you.)
"""

import argparse
import random

from arena.bot import run_bot


def choose(request):
    """Any legal move will do: answer with an index into the legal list."""
    return random.randrange(len(request.legal_moves))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address", help="referee host:port (default $ARENA_ADDRESS)")
    parser.add_argument("--name", help="bot name (default $ARENA_BOT_NAME)")
    parser.add_argument("--token", help="the bot's token (default $ARENA_TOKEN)")
    parser.add_argument("--tls-ca", help="CA file: connect with TLS (default $ARENA_TLS_CA)")
    parser.add_argument("--seed", type=int, help="seed for reproducible choices")
    parser.add_argument("--max-matches", type=int, default=4, help="matches played at once")
    args = parser.parse_args()
    random.seed(args.seed)
    run_bot(
        choose,
        address=args.address,
        name=args.name,
        token=args.token,
        tls_ca=args.tls_ca,
        max_matches=args.max_matches,
    )
