"""The Python bot SDK: reconnection, clean shutdown, refusals, and liveness both ways."""

from __future__ import annotations

import asyncio
import logging
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import grpc
import pytest

from arena.core.players import Player
from arena.core.registry import get_game
from arena.core.values import Termination
from arena.match.referee import play_match
from arena.rpc.client.bot_client import BotConfig, run_until_stopped
from arena.rpc.embedded import EmbeddedReferee
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.sessions import SessionSettings
from arena.rpc.server.state import ServerConfig, ServerState
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = [sys.executable, str(ROOT / "bots" / "random_bot.py")]
FAST_PINGS = ServerConfig(sessions=SessionSettings(ping_interval_s=0.1, missed_pings=3))


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_bot_reconnects_after_the_server_restarts() -> None:
    address = f"127.0.0.1:{free_port()}"

    async def session_id_on_a_fresh_server() -> str:
        state = ServerState()
        server, _ = await create_server(address, state=state)
        try:
            return (await state.registry.wait_for("phoenix", 10)).session_id
        finally:
            await stop_server(server, grace_s=0.1)

    bot = subprocess.Popen(
        [*RANDOM_BOT, "--address", address, "--name", "phoenix"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        first = asyncio.run(session_id_on_a_fresh_server())
        second = asyncio.run(session_id_on_a_fresh_server())  # the first server is gone now
        assert first != second
        bot.send_signal(signal.SIGTERM)
        assert bot.wait(timeout=10) == 0
        log = bot.stderr.read() if bot.stderr else ""
        assert "retrying in" in log
        assert "bot phoenix shutting down" in log
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait()


def test_a_stop_that_ends_the_bot_between_connections_is_said(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # A stop seen by the connection loop first (the bot was waiting to retry) ends the loop
    # before run_until_stopped sees it: the bot must still say it is shutting down.
    config = BotConfig(address=f"127.0.0.1:{free_port()}", name="lull")

    async def scenario() -> None:
        stop = asyncio.Event()
        stop.set()
        await asyncio.wait_for(run_until_stopped(config, lambda request: 0, stop), 10)

    with caplog.at_level(logging.INFO, logger="arena.bot"):
        asyncio.run(scenario())
    assert "bot lull shutting down" in caplog.text


def test_sigterm_stops_a_bot_promptly_and_it_closes_its_stream_cleanly() -> None:
    async def scenario() -> tuple[int, float, str]:
        state = ServerState()
        server, port = await create_server("127.0.0.1:0", state=state)
        bot = subprocess.Popen([*RANDOM_BOT, "--address", f"127.0.0.1:{port}", "--name", "calm"])
        try:
            session = await state.registry.wait_for("calm", 10)
            started = time.monotonic()
            bot.send_signal(signal.SIGTERM)
            code = await asyncio.to_thread(bot.wait, 5)
            seconds = time.monotonic() - started
            await asyncio.wait_for(session.wait_closed(), 5)
            return code, seconds, session.close_reason
        finally:
            if bot.poll() is None:
                bot.kill()
            await stop_server(server, grace_s=0.1)

    code, seconds, reason = asyncio.run(scenario())
    assert code == 0
    assert seconds < 3
    assert reason == "the bot closed its stream"


def test_a_refused_bot_exits_with_the_reason_instead_of_retrying() -> None:
    async def scenario() -> subprocess.CompletedProcess[str]:
        state = ServerState()
        server, port = await create_server("127.0.0.1:0", state=state)
        try:
            command = [*RANDOM_BOT, "--address", f"127.0.0.1:{port}", "--name", "bad name\t"]
            return await asyncio.to_thread(
                subprocess.run, command, capture_output=True, text=True, timeout=20
            )
        finally:
            await stop_server(server, grace_s=0.1)

    done = asyncio.run(scenario())
    assert done.returncode == 1
    assert "error: 127.0.0.1:" in done.stderr and "refused bot 'bad name\\t'" in done.stderr
    assert "Traceback" not in done.stderr


async def silent_bot(referee: EmbeddedReferee) -> tuple[Player, grpc.aio.Channel]:
    """A raw client that says Hello, then never sends another byte (no pongs, no decisions)."""
    channel = grpc.aio.insecure_channel(referee.address)
    call = arena_pb2_grpc.BotServiceStub(channel).Connect()
    await call.write(pb.BotMessage(hello=pb.Hello(name="mute")))
    assert (await call.read()).WhichOneof("kind") == "welcome"
    return referee.player("mute"), channel


def test_a_bot_that_stops_answering_pings_is_disconnected() -> None:
    game = get_game("lucky_numbers")

    async def scenario() -> object:
        async with EmbeddedReferee(config=FAST_PINGS) as referee:
            await referee.launch("talker", " ".join(RANDOM_BOT))
            mute, channel = await silent_bot(referee)
            try:
                players = [referee.player("talker"), mute]  # no clock: only liveness can end it
                return await play_match(game, game.options_type(), 4, players)
            finally:
                await channel.close()

    record = asyncio.run(asyncio.wait_for(scenario(), 20))
    outcome = record.outcome  # type: ignore[attr-defined]
    assert outcome.termination == Termination.DISCONNECT
    assert outcome.offender == 1
    assert "ping timeout" in outcome.detail
    assert outcome.ranks == (1, 2)


def test_a_live_sdk_bot_keeps_its_connection_through_many_ping_intervals() -> None:
    async def scenario() -> tuple[str, str]:
        async with EmbeddedReferee(config=FAST_PINGS) as referee:
            await referee.launch("alive", " ".join(RANDOM_BOT))
            session = referee.state.registry.get("alive")
            assert session is not None
            await asyncio.sleep(1.0)  # ten ping intervals, three missed would close it
            still = referee.state.registry.get("alive")
            return session.session_id, still.session_id if still else ""

    first, later = asyncio.run(scenario())
    assert first == later


def test_list_bots_shows_the_measured_ping_round_trip() -> None:
    async def scenario() -> list[pb.BotInfo]:
        async with EmbeddedReferee(config=FAST_PINGS) as referee:
            await referee.launch("timed", " ".join(RANDOM_BOT))
            await asyncio.sleep(0.35)  # a few ping intervals
            async with grpc.aio.insecure_channel(referee.address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                return list((await stub.ListBots(pb.ListBotsRequest())).bots)

    (bot,) = asyncio.run(scenario())
    assert bot.name == "timed"
    assert bot.max_matches == 4 and bot.active_matches == 0
    assert 0 < bot.ping_rtt_ms < 1000
