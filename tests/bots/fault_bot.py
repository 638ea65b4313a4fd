"""A test bot that plays first moves, then misbehaves on purpose at its Nth decision.

    python tests/bots/fault_bot.py MODE --after N

MODE: sleepy  (sleeps --sleep-ms past any budget), garbage (answers a text that is no move),
      index (answers an index outside the legal list), error (its policy raises),
      suicide (SIGKILLs its own process mid-game).
"""

import argparse
import os
import signal
import time

from arena.bot import run_bot


def make_policy(mode: str, after: int, sleep_ms: int):
    """First legal move for `after` decisions, then the fault of `mode`."""
    seen = 0

    def policy(request):
        nonlocal seen
        seen += 1
        if seen <= after:
            return 0
        if mode == "sleepy":
            time.sleep(sleep_ms / 1000)
            return 0
        if mode == "garbage":
            return "xyzzy!! 42"
        if mode == "index":
            return len(request.legal_moves) + 7
        if mode == "error":
            raise RuntimeError("the policy fell over")
        if mode == "suicide":
            os.kill(os.getpid(), signal.SIGKILL)
        raise SystemExit(f"unknown mode {mode}")

    return policy


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["sleepy", "garbage", "index", "error", "suicide"])
    parser.add_argument("--after", type=int, default=3)
    parser.add_argument("--sleep-ms", type=int, default=1000)
    args = parser.parse_args()
    run_bot(make_policy(args.mode, args.after, args.sleep_ms), max_matches=2, argv=())
