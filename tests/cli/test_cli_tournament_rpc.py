"""Tournaments of bot processes over gRPC: `arena demo`, and `--server` on a running referee."""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from pathlib import Path

import pytest

from arena.cli import main
from arena.store import Store

RANDOM_BOT = f"{sys.executable} {Path(__file__).resolve().parents[2] / 'bots' / 'random_bot.py'}"


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code or 0, out, err


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def test_the_demo_plays_the_example_bots_as_processes(capsys, tmp_path):
    db = str(tmp_path / "demo.db")
    code, out, err = run_cli(capsys, "demo", "--cycles", "1", "--db", db)
    assert code == 0, err
    assert "demo: 3 example bots (random-a, random-b, greedy) as processes over gRPC" in out
    assert "Standings (tournament 1)" in out and "Leaderboard: lucky_numbers" in out
    shown = json.loads(run_cli(capsys, "tournament", "show", "1", "-f", "json", "--db", db)[1])
    assert shown["tournament"]["played"] == 6
    assert {row["bot"] for row in shown["standings"]} == {"random-a", "random-b", "greedy"}
    assert all(row["faults"] == 0 for row in shown["standings"])
    code, _, err = run_cli(capsys, "demo", "--cycles", "1", "--db", db)  # starts afresh
    assert code == 0, err
    listed = json.loads(run_cli(capsys, "tournament", "list", "-f", "json", "--db", db)[1])
    assert len(listed) == 1


@pytest.fixture
def served_bots():
    """A referee server on its own event loop thread, with three random bot processes."""
    from arena.rpc.embedded import EmbeddedReferee

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()

    def call(coro):
        return asyncio.run_coroutine_threadsafe(coro, loop).result(60)

    referee = EmbeddedReferee()
    try:
        address = call(referee.start())

        async def launch_all():
            await asyncio.gather(*(referee.launch(n, RANDOM_BOT) for n in ("r1", "r2", "r3")))

        call(launch_all())
        yield address, referee.launch_token
    finally:
        call(referee.close())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_a_tournament_on_a_running_server_uses_its_connected_bots(capsys, tmp_path, served_bots):
    db = str(tmp_path / "ladder.db")
    address, token = served_bots
    code, out, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", "r1", "--bot", "r2",
        "--bot", "r3", "--server", address, "--token", token, "--store-locally", "--seed", "6",
        "--concurrency", "4", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    shown = json.loads(
        run_cli(capsys, "tournament", "show", "1", "-f", "json", "--matches", "--db", db)[1]
    )
    assert shown["tournament"]["played"] == 6
    assert [m["match"] for m in shown["matches"]] == [f"t1-{i}" for i in range(6)]
    assert all(m["end"] in ("normal", "turn_cap") for m in shown["matches"])


def test_server_mode_refuses_bot_commands(capsys, tmp_path):
    code, _, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", "a=builtin:random",
        "--bot", "b", "--server", "127.0.0.1:1", "--db", str(tmp_path / "x.db"),
    )  # fmt: skip
    assert code == 1 and err.startswith("error: with --server give every bot as NAME only")


def test_a_crashing_bot_is_restarted_then_withdrawn_and_the_tournament_goes_on(capsys, tmp_path):
    suicide = f"{sys.executable} {Path(__file__).resolve().parents[1] / 'bots' / 'fault_bot.py'}"
    db = str(tmp_path / "t.db")
    code, _, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers",
        "--bot", f"dies={suicide} suicide --after 5", "--bot", "ann=builtin:random",
        "--bot", "bob=builtin:random", "--seed", "2", "--max-crashes", "2", "--db", db,
    )  # fmt: skip
    assert code == 0, err
    # live warnings: the restart after the first crash, the withdrawal after the second
    assert "bot dies crashed (1 of 2): restarting it" in err
    assert "bot dies withdrawn, its remaining matches are forfeited" in err
    shown = json.loads(
        run_cli(capsys, "tournament", "show", "1", "-f", "json", "--matches", "--db", db)[1]
    )
    assert shown["tournament"]["status"] == "finished"
    mine = [m for m in shown["matches"] if "dies" in m["seats"]]
    # the restarted process played (and crashed) its second match too; then forfeits
    assert [m["end"] for m in mine] == ["crash", "crash", "disconnect", "disconnect"]
    assert all(m["moves"] > 0 for m in mine[:2])
    assert all(m["moves"] == 0 and "forfeit: dies withdrawn" in m["detail"] for m in mine[2:])
    standings = {row["bot"]: (row["faults"], row["forfeits"]) for row in shown["standings"]}
    assert standings == {"dies": (4, 2), "ann": (0, 0), "bob": (0, 0)}


def test_a_tournament_played_through_a_servers_play_match_replays(capsys, tmp_path, served_bots):
    """The match ids a server gives PlayMatch calls differ run to run; the bots' seeds do not,
    so bots that seed themselves from MatchStarted.bot_seed play the same moves again."""
    address, token = served_bots
    moves = []
    for run in ("a", "b"):
        db = str(tmp_path / f"{run}.db")
        code, _, err = run_cli(
            capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", "r1", "--bot", "r2",
            "--server", address, "--token", token, "--store-locally", "--seed", "9", "--db", db,
        )  # fmt: skip
        assert code == 0, err
        with Store.open(db) as store:
            moves.append([[m.move for m in r.moves] for r in store.tournament_matches(1)])
    assert moves[0] == moves[1] and len(moves[0]) == 2
