"""Round formats on a real `arena serve`: CreateTournament announces every match a Swiss and a
knockout will play (it announced their first round only), and swiss-knockout is created with
its format option from the CLI (`--server --detach`), played by the server's connected bots,
and followed to its end with `tournament attach`."""

from __future__ import annotations

import json
import re
import time

import pytest
from cli_helpers import run_cli, run_ok
from serve_process import arena_serve, call

from arena.v1 import arena_pb2 as pb

BOTS = ("r1", "r2", "r3", "r4", "r5", "r6")


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")


def finished(address: str, tid: int, timeout_s: float = 60.0) -> pb.Tournament:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        t = call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
        if t.status == pb.TOURNAMENT_STATUS_FINISHED:
            return t
        assert t.status == pb.TOURNAMENT_STATUS_RUNNING, t.error
        time.sleep(0.1)
    raise AssertionError(f"tournament {tid} did not finish")


def test_round_formats_announce_what_the_server_plays(capsys, tmp_path) -> None:
    db = str(tmp_path / "served.db")
    with arena_serve(db, *BOTS) as address:
        created = {}
        for fmt in ("swiss", "knockout"):
            ask = pb.CreateTournamentRequest(
                game="lucky_numbers", bots=BOTS[:4], format=fmt, seed=1, concurrency=2
            )
            reply = call(address, "CreateTournament", ask)
            created[fmt] = (reply.fixtures, finished(address, reply.tournament_id))
        code, _out, err = run_cli(
            capsys, "tournament", "run", "-g", "lucky_numbers", *(f"--bot={b}" for b in BOTS),
            "--format", "swiss_knockout", "--format-option", "top=4", "--seed", "3",
            "--server", address, "--detach",
        )  # fmt: skip
        assert code == 0, err
        announced = re.search(r"tournament 3: (\d+) matches, played by", err)
        assert announced is not None, err
        attached = run_ok(capsys, "tournament", "attach", "3", "--server", address)
        sk = finished(address, 3)
    # A tied knockout table is replayed (its matches come on top once planned): the bots
    # here are processes, so only the Swiss count is exact whatever they play.
    (swiss, t_swiss), (knockout, t_knockout) = created["swiss"], created["knockout"]
    assert swiss == t_swiss.fixtures_done == t_swiss.fixtures_total == 8  # announced 4 before
    assert knockout == 6 <= t_knockout.fixtures_done == t_knockout.fixtures_total  # 4 before
    assert int(announced.group(1)) == 3 * 6 + 3 * 2 <= sk.fixtures_done == sk.fixtures_total
    assert (sk.format, dict(sk.format_options), sk.rounds) == ("swiss-knockout", {"top": "4"}, 3)
    assert "Standings (tournament 3)" in attached
    assert "top 4 of the Swiss by their knockout bracket" in sk.tie_breaks
    assert [s.place for s in sk.standings][:4] == [1, 2, 3, 3]
    shown = json.loads(run_ok(capsys, "tournament", "show", "3", "-f", "json", "--db", db))
    assert shown["tournament"]["format"] == "swiss-knockout (3 rounds, top 4)"
