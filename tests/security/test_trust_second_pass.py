"""Trust, second pass (issue 25), over real gRPC against real server processes, each beside a
canary match that must end normally: revocation bites at once, a secured server never turns
open, the embedded referee takes no organizer call from a seated bot, credential guessing is
slowed, and the web app answers an impossible id with a 404."""

from __future__ import annotations

import asyncio
import time
import urllib.error
import urllib.request
from pathlib import Path

import grpc
import pytest
from served_arena import (
    HONEST,
    Canary,
    Served,
    arena,
    connected,
    run,
    start_bot,
    start_serve,
    status_of,
    stop,
)

from arena.rpc.embedded import EmbeddedReferee
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

UNAUTH = grpc.StatusCode.UNAUTHENTICATED
DENIED = grpc.StatusCode.PERMISSION_DENIED
EXHAUSTED = grpc.StatusCode.RESOURCE_EXHAUSTED


def stub(channel: grpc.aio.Channel) -> arena_pb2_grpc.ArenaServiceStub:
    return arena_pb2_grpc.ArenaServiceStub(channel)


async def bots_now(address: str) -> set[str]:
    async with grpc.aio.insecure_channel(address) as channel:
        return {b.name for b in (await stub(channel).ListBots(pb.ListBotsRequest())).bots}


@pytest.fixture
def secured(tmp_path: Path):
    """A server of its own (these tests revoke credentials): honest bots plus a doomed one."""
    db = str(tmp_path / "trust.db")
    organizer = arena("organizer", "add", "org", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in (*HONEST, "doomed")}
    # every bot connects before a test starts: a PlayMatch naming a revoked one (refused as
    # absent) waits 2 s for it, not the default 15
    server, address = start_serve(db, "--time-per-move", "2000", "--startup-timeout", "2")
    bots = [start_bot(address, n, tokens[n], i) for i, n in enumerate((*HONEST, "doomed"))]
    try:
        run(connected(address, {*HONEST, "doomed"}))
        yield Served(address, db, organizer, tokens, server)
    finally:
        for process in [*bots, server]:
            stop(process)


def test_revoking_a_token_ends_its_live_session_at_once_and_nothing_else(secured: Served):
    async def scenario():
        async with Canary(secured, seed=3):
            arena("bot", "revoke", "doomed", db=secured.db)
            deadline = time.monotonic() + 5
            while "doomed" in await bots_now(secured.address):
                assert time.monotonic() < deadline, "the revoked bot stayed connected"
                await asyncio.sleep(0.05)
            async with grpc.aio.insecure_channel(secured.address) as channel:
                side = pb.PlayMatchRequest(game="azul", seed=1, bots=["doomed", "victim"])
                return await status_of(stub(channel).PlayMatch(side, metadata=secured.auth()))

    code, details = run(scenario())
    assert code == grpc.StatusCode.UNAVAILABLE and "doomed" in details  # never played
    assert {*HONEST} <= run(bots_now(secured.address))


def test_a_secured_server_stays_secured_when_its_last_credential_goes(secured: Served):
    for name in (*HONEST, "doomed"):
        arena("bot", "revoke", name, db=secured.db)
    arena("organizer", "revoke", "org", db=secured.db)
    time.sleep(2.5)  # past the server's credential cache and its revocation watch

    async def scenario():
        async with grpc.aio.insecure_channel(secured.address) as channel:
            arena_stub = stub(channel)
            play = pb.PlayMatchRequest(game="azul", seed=1, bots=["x", "y"])
            tokenless = await status_of(arena_stub.PlayMatch(play))
            create = pb.CreateTournamentRequest(game="azul", bots=["x", "y"])
            revoked = await status_of(arena_stub.CreateTournament(create, metadata=secured.auth()))
            stream = arena_pb2_grpc.BotServiceStub(channel).Connect()
            await stream.write(pb.BotMessage(hello=pb.Hello(name="stranger", games=["azul"])))
            try:
                async for _ in stream:
                    pass
                hello = None
            except grpc.aio.AioRpcError as exc:
                hello = exc.code()
            return tokenless, revoked, hello, await bots_now(secured.address)

    tokenless, revoked, hello, connected_now = run(scenario())
    assert tokenless[0] == UNAUTH and revoked[0] == UNAUTH and hello == UNAUTH
    assert connected_now == set()  # every session ended with its token
    listed = arena("tournament", "list", "-f", "json", db=secured.db)
    assert listed.strip() == "[]"  # nothing was created


