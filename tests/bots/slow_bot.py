"""A bot that thinks for a while before each random move: a match long enough to watch live.

python tests/bots/slow_bot.py --address HOST:PORT --name NAME --think-ms 150 --seed 1
"""

import argparse
import os
import random
import time

from arena.bot import run_bot

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address")
    parser.add_argument("--name")
    parser.add_argument("--think-ms", type=int, default=150)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--hold-while", help="a file: no move while it exists (at most 120 s a move)", default=""
    )
    parser.add_argument("--max-matches", type=int, default=1, help="matches played at once")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    def choose(request):
        """Wait, then any legal move."""
        time.sleep(args.think_ms / 1000)
        deadline = time.monotonic() + 120
        while args.hold_while and os.path.exists(args.hold_while) and time.monotonic() < deadline:
            time.sleep(0.05)  # the test holds the match live until it has measured what it must
        return rng.randrange(len(request.legal_moves))

    run_bot(choose, address=args.address, name=args.name, max_matches=args.max_matches, argv=())
