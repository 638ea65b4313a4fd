"""The referee's front door: refusals with the right status codes, health and reflection."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from arena.errors import (
    BotError,
    ConfigError,
    IllegalMoveError,
    TokenError,
    UnknownGameError,
    UnknownMatchError,
)
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerConfig, ServerState
from arena.rpc.wire.protocol import MAX_MESSAGE_BYTES
from arena.rpc.wire.status import status_for
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

CONNECT = "/arena.v1.BotService/Connect"


def with_server(test: Callable[[str], Awaitable[Any]], config: ServerConfig | None = None) -> Any:
    """Run `test(address)` against a fresh server on a free loopback port."""

    async def main() -> Any:
        server, port = await create_server("127.0.0.1:0", state=ServerState(config))
        try:
            return await asyncio.wait_for(test(f"127.0.0.1:{port}"), 20)
        finally:
            await stop_server(server, grace_s=0.1)

    return asyncio.run(main())


async def connect_raw(
    address: str, frames: list[bytes]
) -> tuple[grpc.StatusCode, str, list[bytes]]:
    """Send raw frames on Connect; the final status, its details and the frames received."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = channel.stream_stream(CONNECT)()  # no serializers: bytes in, bytes out
        for frame in frames:
            await call.write(frame)
        received = []
        try:
            while (message := await call.read()) is not grpc.aio.EOF:
                received.append(message)
                if len(received) == 1:
                    await call.done_writing()
        except grpc.aio.AioRpcError:
            pass
        return await call.code(), await call.details(), received


def hello(**fields: Any) -> bytes:
    """A serialized BotMessage carrying a Hello."""
    return pb.BotMessage(hello=pb.Hello(**fields)).SerializeToString()


def test_a_valid_hello_is_welcomed_with_the_games_the_bot_plays() -> None:
    code, _, frames = with_server(
        lambda a: connect_raw(a, [hello(name="ok", games=["lucky_numbers"])])
    )
    assert code == grpc.StatusCode.OK
    welcome = pb.ServerMessage.FromString(frames[0]).welcome
    assert list(welcome.games) == ["lucky_numbers"]
    assert welcome.protocol_version == 1
    assert welcome.max_message_bytes == MAX_MESSAGE_BYTES


@pytest.mark.parametrize(
    ("frames", "code", "words"),
    [
        ([b"\xff\xff\xff\xff"], grpc.StatusCode.INVALID_ARGUMENT, "not a BotMessage"),
        ([pb.BotMessage().SerializeToString()], grpc.StatusCode.FAILED_PRECONDITION, "Hello"),
        (
            [pb.BotMessage(decision=pb.Decision(request_id=1, index=0)).SerializeToString()],
            grpc.StatusCode.FAILED_PRECONDITION,
            "must be a Hello",
        ),
        ([hello(name="")], grpc.StatusCode.INVALID_ARGUMENT, "bot name"),
        ([hello(name="two\nlines")], grpc.StatusCode.INVALID_ARGUMENT, "bot name"),
        ([hello(name="b", max_matches=-1)], grpc.StatusCode.INVALID_ARGUMENT, "max_matches"),
        ([hello(name="b", protocol_version=2)], grpc.StatusCode.FAILED_PRECONDITION, "protocol"),
        ([hello(name="b", games=["chess"])], grpc.StatusCode.NOT_FOUND, "chess"),
        (
            [hello(name="b", token="x" * (MAX_MESSAGE_BYTES + 1))],
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "",
        ),
        ([hello(name="b"), b"\x08"], grpc.StatusCode.INVALID_ARGUMENT, "not a BotMessage"),
        (
            [hello(name="b"), hello(name="b")],
            grpc.StatusCode.FAILED_PRECONDITION,
            "only be the first",
        ),
    ],
    ids=[
        "garbage-bytes",
        "empty-message",
        "decision-before-hello",
        "empty-name",
        "bad-name",
        "negative-max-matches",
        "future-protocol",
        "unknown-game",
        "oversized",
        "garbage-later",
        "second-hello",
    ],
)
def test_a_bad_connection_is_refused_with_a_status(
    frames: list[bytes], code: grpc.StatusCode, words: str
) -> None:
    got, details, _ = with_server(lambda a: connect_raw(a, frames))
    assert got == code, details
    assert words in details


def test_a_bot_launched_with_a_token_must_present_it() -> None:
    state = ServerState()
    state.registry.expect("alice", "s3cret")

    async def main() -> tuple[grpc.StatusCode, grpc.StatusCode]:
        server, port = await create_server("127.0.0.1:0", state=state)
        address = f"127.0.0.1:{port}"
        try:
            wrong, _, _ = await connect_raw(address, [hello(name="alice", token="guess")])
            right, _, _ = await connect_raw(address, [hello(name="alice", token="s3cret")])
            return wrong, right
        finally:
            await stop_server(server, grace_s=0.1)

    assert asyncio.run(main()) == (grpc.StatusCode.UNAUTHENTICATED, grpc.StatusCode.OK)


