"""`arena watch` and the read commands with --server, against a real `arena serve`: what they
print from the server is what the same commands print from its database."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_helpers import Served, arena_with_web, call

from arena.cli import main
from arena.v1 import arena_pb2 as pb

BOTS = ("w1", "w2", "w3")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Served, Path]]:
    """A server with a finished round robin of three random bots, and its database file."""
    db = Path(tmp_path_factory.mktemp("cli")) / "cli.db"
    with arena_with_web(db) as s:
        for i, name in enumerate(BOTS):
            s.bot("bots/random_bot.py", name, "--seed", str(i))
        s.wait_for_bots(set(BOTS))
        request = pb.CreateTournamentRequest(game="lucky_numbers", bots=BOTS, seed=5)
        tid = call(s.address, "CreateTournament", request).tournament_id
        watched = cli(["watch", "--tournament", str(tid), "--server", s.address])
        # Matches finish in any order, so the last update may list one or more of them.
        progress = [line for line in watched.splitlines() if line.startswith("tournament ")]
        assert progress[-1] == "tournament 1 (lucky_numbers): 6/6 played, finished"
        finished = re.findall(r"finished (t1-\d+):", watched)
        assert sorted(finished) == [f"t1-{i}" for i in range(6)]
        yield s, db


def cli(args: list[str]) -> str:
    """What `arena ARGS` prints (it must succeed)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            main(args)
        except SystemExit as exc:
            assert exc.code in (0, None), out.getvalue()
    return out.getvalue()


def test_watch_prints_every_move_in_order_then_the_result(served: tuple[Served, Path]) -> None:
    s, db = served
    watched = cli(["watch", "t1-2", "--server", s.address])
    replayed = cli(["replay", "t1-2", "--db", str(db)])
    # The times are compared apart: the database keeps them rounded.
    watched_moves = [line.split("[")[0] for line in watched.splitlines() if ". seat " in line]
    stored_moves = [line.split("[")[0] for line in replayed.splitlines() if ". seat " in line]
    assert watched_moves == stored_moves and len(watched_moves) > 10
    assert watched.splitlines()[-1].startswith("table:") and "result: " in watched
    assert cli(["replay", "t1-2", "--server", s.address]) == replayed


def test_read_commands_with_server_match_the_database(served: tuple[Served, Path]) -> None:
    s, db = served
    for args in (
        ["leaderboard", "--game", "lucky_numbers", "--format", "json"],
        ["tournament", "show", "1", "--format", "json"],
    ):
        remote = json.loads(cli([*args, "--server", s.address]))
        local = json.loads(cli([*args, "--db", str(db)]))
        if isinstance(remote, dict):
            assert remote["standings"] == local["standings"]
            assert remote["seats"][:2] == local["seats"][:2]
        else:
            assert remote == local
    listed = json.loads(cli(["tournament", "list", "--format", "json", "--server", s.address]))
    assert [(t["id"], t["played"], t["status"]) for t in listed] == [(1, 6, "finished")]
    history = json.loads(
        cli(
            [
                "leaderboard",
                "-g",
                "lucky_numbers",
                "--bot",
                "w1",
                "-f",
                "json",
                "--server",
                s.address,
            ]
        )
    )
    assert len(history) == 4 and {h["match"] for h in history} <= {f"t1-{i}" for i in range(6)}


def test_arena_web_serves_the_pages_of_a_server(served: tuple[Served, Path]) -> None:
    s, _db = served
    web = subprocess.Popen(
        [sys.executable, "-m", "arena", "web", "--server", s.address, "--listen", "127.0.0.1:0"],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert web.stderr is not None
        found = re.search(r"web pages on (http://127\.0\.0\.1:\d+)/", web.stderr.readline())
        assert found, "arena web did not say where it listens"
        base = found.group(1)
        with urllib.request.urlopen(base + "/games/lucky_numbers", timeout=10) as reply:
            page = reply.read().decode()
        assert all(f">{name}</a>" in page for name in BOTS)
        for path in ("/games/no_such_game", "/tournaments/99", "/matches/nope"):
            with pytest.raises(urllib.error.HTTPError) as info:
                urllib.request.urlopen(base + path, timeout=10)
            assert info.value.code == 404
        with urllib.request.urlopen(base + "/matches/nope/events", timeout=10) as reply:
            events = reply.read().decode()
        assert "event: failure" in events and "no live or finished match" in events, events
    finally:
        web.send_signal(signal.SIGTERM)
        assert web.wait(timeout=10) == 0
