"""No move text reveals a secret (issue 25): an Arctic Scavengers digger's `keep <card>` reaches
spectators as the game makes it public (`keep one`), live and replayed, and in the record of a
match whose tournament is not finished; over real gRPC against a real server process."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import grpc
from serve_process import kill, start_serve

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
SECRET = re.compile(r"^(keep|add|pay|draw|dig|hunt|trash) [A-Z]{3}\.\d")  # a card named by id


def bot(address: str, name: str, seed: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, str(ROOT / "bots" / "random_bot.py"), "--address", address,
           "--name", name, "--seed", str(seed)]  # fmt: skip
    return subprocess.Popen(cmd, stderr=subprocess.DEVNULL)


async def wait_bots(stub: arena_pb2_grpc.ArenaServiceStub, names: set[str]) -> None:
    deadline = time.monotonic() + 60
    while names - {b.name for b in (await stub.ListBots(pb.ListBotsRequest())).bots}:
        assert time.monotonic() < deadline, "bots did not connect"
        await asyncio.sleep(0.1)


def test_a_kept_card_is_never_named_to_spectators_or_in_an_unfinished_tournaments_record(
    tmp_path: Path,
) -> None:
    server, address = start_serve("--db", str(tmp_path / "p.db"), "--time-per-move", "2000")
    bots = [bot(address, "digger", 1), bot(address, "rival", 2)]

    async def scenario() -> tuple[list[str], list[str], pb.MatchRecord, pb.MatchRecord]:
        async with grpc.aio.insecure_channel(address) as channel:
            stub = arena_pb2_grpc.ArenaServiceStub(channel)
            await wait_bots(stub, {"digger", "rival"})
            play = pb.PlayMatchRequest(
                game="arctic_scavengers", seed=5, bots=["digger", "rival"], match_id="dig"
            )
            played = asyncio.ensure_future(stub.PlayMatch(play))
            await asyncio.sleep(0.3)  # under way: a live watcher catches up from its start
            watch = stub.WatchMatch(pb.WatchMatchRequest(match_id="dig"))
            live = [u.move.move async for u in watch if u.HasField("move")]
            record = await played
            replayed = [
                u.move.move
                async for u in stub.WatchMatch(pb.WatchMatchRequest(match_id="dig"))
                if u.HasField("move")
            ]
            # the same deal in a tournament being played: its finished matches' records
            create = pb.CreateTournamentRequest(
                game="arctic_scavengers", bots=["digger", "rival"], seed=5, cycles=3
            )
            tid = (await stub.CreateTournament(create)).tournament_id
            while True:
                t = await stub.GetTournament(pb.GetTournamentRequest(tournament_id=tid))
                if t.fixtures_done >= 1:
                    break
                await asyncio.sleep(0.05)
            first = await stub.GetMatch(pb.GetMatchRequest(match_id=f"t{tid}-0"))
            await stub.CancelTournament(pb.CancelTournamentRequest(tournament_id=tid))
            return live, replayed, record, first

    try:
        live, replayed, record, first = asyncio.run(asyncio.wait_for(scenario(), 240))
    finally:
        for process in [*bots, server]:
            kill(process)
    real = [m.move for m in record.moves]
    assert any(SECRET.match(m) for m in real)  # the digger really kept named cards
    for shown in (live, replayed):
        assert len(shown) == len(real) and not any(SECRET.match(m) for m in shown)
        assert "keep one" in shown
    assert first.seed_withheld and first.moves  # moves public, but as the public saw them
    assert not any(SECRET.match(m.move) for m in first.moves)