def test_a_second_bot_cannot_take_a_connected_name() -> None:
    async def scenario(address: str) -> grpc.StatusCode:
        async with grpc.aio.insecure_channel(address) as channel:
            first = arena_pb2_grpc.BotServiceStub(channel).Connect()
            await first.write(pb.BotMessage(hello=pb.Hello(name="carol", token="one")))
            assert (await first.read()).WhichOneof("kind") == "welcome"
            code, _, _ = await connect_raw(address, [hello(name="carol", token="two")])
            first.cancel()
            return code

    assert with_server(scenario) == grpc.StatusCode.ALREADY_EXISTS


def test_play_match_errors_map_to_status_codes() -> None:
    async def scenario(address: str) -> list[grpc.StatusCode]:
        codes = []
        async with grpc.aio.insecure_channel(address) as channel:
            stub = arena_pb2_grpc.ArenaServiceStub(channel)
            requests = [
                pb.PlayMatchRequest(game="chess", bots=["a", "b"]),
                pb.PlayMatchRequest(game="lucky_numbers", bots=["a"]),
                pb.PlayMatchRequest(
                    game="lucky_numbers", bots=["a", "b"], options={"setup": "hard"}
                ),
                pb.PlayMatchRequest(game="lucky_numbers", bots=["a", "b"], seed=-1),
                pb.PlayMatchRequest(game="lucky_numbers", bots=["ghost", "ghost"]),
            ]
            for request in requests:
                with pytest.raises(grpc.aio.AioRpcError) as err:
                    await stub.PlayMatch(request)
                codes.append(err.value.code())
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.GetMatch(pb.GetMatchRequest(match_id="nope"))
            codes.append(err.value.code())
        return codes

    codes = with_server(scenario, ServerConfig(startup_timeout_s=0.2))
    assert codes == [
        grpc.StatusCode.NOT_FOUND,  # unknown game
        grpc.StatusCode.INVALID_ARGUMENT,  # one player
        grpc.StatusCode.INVALID_ARGUMENT,  # bad option value
        grpc.StatusCode.INVALID_ARGUMENT,  # negative seed
        grpc.StatusCode.UNAVAILABLE,  # bot never connected
        grpc.StatusCode.NOT_FOUND,  # no such match
    ]


def test_list_games_describes_lucky_numbers() -> None:
    async def scenario(address: str) -> pb.ListGamesResponse:
        async with grpc.aio.insecure_channel(address) as channel:
            return await arena_pb2_grpc.ArenaServiceStub(channel).ListGames(pb.ListGamesRequest())

    games = {g.name: g for g in with_server(scenario).games}
    lucky = games["lucky_numbers"]
    assert (lucky.min_players, lucky.max_players, lucky.view_field) == (2, 4, "lucky_numbers")
    options = {o.name: o for o in lucky.options}
    assert options["setup"].default == "easy"
    assert sorted(options["setup"].choices) == ["easy", "michael"]
    assert options["bruno"].default == "false"


def test_health_check_and_reflection_answer() -> None:
    async def scenario(address: str) -> tuple[int, list[str]]:
        async with grpc.aio.insecure_channel(address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            status = await health.Check(
                health_pb2.HealthCheckRequest(service="arena.v1.BotService")
            )
            reflect = reflection_pb2_grpc.ServerReflectionStub(channel)
            call = reflect.ServerReflectionInfo()
            await call.write(reflection_pb2.ServerReflectionRequest(list_services=""))
            answer = await call.read()
            await call.done_writing()
            return status.status, [s.name for s in answer.list_services_response.service]

    status, services = with_server(scenario)
    assert status == health_pb2.HealthCheckResponse.SERVING
    assert {"arena.v1.BotService", "arena.v1.ArenaService", "grpc.health.v1.Health"} <= set(
        services
    )


def test_reflection_serves_the_game_view_types() -> None:
    async def scenario(address: str) -> list[str]:
        async with grpc.aio.insecure_channel(address) as channel:
            call = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo()
            await call.write(
                reflection_pb2.ServerReflectionRequest(file_containing_symbol="arena.v1.GameView")
            )
            answer = await call.read()
            await call.done_writing()
            return [len(f) for f in answer.file_descriptor_response.file_descriptor_proto]

    assert len(with_server(scenario)) >= 2  # arena.proto and the game protos it imports


def test_one_table_maps_errors_to_status_codes() -> None:
    assert status_for(UnknownGameError("x")) == grpc.StatusCode.NOT_FOUND
    assert status_for(UnknownMatchError("x")) == grpc.StatusCode.NOT_FOUND
    assert status_for(IllegalMoveError("x")) == grpc.StatusCode.INVALID_ARGUMENT
    assert status_for(ConfigError("x")) == grpc.StatusCode.INVALID_ARGUMENT
    assert status_for(TokenError("x")) == grpc.StatusCode.UNAUTHENTICATED
    assert status_for(BotError("x")) == grpc.StatusCode.UNAVAILABLE
