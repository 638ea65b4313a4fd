"""A bot author hosting many bots in one process gets them all connected (issue 40): each bot's
channel is a connection of its own, so the server's streams-per-connection limit (64) never
leaves a bot waiting silently, as 36 of 100 did when gRPC pooled their channels onto one."""

from __future__ import annotations

import asyncio
import time

import grpc
import serve_process

from arena.core.players import DecisionRequest, Reply
from arena.rpc.client.bot_client import BotConfig, run_connection_loop
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

BOTS = 100  # past the server's 64 streams per connection


def first_move(request: DecisionRequest) -> Reply:
    return request.legal_moves[0]


async def connected_names(address: str) -> set[str]:
    async with grpc.aio.insecure_channel(address) as channel:
        reply = await arena_pb2_grpc.ArenaServiceStub(channel).ListBots(
            pb.ListBotsRequest(), timeout=30
        )
        return {b.name for b in reply.bots}


def test_a_hundred_bots_in_one_process_all_connect() -> None:
    server, address = serve_process.start_serve()
    try:

        async def host() -> set[str]:
            stop = asyncio.Event()
            names = {f"many{i}" for i in range(BOTS)}
            loops = [
                asyncio.create_task(
                    run_connection_loop(BotConfig(address, name, games=("azul",)), first_move, stop)
                )
                for name in sorted(names)
            ]
            deadline = time.monotonic() + 120  # generous: a loaded machine is slow, not wrong
            seen: set[str] = set()
            while time.monotonic() < deadline and not names <= seen:
                await asyncio.sleep(0.5)
                seen = await connected_names(address)
                failed = [t for t in loops if t.done()]
                assert not failed, [t.exception() for t in failed][:3]
            stop.set()
            await asyncio.wait_for(asyncio.gather(*loops, return_exceptions=True), 60)
            return seen & names

        assert len(asyncio.run(host())) == BOTS
    finally:
        serve_process.kill(server)
