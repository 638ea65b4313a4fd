"""What spectators cost a match: in-process Lucky Numbers matches between random players.

    .venv/bin/python bench/bench_watch.py [--matches 40] [--watchers 50]

Prints matches per second and the referee's time per decision for: no watch hook at all; a
feed nobody watches (every match on a server has one); a feed with --watchers readers that keep
up; and one with --watchers stalled readers (queues never drained: each is dropped when its
queue overflows, and the match goes on).
"""

from __future__ import annotations

import argparse
import asyncio
import time

from arena.core.players import random_policy
from arena.games.lucky_numbers import GAME
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match
from arena.rpc.server.watching import MatchHeader, Watcher, WatchHub, WatchSettings

QUEUE = 64  # a stalled watcher is dropped after this many updates


async def run(matches: int, watchers: int, mode: str) -> tuple[float, int]:
    """Seconds for `matches` matches, and decisions played."""
    hub = WatchHub(WatchSettings(max_queued=QUEUE))
    decisions = 0
    started = time.perf_counter()
    for i in range(matches):
        players = [PolicyPlayer("a", random_policy(i)), PolicyPlayer("b", random_policy(-i))]
        sink = None
        readers: list[Watcher] = []
        if mode != "no hook":
            sink = hub.sink(MatchHeader(f"m{i}", GAME.name, {}, ("a", "b"), None), GAME)
            feed = hub.feed(f"m{i}")
            assert feed is not None
            count = watchers if mode != "unwatched" else 0
            readers = [Watcher(QUEUE if mode == "stalled" else 1 << 20) for _ in range(count)]
            for reader in readers:
                feed.subscribe(reader)
        record = await play_match(
            GAME, GAME.options_type(), i, players, match_id=f"m{i}", on_event=sink
        )
        decisions += len(record.moves)
        if mode == "reading":
            for reader in readers:  # drained after the match: the readers kept everything
                while not reader.queue.empty():
                    reader.queue.get_nowait()
    return time.perf_counter() - started, decisions


def main() -> None:
    """Print one line per mode."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--watchers", type=int, default=50)
    args = parser.parse_args()
    for mode in ("no hook", "unwatched", "reading", "stalled"):
        seconds, decisions = asyncio.run(run(args.matches, args.watchers, mode))
        watchers = args.watchers if mode in ("reading", "stalled") else 0
        print(
            f"{mode:>10} ({watchers:3d} watchers): {args.matches / seconds:7.1f} matches/s, "
            f"{seconds / decisions * 1e6:6.1f} us per decision ({decisions} decisions)"
        )


if __name__ == "__main__":
    main()
