"""A bot that keeps nothing between decisions: each choice is a function of the request alone
(the seat's bot seed, the view, the legal moves), so a match replayed after an interruption is
played move for move as the first time, even by the same process.

python tests/bots/stateless_bot.py --address HOST:PORT --name NAME
"""

import argparse
import hashlib
import json

from arena.bot import run_bot


def choose(request):
    """A legal move drawn from a hash of what was asked."""
    asked = json.dumps([request.bot_seed, request.view, request.legal_moves], sort_keys=True,
                       default=str)  # fmt: skip
    digest = hashlib.sha256(asked.encode()).digest()
    return int.from_bytes(digest[:8], "big") % len(request.legal_moves)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--address")
    parser.add_argument("--name")
    parser.add_argument("--seed", type=int, default=0, help="ignored: the server's seed is used")
    args = parser.parse_args()
    run_bot(choose, address=args.address, name=args.name, argv=())
