"""An in-process referee with bots connected, and what a watch test waits on."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import grpc

from arena.core.players import DecisionRequest
from arena.rpc.client.bot_client import BotConfig, run_until_stopped
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerConfig, ServerState
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc


@dataclass
class Gate:
    """Holds a bot's decisions from its `after`-th one on until opened (thread-safe)."""

    after: int
    opened: threading.Event = field(default_factory=threading.Event)
    calls: int = 0

    def wrap(self, policy: Callable[[DecisionRequest], Any]) -> Callable[[DecisionRequest], Any]:
        def decide(request: DecisionRequest) -> Any:
            self.calls += 1
            if self.calls > self.after:
                self.opened.wait(20)
            return policy(request)

        return decide


@asynccontextmanager
async def arena_with_bots(
    game: str, policies: dict[str, Any], config: ServerConfig | None = None, store: Any = None
) -> AsyncIterator[tuple[Any, Any]]:
    """An in-process referee server (with `store`, if given) and the given bots connected:
    (stub, server state)."""
    state = ServerState(config, store)
    server, port = await create_server("127.0.0.1:0", state=state)
    address = f"127.0.0.1:{port}"
    stop = asyncio.Event()
    bots = [
        asyncio.create_task(run_until_stopped(BotConfig(address, name, games=(game,)), p, stop))
        for name, p in policies.items()
    ]
    channel = grpc.aio.insecure_channel(address)
    try:
        while {s.name for s in state.registry.sessions()} != set(policies):
            await asyncio.sleep(0.01)
        yield arena_pb2_grpc.ArenaServiceStub(channel), state
    finally:
        stop.set()
        await asyncio.gather(*bots, return_exceptions=True)
        await channel.close()
        await stop_server(server)


async def collect(stub: Any, match_id: str, into: list[pb.MatchUpdate], **kw: Any) -> None:
    """Read a WatchMatch stream to its end into a list."""
    async for update in stub.WatchMatch(pb.WatchMatchRequest(match_id=match_id, **kw)):
        into.append(update)


async def until(check: Callable[[], bool], timeout_s: float = 20.0) -> None:
    """Wait (polling the loop) until `check()` holds."""
    async with asyncio.timeout(timeout_s):
        while not check():
            await asyncio.sleep(0.005)
