"""A deterministic bot (always the first legal move) that spends time on every decision.

python tests/bots/busy_bot.py --busy-ms 20 --sleep-ms 0 --pid-file PATH
--busy-ms burns CPU (a search bot's cost, for bench/bench_cluster.py), --sleep-ms waits (a
long match to interrupt); --pid-file appends "PID PPID" when the process starts, so a test
can find the process, and its parent (the worker that launched it), and check it is gone.
"""

import argparse
import os
import time

from arena.bot import run_bot

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy-ms", type=float, default=0.0)
    parser.add_argument("--sleep-ms", type=float, default=0.0)
    parser.add_argument("--pid-file")
    args = parser.parse_args()
    if args.pid_file:
        with open(args.pid_file, "a", encoding="utf-8") as out:
            out.write(f"{os.getpid()} {os.getppid()}\n")

    def choose(request):
        """Burn, wait, then the first legal move."""
        until = time.perf_counter() + args.busy_ms / 1000
        while time.perf_counter() < until:
            pass
        time.sleep(args.sleep_ms / 1000)
        return 0

    run_bot(choose, argv=())
