"""Every watch stream ends with a status that says why (issue 40): a real `arena serve`, slow
bots in live tournaments, spectators on its matches (plain, delayed an hour, from now) and on
the tournament; then an organizer cancels one tournament and the server is stopped (SIGTERM)
during another.

A stream either shows its match's end and closes OK, or ends with CANCELLED ('... was cancelled
before its end') or UNAVAILABLE ('the server is shutting down'). Before, a cancelled match's
streams closed OK with no end shown, and at shutdown they did too, or (delayed ones) ended with
gRPC's own 'Cancelling all calls'; and a stream whose first write stalled never got a status at
all (the last test). Nothing of it is an error in the server's log.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import grpc
from serve_process import kill, start_serve, wait_for_bots
from watch_helpers import until

from arena.core.players import random_policy
from arena.rpc.client.bot_client import BotConfig, run_until_stopped
from arena.rpc.server.listen import create_server, stop_server
from arena.rpc.server.state import ServerConfig, ServerState
from arena.rpc.server.watching import WatchSettings
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
BOTS = ("w1", "w2", "w3", "w4")
OVER = (pb.TOURNAMENT_STATUS_INTERRUPTED, pb.TOURNAMENT_STATUS_ABANDONED)
BOUND_S = 60.0  # a bound against a hang only: nothing here is timed


@dataclass
class Ending:
    """How one watch stream ended."""

    what: str
    updates: int
    saw_end: bool
    code: grpc.StatusCode
    details: str


def slow_bots(address: str) -> list[subprocess.Popen[bytes]]:
    """First-legal-move bots that wait 100 ms a decision: their matches stay live."""
    bot = str(ROOT / "tests" / "bots" / "busy_bot.py")
    return [
        subprocess.Popen(
            [sys.executable, bot, "--sleep-ms", "100"],
            env={**os.environ, "ARENA_ADDRESS": address, "ARENA_BOT_NAME": name},
            stderr=subprocess.DEVNULL,
        )
        for name in BOTS
    ]


async def ending(what: str, call: grpc.aio.UnaryStreamCall, first: bool) -> Ending:
    """Read a stream to its end; `first`: an update came before (counted)."""
    updates, saw_end = int(first), False
    try:
        while (update := await asyncio.wait_for(call.read(), BOUND_S)) is not grpc.aio.EOF:
            updates += 1
            saw_end = saw_end or getattr(update, "kind", None) == pb.UPDATE_KIND_END
    except grpc.aio.AioRpcError as exc:
        return Ending(what, updates, saw_end, exc.code(), exc.details() or "")
    return Ending(what, updates, saw_end, grpc.StatusCode.OK, "")


async def open_streams(
    stub: arena_pb2_grpc.ArenaServiceStub, tid: int
) -> list[tuple[str, grpc.aio.UnaryStreamCall, bool]]:
    """Watch streams on the tournament's live matches and on the tournament, each open on the
    server (a first update, or for a delayed one its initial metadata) before returning."""
    tour = stub.WatchTournament(pb.WatchTournamentRequest(tournament_id=tid))
    live: list[str] = []
    while not live:  # its first update lists the matches played now (slow bots: some are)
        update = await asyncio.wait_for(tour.read(), BOUND_S)
        assert update is not grpc.aio.EOF
        live = list(update.live_matches)
    streams: list[tuple[str, grpc.aio.UnaryStreamCall, bool]] = [("tournament", tour, True)]
    for match_id in live:
        for label, request in (
            ("plain", pb.WatchMatchRequest(match_id=match_id)),
            ("from now", pb.WatchMatchRequest(match_id=match_id, from_now=True)),
            ("delayed", pb.WatchMatchRequest(match_id=match_id, delay_ms=3_600_000)),
        ):
            call = stub.WatchMatch(request)
            if label == "delayed":  # nothing comes for an hour; the stream is open though
                await asyncio.wait_for(call.initial_metadata(), BOUND_S)
                streams.append((f"{label} {match_id}", call, False))
            else:
                assert await asyncio.wait_for(call.read(), BOUND_S) is not grpc.aio.EOF
                streams.append((f"{label} {match_id}", call, True))
    return streams


async def create(stub: arena_pb2_grpc.ArenaServiceStub) -> int:
    request = pb.CreateTournamentRequest(
        game="lucky_numbers", bots=list(BOTS), cycles=20, concurrency=2
    )
    return (await stub.CreateTournament(request)).tournament_id


def test_watch_streams_say_why_they_end_on_cancel_and_on_shutdown() -> None:
    server, address = start_serve("--time-per-move", "5000")
    bots = slow_bots(address)
    try:
        wait_for_bots(address, set(BOTS), timeout_s=60)

        async def scenario() -> tuple[list[Ending], list[Ending], int]:
            async with grpc.aio.insecure_channel(address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                first = await create(stub)
                streams = await open_streams(stub, first)
                await stub.CancelTournament(pb.CancelTournamentRequest(tournament_id=first))
                cancelled = await asyncio.gather(*(ending(w, c, f) for w, c, f in streams))
                second = await create(stub)
                streams = await open_streams(stub, second)
                server.send_signal(signal.SIGTERM)
                stopped = await asyncio.gather(*(ending(w, c, f) for w, c, f in streams))
                return cancelled, stopped, len(streams)

        cancelled, stopped, opened = asyncio.run(scenario())
        assert server.wait(timeout=BOUND_S) == 0
        log = server.stderr.read()  # type: ignore[union-attr]  # a DrainedLog
        assert "Traceback" not in log and " ERROR " not in log, log[-2000:]
    finally:
        for process in bots:
            process.kill()
            process.wait()
        kill(server)

    assert opened >= 4  # the tournament and at least one live match's three streams
    for end in cancelled:
        if end.what == "tournament":  # it is over: its last update said so, and it closed
            assert end.code == grpc.StatusCode.OK, end
            continue
        if end.saw_end:  # the match ended before the cancel reached it: shown whole
            assert end.code == grpc.StatusCode.OK, end
        else:
            assert end.code == grpc.StatusCode.CANCELLED, end
            assert "was cancelled before its end" in end.details, end
    for end in stopped:
        if end.saw_end and end.what != "tournament":
            assert end.code == grpc.StatusCode.OK, end
        else:
            assert end.code == grpc.StatusCode.UNAVAILABLE, end
            assert end.details.startswith("the server is shutting down"), end


def test_a_stream_whose_first_write_stalls_still_ends_with_a_status() -> None:
    """A write deadline so short that writes (the first one too) outlast it: every stream is
    dropped as too slow, and each says so. Before, a stream dropped at its first write got no
    status (gRPC refused one that would have sent the initial metadata twice) and hung."""

    async def scenario() -> list[Ending]:
        settings = WatchSettings(send_timeout_s=1e-6)
        state = ServerState(ServerConfig(watch=settings))
        server, port = await create_server("127.0.0.1:0", state=state)
        address = f"127.0.0.1:{port}"
        stop = asyncio.Event()
        bots = [
            asyncio.create_task(
                run_until_stopped(BotConfig(address, n, games=("azul",)), random_policy(i), stop)
            )
            for i, n in enumerate(("a", "b"))
        ]
        try:
            await until(lambda: len(list(state.registry.sessions())) == 2)
            async with grpc.aio.insecure_channel(address) as channel:
                stub = arena_pb2_grpc.ArenaServiceStub(channel)
                request = pb.PlayMatchRequest(game="azul", seed=3, bots=["a", "b"], store=False)
                request.match_id = "s1"
                await stub.PlayMatch(request)
                calls = [stub.WatchMatch(pb.WatchMatchRequest(match_id="s1")) for _ in range(8)]
                return list(await asyncio.gather(*(ending("s1", c, False) for c in calls)))
        finally:
            stop.set()
            await asyncio.gather(*bots, return_exceptions=True)
            await stop_server(server)

    for end in asyncio.run(scenario()):
        # A write may also beat the deadline: then the whole replay came, with its end.
        if end.code != grpc.StatusCode.OK:
            assert end.code == grpc.StatusCode.RESOURCE_EXHAUSTED, end
            assert "this watcher does not read" in end.details, end
        else:
            assert end.saw_end, end
