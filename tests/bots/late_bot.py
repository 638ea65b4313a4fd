"""A test bot slow to start (as one that loads a model): waits --delay-s, then plays move 0."""

import argparse
import time

from arena.bot import run_bot

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--delay-s", type=float, default=2.0)
    args = parser.parse_args()
    time.sleep(args.delay_s)
    run_bot(lambda request: 0, argv=())