def test_the_embedded_referee_takes_no_organizer_call_but_its_launchers() -> None:
    async def scenario():
        referee = EmbeddedReferee(startup_timeout_s=1.0)  # no bot ever connects: refused after 1 s
        address = await referee.start()
        try:
            async with grpc.aio.insecure_channel(address) as channel:
                side = pb.PlayMatchRequest(game="azul", seed=1, bots=["a", "b"])
                bare = await status_of(stub(channel).PlayMatch(side))
                as_bot = await status_of(
                    stub(channel).PlayMatch(side, metadata=(("authorization", "Bearer x"),))
                )
                launcher = (("authorization", f"Bearer {referee.launch_token}"),)
                try:  # the launcher may (no bot is connected: refused for that reason only)
                    await stub(channel).PlayMatch(side, metadata=launcher, timeout=30)
                    own = None
                except grpc.aio.AioRpcError as exc:
                    own = exc.code()
            return bare, as_bot, own
        finally:
            await referee.close()

    bare, as_bot, own = run(scenario())
    assert bare[0] == DENIED and as_bot[0] == DENIED and "launched it" in bare[1]
    assert own == grpc.StatusCode.UNAVAILABLE


def test_wrong_tokens_wait_longer_and_longer_but_a_right_one_never_waits(secured: Served):
    async def scenario():
        async with Canary(secured, seed=4), grpc.aio.insecure_channel(secured.address) as channel:
            arena_stub = stub(channel)
            ask = pb.CancelTournamentRequest(tournament_id=999)
            timings = []
            for i in range(5):
                started = time.monotonic()
                code, _ = await status_of(
                    arena_stub.CancelTournament(ask, metadata=secured.auth(f"arena_{i}"))
                )
                timings.append((code, time.monotonic() - started))
            flood = await asyncio.gather(
                *(
                    status_of(arena_stub.CancelTournament(ask, metadata=secured.auth("arena_f")))
                    for _ in range(40)
                )
            )
            started = time.monotonic()
            right = await status_of(arena_stub.CancelTournament(ask, metadata=secured.auth()))
            return timings, flood, right, time.monotonic() - started

    timings, flood, right, right_took = run(scenario())
    assert all(code == UNAUTH for code, _ in timings)
    assert timings[-1][1] > 4 * timings[0][1] and timings[-1][1] >= 0.7  # 0.05 s doubling
    codes = [code for code, _ in flood]
    assert codes.count(EXHAUSTED) >= 30  # refused unchecked: at most a few guesses per back-off
    assert right[0] == grpc.StatusCode.NOT_FOUND  # checked (no tournament 999), answered at once
    assert right_took < 0.5


def test_a_huge_id_in_a_web_url_is_a_404_not_a_500(tmp_path: Path) -> None:
    from web_helpers import arena_with_web

    with arena_with_web(tmp_path / "web.db") as served:
        for path in ("/tournaments/99999999999999999999999", "/tournaments/0",
                     "/tournaments/99999999999999999999999/events"):  # fmt: skip
            with pytest.raises(urllib.error.HTTPError) as info:
                urllib.request.urlopen(served.web + path, timeout=10)
            assert info.value.code == 404, path


def test_no_client_sends_a_token_in_clear_beyond_loopback(capsys) -> None:
    import subprocess

    from served_arena import PY, ROOT

    from arena.cli import main

    far = "192.0.2.1:50051"  # TEST-NET-1: never reached, and never loopback
    bot = subprocess.run(
        [PY, str(ROOT / "bots" / "random_bot.py"), "--address", far, "--name", "x",
         "--token", "arena_secret_token_for_the_test"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bot.returncode == 1 and "refusing to send a token in clear" in bot.stderr
    assert "--allow-plaintext" in bot.stderr and "arena_secret" not in bot.stderr
    with pytest.raises(SystemExit) as info:
        main(["tournament", "cancel", "1", "--server", far, "--token", "arena_x" * 5])
    assert info.value.code == 1
    assert "refusing to send a token in clear to 192.0.2.1:50051" in capsys.readouterr().err
