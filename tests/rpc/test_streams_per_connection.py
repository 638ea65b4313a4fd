"""A process that hosts many bots on one gRPC channel (one HTTP/2 connection) gets them all
connected once the server allows that many calls per connection (`arena serve
--max-streams-per-connection`, issue 40); the default (64) stays what a bot or a client needs."""

from __future__ import annotations

import asyncio

import grpc
import pytest
import serve_process

from arena.match.limits import DEFAULT_STREAMS_PER_CONNECTION
from arena.rpc.server.listen import server_options
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

BOTS = 150  # past the default 64 streams of one connection


async def welcomed(address: str, count: int) -> int:
    """How many of `count` bots, all on one channel, are welcomed (each holds its stream open
    until all have answered)."""
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.BotServiceStub(channel)
        calls = [stub.Connect() for _ in range(count)]

        async def hello(i: int, call: grpc.aio.StreamStreamCall) -> bool:
            hi = pb.Hello(name=f"host-{i}", games=["lucky_numbers"])
            await call.write(pb.BotMessage(hello=hi))
            reply = await call.read()
            return reply is not grpc.aio.EOF and reply.HasField("welcome")

        try:
            answers = await asyncio.wait_for(
                asyncio.gather(*(hello(i, c) for i, c in enumerate(calls))), timeout=120
            )
        finally:
            for call in calls:
                call.cancel()
        return sum(answers)


def test_many_bots_on_one_channel_connect_when_the_server_allows_as_many_streams() -> None:
    server, address = serve_process.start_serve("--max-streams-per-connection", "256")
    try:
        assert asyncio.run(welcomed(address, BOTS)) == BOTS
    finally:
        serve_process.kill(server)


def test_the_limit_is_the_servers_channel_option() -> None:
    assert ("grpc.max_concurrent_streams", DEFAULT_STREAMS_PER_CONNECTION) in server_options(1024)
    assert ("grpc.max_concurrent_streams", 500) in server_options(1024, max_streams=500)


@pytest.mark.parametrize("value", ["0", "100001"])
def test_a_limit_out_of_bounds_is_refused(value: str) -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "arena", "serve", "--max-streams-per-connection", value],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and "--max-streams-per-connection" in done.stderr
