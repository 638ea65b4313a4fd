"""One running bot's streams on one worker (SessionRegistry): a stream of the same run is kept
beside the seated one and takes its seat when it ends, the bot leaves with its last stream, a new
run replaces them all, and a bot without an instance id is replaced as before."""

from __future__ import annotations

import asyncio

from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.sessions import BotSession, CloseKind
from arena.v1 import arena_pb2 as pb


async def _write(_message: pb.ServerMessage) -> None:
    return None


def hello(instance: str, token: str = "secret") -> pb.Hello:
    return pb.Hello(name="solo", token=token, games=["lucky_numbers"], instance_id=instance)


def registry() -> tuple[SessionRegistry, list[tuple[str, bool]]]:
    told: list[tuple[str, bool]] = []
    reg = SessionRegistry(["lucky_numbers"])
    reg.listeners.append(lambda name, connected: told.append((name, connected)))
    return reg, told


def test_a_sibling_waits_behind_the_seated_stream_and_the_bot_leaves_with_the_last():
    async def scenario() -> None:
        reg, told = registry()
        first = await reg.admit(hello("run-1"), _write)
        second = await reg.admit(hello("run-1"), _write)
        assert not first.closed and reg.get("solo") is first and reg.names() == ["solo"]
        assert reg.take_seat("solo", "m1") is first and reg.seats_local == 1
        await reg.remove(first, "the bot closed its stream")
        assert reg.get("solo") is second and told == [("solo", True)]  # still connected
        await reg.remove(second, "the bot closed its stream")
        assert reg.get("solo") is None and told == [("solo", True), ("solo", False)]

    asyncio.run(scenario())


def test_a_new_run_with_the_same_token_replaces_every_stream_of_the_old_one():
    async def scenario() -> None:
        reg, _told = registry()
        old = [await reg.admit(hello("run-1"), _write) for _ in range(2)]
        new = await reg.admit(hello("run-2"), _write)
        assert all(s.closed and s.close_kind is CloseKind.REPLACED for s in old)
        assert reg.get("solo") is new and not new.closed

    asyncio.run(scenario())


def test_without_an_instance_id_a_new_stream_replaces_the_old_one_as_before():
    async def scenario() -> None:
        reg, _told = registry()
        old: BotSession = await reg.admit(hello(""), _write)
        new = await reg.admit(hello(""), _write)
        assert old.closed and old.close_kind is CloseKind.REPLACED and reg.get("solo") is new

    asyncio.run(scenario())


def test_revocation_ends_the_siblings_too():
    async def scenario() -> None:
        reg, _told = registry()
        streams = [await reg.admit(hello("run-1"), _write) for _ in range(2)]
        reg.close_revoked(["solo"])
        assert all(s.closed and s.close_kind is CloseKind.REVOKED for s in streams)

    asyncio.run(scenario())
