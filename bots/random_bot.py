"""A first bot: plays a uniformly random legal move in any game.

Run it against a referee:  python bots/random_bot.py --address 127.0.0.1:50051 --name rando
(`arena play GAME --bot-cmd "python bots/random_bot.py"` starts one for you.)
"""

import argparse
import os
import random
import threading

from arena.bot import bot_flags, run_bot

KEPT_MATCHES = 64  # generators kept for matches in play (older ones are dropped)


def make_choose(seed):
    """A policy with one generator per match, seeded from (seed, the match's bot seed): a
    tournament of this bot replays move for move, whatever order its concurrent matches run
    in and whatever ids its matches get."""
    generators = {}
    lock = threading.Lock()  # matches run in parallel worker threads

    def choose(request):
        """Any legal move will do: answer with an index into the legal list."""
        with lock:
            rng = generators.get(request.match_id)
            if rng is None:
                # The server's seed for this seat (a replayed tournament gives the same), else
                # the match id (an older server sends none).
                own = request.bot_seed or request.match_id
                rng = generators[request.match_id] = random.Random(f"{seed}:{own}")
                if len(generators) > KEPT_MATCHES:
                    del generators[next(iter(generators))]
            return rng.randrange(len(request.legal_moves))

    return choose


if __name__ == "__main__":
    # --address, --name, --token, --tls-ca, --allow-plaintext: run_bot's own flags
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], parents=[bot_flags()])
    parser.add_argument(
        "--seed",
        type=int,
        default=os.environ.get("ARENA_SEED") or "0",
        help="seed (default $ARENA_SEED, else 0); each match's choices derive from it and the "
        "server's bot seed for the seat",
    )
    parser.add_argument("--max-matches", type=int, default=4, help="matches played at once")
    args = parser.parse_args()
    run_bot(
        make_choose(args.seed),
        address=args.address,
        name=args.name,
        token=args.token,
        tls_ca=args.tls_ca,
        allow_plaintext=args.allow_plaintext,
        argv=(),  # parsed above
        max_matches=args.max_matches,
    )
