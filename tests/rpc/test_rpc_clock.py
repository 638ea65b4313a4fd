"""What a bot learns of the clock (MatchStarted.clock) and the transport share of its decisions."""

from __future__ import annotations

import asyncio
import contextlib

import grpc

from arena.match.clock import Clock
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.remote_player import MAX_TRANSPORT_MS, RemotePlayer
from arena.rpc.server.sessions import SessionSettings
from arena.rpc.server.state import ServerConfig, ServerState
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

PING_S = 0.05  # pings this often, so the connection's round trip is known within the test


async def spy_bot(address: str, name: str, started: list[pb.MatchStarted]) -> None:
    """A bot on the bare stubs: records every MatchStarted, answers index 0 and every ping."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name=name, games=["lucky_numbers"], max_matches=4)
        await call.write(pb.BotMessage(hello=hello))
        while (message := await call.read()) is not grpc.aio.EOF:
            kind = message.WhichOneof("kind")
            if kind == "match_started":
                started.append(message.match_started)
            elif kind == "decision_request":
                decision = pb.Decision(request_id=message.decision_request.request_id, index=0)
                await call.write(pb.BotMessage(decision=decision))
            elif kind == "ping":
                await call.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))


async def with_spy(scenario, config: ServerConfig):
    """Run scenario(state, stub, started) on a fresh server with the spy bot connected."""
    state = ServerState(config)
    server, port = await create_server("127.0.0.1:0", state=state)
    address = f"127.0.0.1:{port}"
    started: list[pb.MatchStarted] = []
    bot = asyncio.create_task(spy_bot(address, "spy", started))
    try:
        await state.registry.wait_for("spy", 10)
        async with grpc.aio.insecure_channel(address) as channel:
            return await scenario(state, arena_pb2_grpc.ArenaServiceStub(channel), started)
    finally:
        bot.cancel()
        with contextlib.suppress(BaseException):
            await bot
        await stop_server(server, grace_s=0.1)


def play_request(**fields) -> pb.PlayMatchRequest:
    return pb.PlayMatchRequest(game="lucky_numbers", seed=4, bots=["spy", "spy"], **fields)


def test_match_started_carries_the_clock_of_the_match():
    async def scenario(state, stub, started):
        clock = pb.ClockSettings(per_move_ms=1500, bank_ms=700)
        record = await stub.PlayMatch(play_request(clock=clock, match_id="given"))
        first = list(started)
        await stub.PlayMatch(play_request(match_id="default"))  # the server's default clock
        return record, first, started[len(first) :]

    config = ServerConfig(clock=Clock(per_move_ms=900))
    record, given, default = asyncio.run(asyncio.wait_for(with_spy(scenario, config), 20))
    assert record.outcome.termination != pb.TERMINATION_TIMEOUT
    assert [(m.match_id, m.seat) for m in given] == [("given", 0), ("given", 1)]
    for message in given:
        assert message.clock.per_move_ms == 1500 and message.clock.bank_ms == 700
    assert len(default) == 2
    for message in default:
        assert message.clock.per_move_ms == 900
        assert not message.clock.HasField("bank_ms")  # no bank: unset, not 0


def test_an_unlimited_clock_leaves_match_started_clock_empty():
    async def scenario(state, stub, started):
        await stub.PlayMatch(play_request())
        return started

    started = asyncio.run(asyncio.wait_for(with_spy(scenario, ServerConfig()), 20))
    assert len(started) == 2
    assert all(not m.clock.HasField("per_move_ms") for m in started)


def test_decisions_record_the_connection_round_trip_as_transport():
    async def scenario(state, stub, started):
        session = state.registry.get("spy")
        while session.ping_rtt_ms == 0.0:  # the first pong measures the round trip
            await asyncio.sleep(PING_S / 2)
        player = RemotePlayer(state.registry, "spy")
        assert player.transport_ms == min(session.ping_rtt_ms, MAX_TRANSPORT_MS) > 0
        record = await stub.PlayMatch(play_request(clock=pb.ClockSettings(per_move_ms=2000)))
        return record

    config = ServerConfig(sessions=SessionSettings(ping_interval_s=PING_S))
    record = asyncio.run(asyncio.wait_for(with_spy(scenario, config), 20))
    assert record.outcome.termination in (pb.TERMINATION_NORMAL, pb.TERMINATION_TURN_CAP)
    assert record.moves and all(0 < m.transport_ms <= MAX_TRANSPORT_MS for m in record.moves)
