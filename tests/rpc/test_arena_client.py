"""arena.client against a real `arena serve` with credentials and connected bot processes:
every RPC as a typed method over one channel, the blocking client, the errors the CLI shows,
and docs/client.md's examples run as they are written."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
import token_ledger
from serve_process import kill, start_serve

from arena.app.reports import in_fixture_order
from arena.client import ArenaClient, BotEntry, Remote, SyncArenaClient, TournamentRequest
from arena.errors import AuthenticationError, NotFoundError
from arena.rpc.client import arena_client
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BOTS = {"rand": "random_bot.py", "greedy": "greedy_bot.py"}  # the names docs/client.md uses
GAME = "lucky_numbers"


@dataclass(frozen=True)
class Shared:
    address: str
    organizer: str  # the organizer's token


def arena(*args: str, db: Path) -> str:
    """`arena ARGS --db DB` (must succeed): the token it issues."""
    done = subprocess.run(
        [PY, "-m", "arena", *args, "--db", str(db)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return token_ledger.issued(done.stdout).strip()


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shared]:
    db = tmp_path_factory.mktemp("client") / "ladder.db"
    organizer = arena("organizer", "add", "alice", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in BOTS}
    server, address = start_serve("--db", str(db), "--time-per-move", "2000")
    bots: list[subprocess.Popen[bytes]] = []
    try:
        for name, script in BOTS.items():
            cmd = [PY, str(ROOT / "bots" / script), "--address", address, "--name", name]
            env = {**os.environ, "ARENA_TOKEN": tokens[name]}
            bots.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL, env=env))
        with SyncArenaClient(Remote(address)) as reader:  # reads need no token
            for _ in range(300):
                if set(BOTS) <= {b.name for b in reader.list_bots()}:
                    break
                reader.run(asyncio.sleep(0.1))
            else:
                raise AssertionError("the bots did not connect")
        yield Shared(address, organizer)
    finally:
        for process in bots:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()
        kill(server)


@pytest.fixture
def channels(monkeypatch: pytest.MonkeyPatch) -> list[grpc.aio.Channel]:
    """Every channel an ArenaClient opens from now on."""
    opened: list[grpc.aio.Channel] = []
    real = arena_client.open_channel

    def counting(address: str, tls_ca: str | None = None) -> grpc.aio.Channel:
        opened.append(real(address, tls_ca))
        return opened[-1]

    monkeypatch.setattr(arena_client, "open_channel", counting)
    return opened


def request(cycles: int) -> TournamentRequest:
    return TournamentRequest(GAME, tuple(BotEntry(name) for name in BOTS), cycles=cycles)


def test_one_client_creates_follows_and_reads_a_tournament_over_one_channel(
    shared: Shared, channels: list[Any]
) -> None:
    async def scenario() -> None:
        async with ArenaClient(shared.address, token=shared.organizer) as client:
            assert GAME in {g.name for g in await client.list_games()}
            assert set(BOTS) <= {b.name for b in await client.list_bots()}
            created = await client.create_tournament(request(cycles=3))
            tid, fixtures = int(created.tournament_id), created.fixtures
            assert fixtures > 2  # so that pages of two are several

            updates = [u async for u in client.watch_tournament(tid)]
            assert updates[-1].report.summary.status == "finished" and not updates[-1].live_matches
            finished = [row.match_id for u in updates for row in u.finished]
            assert len(finished) == len(set(finished)) == fixtures  # each match once

            report = await client.get_tournament(tid, with_matches=True)
            assert report.summary.played == fixtures and report.summary.seed is not None
            assert {s.bot for s in report.standings} == set(BOTS)
            assert report.matches is not None and len(report.matches) == fixtures
            rows = [row async for row in client.list_matches(tournament_id=tid, page_size=2)]
            assert in_fixture_order(rows) == report.matches
            assert tid in {s.id for s in await client.list_tournaments()}

            game, ladder = await client.get_leaderboard(GAME)
            assert game == GAME and set(BOTS) <= {e.bot for e in ladder}
            game, changes = await client.get_rating_history(GAME, "greedy")
            assert len(changes) >= fixtures and changes[-1].match_id in finished
            stats = await client.get_stats(tournament_id=tid)
            assert {(d.bot, d.opponent) for d in stats.duels} >= {("greedy", "rand")}

            shown = await client.get_match(rows[0].match_id)
            assert shown.record.players == rows[0].players and not shown.seed_withheld
            frames = [u async for u in client.watch_match(rows[0].match_id)]
            assert frames[-1].kind == pb.UPDATE_KIND_END

            assert len(channels) == 1 and client._channel is channels[0]  # one for all calls
        assert client._channel is None  # closed by `async with`

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_the_blocking_client_cancels_resumes_and_deletes_on_one_loop(
    shared: Shared, channels: list[Any]
) -> None:
    with SyncArenaClient(shared.address, token=shared.organizer) as client:
        assert shared.organizer not in repr(client) and shared.organizer not in repr(client.aio)
        loop = client._runner.get_loop()
        tid = int(client.create_tournament(request(cycles=40)).tournament_id)
        stopped = client.cancel_tournament(tid)
        assert stopped.summary.status == "interrupted"
        assert client.resume_tournament(tid, 2).summary.id == tid
        for update in client.watch_tournament(tid):
            if update.finished:
                break  # leaving a stream early ends it; the client goes on
        assert client.cancel_tournament(tid).summary.status == "interrupted"
        rows = list(client.list_matches(tournament_id=tid, page_size=1))
        assert rows and all(r.tournament_id == tid for r in rows)
        deleted = client.delete_tournament(tid, force=True)
        assert deleted.matches == len(rows) and "ladder is recomputed" in deleted.ladder
        with pytest.raises(NotFoundError):
            client.get_tournament(tid)
        assert len(channels) == 1 and client._runner.get_loop() is loop
    client.close()  # twice is harmless
    with pytest.raises(RuntimeError):
        client.list_games()


def test_the_web_pages_client_gives_each_watch_a_channel_of_its_own(
    shared: Shared, channels: list[Any]
) -> None:
    async def scenario() -> None:
        client = ArenaClient(shared.address, token=shared.organizer, channel_per_stream=True)
        async with client:
            record = await client.play_match(GAME, list(BOTS), seed=5, match_id="web-5")
            assert record.players == tuple(BOTS) and len(channels) == 1

            async def frames() -> list[Any]:
                return [u async for u in client.watch_match(record.match_id)]

            both = await asyncio.gather(frames(), frames())
            assert both[0] == both[1] and both[0][-1].kind == pb.UPDATE_KIND_END
            assert len(channels) == 3  # the calls' channel, and one per watch
            assert client._channel is channels[0]

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_errors_are_the_arena_errors_the_cli_shows(shared: Shared) -> None:
    with SyncArenaClient(Remote(shared.address)) as client:
        with pytest.raises(NotFoundError) as unknown:
            client.get_tournament(987654)
        with pytest.raises(AuthenticationError):  # an organizer call without a token
            client.create_tournament(request(cycles=1))
    assert shared.address in str(unknown.value) and "987654" in str(unknown.value)
    shown = subprocess.run(
        [PY, "-m", "arena", "tournament", "show", "987654", "--server", shared.address],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert shown.returncode != 0 and str(unknown.value) in " ".join(shown.stderr.split())


def test_the_examples_of_docs_client_md_run(shared: Shared, tmp_path: Path) -> None:
    text = (ROOT / "docs" / "client.md").read_text()
    examples = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert len(examples) == 2
    env = {**os.environ, "ARENA_SERVER": shared.address, "ARENA_ORGANIZER_TOKEN": shared.organizer}
    outputs = []
    for code in examples:
        done = subprocess.run(
            [PY, "-c", code], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=180
        )
        assert done.returncode == 0, done.stderr[-3000:]
        token_ledger.printed("docs/client.md example", done.stdout + done.stderr)
        outputs.append(done.stdout)
    assert "finished" in outputs[0] and "1. " in outputs[0]
    (exported,) = tmp_path.glob("tournament-*.csv")
    assert len(exported.read_text().splitlines()) > 1


def test_importing_the_client_starts_no_server_code() -> None:
    code = "import sys, arena.client; print(sorted(m for m in sys.modules if 'arena.rpc.s' in m))"
    done = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "[]", done.stdout + done.stderr
