"""The referee under load: a real `arena serve` process, bots over gRPC, figures printed.

    .venv/bin/python bench/bench_load.py [--forfeit-matches 300] [--rss-matches 5000]
                                         [--stored 100000]

1. Forfeits under reads: --forfeit-matches Azul matches with a 1 s clock (50 at once) between
   two random SDK bot processes, while a client repeats GetLeaderboard, GetTournament and
   ListMatches as fast as it can on a database holding --stored matches. Prints the matches
   lost on time (aim: 0), the reads served and their latency (p50, p99, max).
2. Memory: --rss-matches PlayMatch calls (32 at once) between two bots on the bare stubs in
   this process; the server's resident memory (VmRSS) after warm-up and at every tenth, and the
   growth after warm-up (aim: flat within 10 MB).
"""

from __future__ import annotations

import argparse
import asyncio
import random
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

PY = sys.executable


def serve(db: str) -> tuple[subprocess.Popen[str], str]:
    """`arena serve` on a free loopback port (open server: loopback, no credentials)."""
    server = subprocess.Popen(
        [PY, "-m", "arena", "serve", "--address", "127.0.0.1:0", "--db", db],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert server.stderr is not None
    line = server.stderr.readline()
    match = re.search(r"referee listening on 127\.0\.0\.1:(\d+)", line)
    if match is None:
        raise SystemExit(f"the server did not start: {line}")
    subprocess.Popen(["cat"], stdin=server.stderr, stdout=subprocess.DEVNULL)  # drain its log
    return server, f"127.0.0.1:{match.group(1)}"


def rss_mb(pid: int) -> float:
    """Resident memory of a process (MB), from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def fill(db: str, count: int) -> None:
    """A database with about `count` stored and rated matches (bench_leaderboard's bulk rows)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_leaderboard import fill as fill_rows  # type: ignore[import-not-found]

    from arena.store import Store

    with Store.open(db) as store:
        fill_rows(store, count, 20, random.Random(1))
        store.rebuild_ladder()


async def wait_bots(stub: arena_pb2_grpc.ArenaServiceStub, names: set[str]) -> None:
    for _ in range(300):
        if names <= {b.name for b in (await stub.ListBots(pb.ListBotsRequest())).bots}:
            return
        await asyncio.sleep(0.1)
    raise SystemExit(f"bots {names} did not connect")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def forfeits_under_reads(address: str, matches: int) -> None:
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        await wait_bots(stub, {"r1", "r2"})
        stop = asyncio.Event()
        latencies: list[float] = []

        async def reader() -> None:
            calls = (
                lambda: stub.GetLeaderboard(pb.GetLeaderboardRequest(game="lucky_numbers")),
                lambda: stub.ListMatches(pb.ListMatchesRequest(page_size=500)),
                lambda: stub.GetLeaderboard(pb.GetLeaderboardRequest(game="azul")),
            )
            k = 0
            while not stop.is_set():
                started = time.perf_counter()
                await calls[k % len(calls)]()
                latencies.append((time.perf_counter() - started) * 1000)
                k += 1

        readers = [asyncio.create_task(reader()) for _ in range(2)]
        limit = asyncio.Semaphore(50)
        clock = pb.ClockSettings(per_move_ms=1000)

        async def one(seed: int) -> pb.MatchRecord:
            async with limit:
                request = pb.PlayMatchRequest(
                    game="azul", seed=seed, bots=["r1", "r2"], clock=clock, store=False
                )
                return await stub.PlayMatch(request)

        started = time.perf_counter()
        records = await asyncio.gather(*(one(s) for s in range(matches)))
        elapsed = time.perf_counter() - started
        stop.set()
        await asyncio.gather(*readers)
    timeouts = sum(r.outcome.termination == pb.TERMINATION_TIMEOUT for r in records)
    faults = sum(r.outcome.HasField("offender") for r in records)
    print(f"  {matches} matches (1 s clock, 50 at once) in {elapsed:.1f} s: "
          f"{timeouts} lost on time, {faults} faults in all")  # fmt: skip
    print(f"  {len(latencies)} reads meanwhile: p50 {pct(latencies, 0.5):.1f} ms, "
          f"p99 {pct(latencies, 0.99):.1f} ms, max {max(latencies):.1f} ms")  # fmt: skip


async def stub_bot(address: str, name: str) -> None:
    """A bot on the bare stubs that answers index 0 at once (the server's cost only)."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await call.write(pb.BotMessage(hello=pb.Hello(name=name, token=name, max_matches=64)))
        async for message in call:
            kind = message.WhichOneof("kind")
            if kind == "decision_request":
                decision = pb.Decision(request_id=message.decision_request.request_id, index=0)
                await call.write(pb.BotMessage(decision=decision))
            elif kind == "ping":
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))


async def memory_over_matches(address: str, pid: int, matches: int) -> None:
    bots = [asyncio.create_task(stub_bot(address, n)) for n in ("s1", "s2")]
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        await wait_bots(stub, {"s1", "s2"})
        limit = asyncio.Semaphore(32)
        done = 0
        samples: list[tuple[int, float]] = []
        step = max(1, matches // 10)

        async def one(seed: int) -> None:
            nonlocal done
            async with limit:
                request = pb.PlayMatchRequest(game="azul", seed=seed, bots=["s1", "s2"])
                await stub.PlayMatch(request)
            done += 1
            if done % step == 0:
                samples.append((done, rss_mb(pid)))

        started = time.perf_counter()
        await asyncio.gather(*(one(s) for s in range(matches)))
        elapsed = time.perf_counter() - started
    for bot in bots:
        bot.cancel()
    warm = samples[0][1]
    print(f"  {matches} PlayMatch (stored, 32 at once) in {elapsed:.1f} s; server RSS (MB): "
          + ", ".join(f"{n}: {mb:.1f}" for n, mb in samples))  # fmt: skip
    print(f"  growth after warm-up ({samples[0][0]} matches): {samples[-1][1] - warm:+.1f} MB; "
          f"max {max(mb for _, mb in samples) - warm:+.1f} MB")  # fmt: skip


def main() -> None:
    """Run both parts and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--forfeit-matches", type=int, default=300)
    parser.add_argument("--rss-matches", type=int, default=5000)
    parser.add_argument("--stored", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "load.db")
        started = time.perf_counter()
        fill(db, args.stored)
        took = time.perf_counter() - started
        print(f"database with {args.stored} stored matches in {took:.1f} s")
        server, address = serve(db)
        bots = [
            subprocess.Popen(
                [
                    PY,
                    str(ROOT / "bots" / "random_bot.py"),
                    "--address",
                    address,
                    "--name",
                    name,
                    "--seed",
                    str(i),
                    "--max-matches",
                    "64",
                ],
                stderr=subprocess.DEVNULL,
            )  # fmt: skip
            for i, name in enumerate(("r1", "r2"))
        ]
        try:
            print("1. time forfeits while ladder reads repeat")
            asyncio.run(forfeits_under_reads(address, args.forfeit_matches))
            print("2. server memory across PlayMatch")
            asyncio.run(memory_over_matches(address, server.pid, args.rss_matches))
        finally:
            for process in [*bots, server]:
                process.terminate()
                process.wait()


if __name__ == "__main__":
    main()
