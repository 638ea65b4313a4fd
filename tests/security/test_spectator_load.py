"""Spectators no single client can crowd out (issue 25): 1,000 raw watch streams from one
address and 5,000 web viewers of one live match, while other spectators still get streams,
health answers fast and the watched match ends normally.

The crowd comes from other loopback addresses (127.0.0.x): a small TCP proxy gives the raw
watchers one address of their own, and the web viewers connect from 60 addresses, as many
clients behind a few networks would.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
from web_helpers import Served, arena_with_web, call

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

RAW_WATCHERS = 1000
WEB_VIEWERS = 5000
WEB_ADDRESSES = 60  # 84 viewers each, under the web app's 100 per address
PER_CLIENT = 64  # the server's default watch streams per client address
BOTS = ("slow1", "slow2", "slow3")


@contextlib.asynccontextmanager
async def proxy(target_port: int, source: str) -> AsyncIterator[int]:
    """A TCP proxy on 127.0.0.1 whose connections reach the server from `source`."""

    async def pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(ConnectionError, asyncio.CancelledError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(
            "127.0.0.1", target_port, local_addr=(source, 0)
        )
        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    async with server:
        yield server.sockets[0].getsockname()[1]


async def raw_watchers(
    port: int, match_id: str, n: int, channels: list[grpc.aio.Channel]
) -> tuple[int, int]:
    """n watch streams over the proxy that read one update each, then never again."""
    # A connection of its own per channel (gRPC would share one, at 64 streams a connection).
    own = [("grpc.use_local_subchannel_pool", 1)]
    channels += [
        grpc.aio.insecure_channel(f"127.0.0.1:{port}", options=own) for _ in range(n // 50 + 1)
    ]
    calls, refused, accepted = [], 0, 0
    for i in range(n):
        stub = arena_pb2_grpc.ArenaServiceStub(channels[i // 50])
        calls.append(stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id)))

    async def first(call: object) -> bool:
        try:
            await asyncio.wait_for(call.read(), 30)  # type: ignore[attr-defined]
            return True
        except grpc.aio.AioRpcError as exc:
            assert exc.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, exc
            return False

    for ok in await asyncio.gather(*(first(c) for c in calls)):
        accepted += ok
        refused += not ok
    return accepted, refused


async def web_viewer(host: str, port: int, path: str, source: str) -> tuple[int, bool]:
    """One SSE viewer: (events received, whether it saw the end)."""
    reader, writer = await asyncio.open_connection(host, port, local_addr=(source, 0))
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: arena\r\nAccept: text/event-stream\r\n\r\n".encode()
    )
    await writer.drain()
    events, ended = 0, False
    try:
        status = await asyncio.wait_for(reader.readline(), 60)
        assert b" 200 " in status, status
        while line := await asyncio.wait_for(reader.readline(), 120):
            if line.startswith(b"data: "):
                events += 1
            elif line.startswith(b"event: end"):
                ended = True
                break
    finally:
        writer.close()
    return events, ended


HEALTH_PROBE = """
import sys, time, grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
channel = grpc.insecure_channel(sys.argv[1])
health = health_pb2_grpc.HealthStub(channel)
health.Check(health_pb2.HealthCheckRequest(), timeout=10)  # connected before timing
print("ready", flush=True)
times = []
while True:
    started = time.monotonic()
    health.Check(health_pb2.HealthCheckRequest(), timeout=10)
    times.append(time.monotonic() - started)
    time.sleep(0.05)
    if len(times) % 10 == 0:
        print(" ".join(f"{t:.4f}" for t in times[-10:]), flush=True)
"""


class HealthProbe:
    """Health checks every 50 ms from a process of its own: the crowd's client load in this
    process must not be counted as the server's latency."""

    def __init__(self, address: str) -> None:
        import subprocess
        import sys

        self.process = subprocess.Popen(
            [sys.executable, "-c", HEALTH_PROBE, address], stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout is not None
        assert self.process.stdout.readline().strip() == "ready"

    def stop(self) -> list[float]:
        self.process.terminate()
        out, _ = self.process.communicate(timeout=30)
        return [float(t) for line in out.splitlines() for t in line.split()]


async def honest_watchers(address: str, match_id: str, n: int) -> list[int]:
    """n spectators from 127.0.0.1: each must get a stream and follow the match."""

    async def one() -> int:
        async with grpc.aio.insecure_channel(address) as channel:
            stream = arena_pb2_grpc.ArenaServiceStub(channel).WatchMatch(
                pb.WatchMatchRequest(match_id=match_id)
            )
            seen = 0
            async for _update in stream:
                seen += 1
                if seen >= 3:
                    return seen
            return seen

    return await asyncio.gather(*(one() for _ in range(n)))


def test_one_crowd_never_locks_out_the_other_spectators(tmp_path: Path) -> None:
    hold = tmp_path / "hold"  # while it exists the bots do not move: the match stays live
    hold.touch()
    with arena_with_web(tmp_path / "load.db") as served:
        # The Number: three bots deciding at once, 3 rounds of 5 public turns, 10 s or more
        for i, name in enumerate(BOTS):
            served.bot(
                "tests/bots/slow_bot.py", name, "--think-ms", "600", "--seed", str(i),
                "--hold-while", str(hold),
            )  # fmt: skip
        served.wait_for_bots(set(BOTS))
        # 6,000 clients on a 2-core machine: minutes when other work shares it
        asyncio.run(asyncio.wait_for(_crowd(served, hold), 400))


async def _crowd(served: Served, hold: Path) -> None:
    loop = asyncio.get_running_loop()
    # a clock long enough for the held first decision (the bots wait at most 120 s a move)
    clock = pb.ClockSettings(per_move_ms=150_000)
    play = pb.PlayMatchRequest(
        game="the_number", seed=7, bots=list(BOTS), match_id="watched", clock=clock
    )
    match = loop.run_in_executor(None, lambda: call(served.address, "PlayMatch", play, 300))
    await asyncio.sleep(1.0)  # under way
    port = int(served.address.rsplit(":", 1)[1])
    web_host, web_port = served.web.removeprefix("http://").split(":")
    health = HealthProbe(served.address)
    channels: list[grpc.aio.Channel] = []
    async with proxy(port, "127.0.0.2") as proxy_port:
        accepted, refused = await raw_watchers(proxy_port, "watched", RAW_WATCHERS, channels)
        hold.unlink()  # counted while the match was surely live: now let it be played
        assert accepted <= PER_CLIENT and refused >= RAW_WATCHERS - PER_CLIENT
        viewers = [
            web_viewer(
                web_host,
                int(web_port),
                "/matches/watched/events",
                f"127.0.0.{10 + i % WEB_ADDRESSES}",
            )  # fmt: skip
            for i in range(WEB_VIEWERS)
        ]
        web = asyncio.gather(*viewers)
        assert min(await honest_watchers(served.address, "watched", 5)) >= 3
        results = await web
        times = sorted(health.stop())
        record = await match
        for channel in channels:
            await channel.close()
    assert all(events >= 1 and ended for events, ended in results)
    assert record.outcome.termination == pb.TERMINATION_NORMAL
    # every health check was answered within its 10 s deadline while the crowd pressed (how fast
    # is a benchmark's business: bench/bench_watch.py); the probe kept checking all along
    assert len(times) >= 10, times
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"health checks during the crowd: {len(times)}, p99 {p99:.3f} s")
