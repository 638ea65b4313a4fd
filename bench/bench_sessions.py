"""Memory per bot session and per watch stream of a real `arena serve`, for the load model.

    .venv/bin/python bench/bench_sessions.py [--sessions 400] [--watchers 60] [--db URL]
                                             [--workers 1]

Opens --sessions bot streams (Hello, then answering pings: bots on the bare stubs, all in one
client process) and reads the server's resident memory (VmRSS, summed over its processes)
before and after; then --watchers WatchMatch streams on a live match (two of those bots play
it, answering each decision after 20 ms) and reads it again. Prints kB per session and per
watch stream. On PostgreSQL, --workers N spreads them over N workers.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import grpc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from arena.v1 import arena_pb2 as pb  # noqa: E402
from arena.v1 import arena_pb2_grpc  # noqa: E402

LISTENING = re.compile(r"referee listening on 127\.0\.0\.1:(\d+)")


def rss_kb(pid: int) -> int:
    """Resident memory of a process and its children (kB)."""
    total = 0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(p) for p in children.read_text().split()]
        for child in list(pids[1:]):  # the guard execs the worker: one level is enough
            more = Path(f"/proc/{child}/task/{child}/children")
            if more.exists():
                pids += [int(p) for p in more.read_text().split()]
    for each in pids:
        try:
            status = Path(f"/proc/{each}/status").read_text()
        except OSError:
            continue
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(found.group(1)) if found else 0
    return total


async def bot(address: str, name: str, think_s: float, ready: asyncio.Event) -> None:
    """One bot stream: Hello, then pongs and (after `think_s`) the first legal move."""
    # A connection of its own, as a bot process has (channels share one by default).
    own = [("grpc.use_local_subchannel_pool", 1)]
    async with grpc.aio.insecure_channel(address, options=own) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await call.write(pb.BotMessage(hello=pb.Hello(name=name, token=name, max_matches=4)))
        async for message in call:
            if message.HasField("welcome"):
                ready.set()
            elif message.HasField("decision_request"):
                await asyncio.sleep(think_s)
                rid = message.decision_request.request_id
                await call.write(pb.BotMessage(decision=pb.Decision(request_id=rid, index=0)))
            elif message.HasField("ping"):
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))


async def watch(stub: arena_pb2_grpc.ArenaServiceStub, match_id: str, first: asyncio.Event) -> None:
    """One spectator, reading every update."""
    async for _update in stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id)):
        first.set()


async def measure(address: str, pid: int, sessions: int, watchers: int) -> None:
    """Open the sessions, then the watch streams, printing memory after each."""
    await asyncio.sleep(1.0)
    base = rss_kb(pid)
    readies = [asyncio.Event() for _ in range(sessions)]
    bots = [asyncio.create_task(bot(address, f"s{i}", 0.02, readies[i])) for i in range(sessions)]
    await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 300)
    await asyncio.sleep(2.0)
    with_sessions = rss_kb(pid)
    per_session = (with_sessions - base) / sessions
    print(f"{sessions} bot sessions: {base / 1024:.0f} -> {with_sessions / 1024:.0f} MB, "
          f"{per_session:.0f} kB per session")  # fmt: skip
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        request = pb.PlayMatchRequest(game="lucky_numbers", bots=["s0", "s1"], seed=1,
                                      match_id="watched")  # fmt: skip
        playing = asyncio.ensure_future(stub.PlayMatch(request))
        await asyncio.sleep(2.0)
        firsts = [asyncio.Event() for _ in range(watchers)]
        spectators = [asyncio.create_task(watch(stub, "watched", f)) for f in firsts]
        await asyncio.wait_for(asyncio.gather(*(f.wait() for f in firsts)), 120)
        await asyncio.sleep(1.0)
        with_watchers = rss_kb(pid)
        per_watcher = (with_watchers - with_sessions) / watchers
        print(f"{watchers} watch streams of one live match: {with_watchers / 1024:.0f} MB, "
              f"{per_watcher:.0f} kB per stream")  # fmt: skip
        playing.cancel()
        for task in [*spectators, *bots]:
            task.cancel()
        await asyncio.gather(*spectators, *bots, playing, return_exceptions=True)


def main() -> None:
    """Start a server, measure, stop it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=400)
    parser.add_argument("--watchers", type=int, default=60)  # one address: at most 64
    parser.add_argument("--db", help="database (default: a fresh SQLite file)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "s.db")
        argv = [sys.executable, "-m", "arena", "serve", "--address", "127.0.0.1:0", "--db", db,
                "--workers", str(args.workers)]  # fmt: skip
        server = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert server.stderr is not None
        started = time.monotonic()
        for line in server.stderr:
            found = LISTENING.search(line)
            if found:
                break
            if time.monotonic() - started > 120:
                raise SystemExit("arena serve did not start")
        address = f"127.0.0.1:{found.group(1)}"
        drain = subprocess.Popen(["cat"], stdin=server.stderr, stdout=subprocess.DEVNULL)
        try:
            asyncio.run(measure(address, server.pid, args.sessions, args.watchers))
        finally:
            server.terminate()
            server.wait(20)
            drain.wait(5)


if __name__ == "__main__":
    main()
