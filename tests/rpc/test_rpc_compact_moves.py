"""Compact requests: a bot that derives The Number's legal moves from its view gets no list."""

from __future__ import annotations

import asyncio
import contextlib

import grpc

from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerState
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc


def moves_from_view(request: pb.DecisionRequest) -> list[str]:
    """The Number's rule (GameInfo.legal_moves_rule), as a bot in any language would code it."""
    crossed = set(request.view.the_number.players[request.seat].crossed)
    return [f"write {n:03d}" for n in range(1000) if not set(map(int, f"{n:03d}")) & crossed]


async def bot(address: str, name: str, compact: bool, seen: list[pb.DecisionRequest]) -> None:
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name=name, token=name, compact_legal_moves=compact)
        await call.write(pb.BotMessage(hello=hello))
        async for message in call:
            if message.HasField("decision_request"):
                request = message.decision_request
                seen.append(request)
                moves = list(request.legal_moves) or moves_from_view(request)
                decision = pb.Decision(request_id=request.request_id, move=moves[-1])
                await call.write(pb.BotMessage(decision=decision))


def test_a_compact_bot_plays_the_number_from_the_rule_and_requests_shrink() -> None:
    async def scenario():
        state = ServerState()
        server, port = await create_server("127.0.0.1:0", state=state)
        address = f"127.0.0.1:{port}"
        seen: dict[str, list[pb.DecisionRequest]] = {"lean": [], "full1": [], "full2": []}
        bots = [
            asyncio.ensure_future(bot(address, name, name == "lean", seen[name])) for name in seen
        ]
        try:
            for name in seen:
                await state.registry.wait_for(name, 10)
            async with grpc.aio.insecure_channel(address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                games = {g.name: g for g in (await stub.ListGames(pb.ListGamesRequest())).games}
                record = await stub.PlayMatch(
                    pb.PlayMatchRequest(game="the_number", seed=3, bots=list(seen))
                )
            return games, record, seen
        finally:
            for task in bots:
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
            await stop_server(server, grace_s=0.1)

    games, record, seen = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert "players[seat].crossed" in games["the_number"].legal_moves_rule
    assert games["azul"].legal_moves_rule == ""
    assert record.outcome.termination == pb.TERMINATION_NORMAL
    lean, full = seen["lean"], seen["full1"]
    assert lean and all(r.legal_moves_omitted and not r.legal_moves for r in lean)
    assert all(r.legal_move_count == len(moves_from_view(r)) for r in lean)
    assert all(list(r.legal_moves) == moves_from_view(r) for r in full)  # the rule is the list
    assert not any(r.legal_moves_omitted for r in full)
    lean_bytes = sum(r.ByteSize() for r in lean) / len(lean)
    full_bytes = sum(r.ByteSize() for r in full) / len(full)
    assert lean_bytes * 4 < full_bytes, (lean_bytes, full_bytes)  # about 306 B and 6,466 B
