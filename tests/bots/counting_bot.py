"""A stateful bot: it counts the matches its process has played, and the count picks its moves.

python tests/bots/counting_bot.py [--log PATH] [--crash-on N]

Its k-th match (counted from 1 by this process) plays legal move (k + d) mod n at its d-th
decision of the match, so the records show which matches one process played, in which order.
--log appends "PID K MATCH_ID" when a match starts; --crash-on N SIGKILLs the process at the
first decision of its N-th match (a restarted process counts from 1 again).
"""

import argparse
import os
import signal

from arena.bot import run_bot

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log")
    parser.add_argument("--crash-on", type=int, default=0)
    args = parser.parse_args()
    matches: dict[str, int] = {}  # match id -> its number in this process
    decisions: dict[str, int] = {}

    def choose(request):
        """The count's move."""
        if request.match_id not in matches:
            matches[request.match_id] = len(matches) + 1
            if args.log:
                with open(args.log, "a", encoding="utf-8") as out:
                    out.write(f"{os.getpid()} {len(matches)} {request.match_id}\n")
            if len(matches) == args.crash_on:
                os.kill(os.getpid(), signal.SIGKILL)
        decisions[request.match_id] = decisions.get(request.match_id, 0) + 1
        k, d = matches[request.match_id], decisions[request.match_id]
        return (k + d) % len(request.legal_moves)

    run_bot(choose, argv=())
