"""Issue 14, findings 9 and 11: the clock's increment, SDK bots that keep reconnecting, example
bots seeded per match, machine formats that parse."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import socket
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import run_cli, run_ok

from arena.core.game import parse_options
from arena.core.players import DecisionRequest, MatchInfo
from arena.core.registry import get_game
from arena.core.values import Termination
from arena.errors import BotError
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.rpc.client.bot_client import BotConfig, run_connection_loop

ROOT = Path(__file__).resolve().parents[2]
SLOW_S = 0.06  # decisions 2 to SLOW_UNTIL take this long
SLOW_UNTIL = 4


class SlowPlayer:
    """Answers the first legal move: quickly once, SLOW_S late for a few decisions, then fast."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.decisions = 0

    async def start(self, info: MatchInfo) -> None:
        """Nothing to prepare."""

    async def decide(self, request: DecisionRequest) -> int:
        """The first legal move, late after the first decision."""
        self.decisions += 1
        if 1 < self.decisions <= SLOW_UNTIL:
            await asyncio.sleep(SLOW_S)
        return 0

    async def finish(self, record: object) -> None:
        """Nothing to tell."""


def slow_match(clock: Clock) -> Termination:
    game = get_game("lucky_numbers")
    players = [SlowPlayer("a"), SlowPlayer("b")]
    record = asyncio.run(play_match(game, parse_options(game, {}), 5, players, clock=clock))
    return record.outcome.termination


def test_the_increment_refills_the_bank_after_each_decision():
    # 20 ms per move, no bank: the second (60 ms) decision overruns without an increment;
    # with 200 ms added after each decision the bank always covers the 40 ms overrun.
    assert slow_match(Clock(per_move_ms=20, bank_ms=0)) is Termination.TIMEOUT
    assert slow_match(Clock(per_move_ms=20, bank_ms=0, increment_ms=200)) in (
        Termination.NORMAL,
        Termination.TURN_CAP,
    )


def free_address() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return f"127.0.0.1:{sock.getsockname()[1]}"


def test_an_sdk_bot_keeps_reconnecting_until_stopped():
    config = BotConfig(address=free_address(), name="patient")  # nobody listens there

    async def run() -> float:
        stop = asyncio.Event()
        loop = asyncio.create_task(run_connection_loop(config, lambda r: 0, stop))
        await asyncio.sleep(1.5)
        assert not loop.done()  # still retrying (the old SDK gave up after its deadline)
        stop.set()
        began = time.monotonic()
        await asyncio.wait_for(loop, 15)
        return time.monotonic() - began

    assert asyncio.run(run()) < 15


def test_an_sdk_bot_with_a_retry_deadline_gives_up():
    config = BotConfig(address=free_address(), name="impatient", retry_for_s=0.3)
    with pytest.raises(BotError, match="no connection"):
        asyncio.run(asyncio.wait_for(run_connection_loop(config, lambda r: 0, asyncio.Event()), 15))


def test_the_random_bot_replays_each_match_whatever_the_order():
    sys.path.insert(0, str(ROOT / "bots"))
    try:
        from random_bot import make_choose
    finally:
        sys.path.remove(str(ROOT / "bots"))

    def request(match_id: str) -> DecisionRequest:
        return DecisionRequest(match_id, 1, "lucky_numbers", 0, {}, tuple("abcdefgh"))

    one, other = make_choose(7), make_choose(7)
    first = [one(request("t1-0")) for _ in range(5)] + [one(request("t1-1")) for _ in range(5)]
    for _ in range(5):  # interleaved: each match still gets its own sequence
        other(request("t1-1"))
    second = [other(request("t1-0")) for _ in range(5)]
    assert first[:5] == second
    assert make_choose(8)(request("t1-0")) is not None


def test_machine_formats_parse(capsys, tmp_path):
    db = str(tmp_path / "t.db")
    bots = ("--bot", "a=builtin:random", "--bot", "b=builtin:first")
    code, out, err = run_cli(capsys, "tournament", "run", "-g", "lucky_numbers", *bots,
                             "--seed", "2", "--db", db)  # fmt: skip
    assert code == 0, err
    # not a terminal: one line per finished match instead of a progress bar
    assert "[1/2] Finished t1-0 (a vs b): a 1st, b 2nd {normal}" in err
    assert "[2/2] Finished t1-1 (b vs a): " in err
    shown = json.loads(run_ok(capsys, "tournament", "show", "1", "-f", "json", "--matches",
                              "--db", db))  # fmt: skip
    keys = {k for row in shown["standings"] + shown["seats"] + shown["matches"] for k in row}
    keys |= set(shown["tournament"])
    assert all(k == k.lower() and " " not in k for k in keys), keys
    assert isinstance(shown["tournament"]["played"], int)
    assert isinstance(shown["matches"][0]["ranks"][0], int)
    for table, first in (("standings", "place"), ("summary", "id"), ("matches", "match"),
                         ("seats", "seat"), ("ladder", "rank")):  # fmt: skip
        text = run_ok(capsys, "tournament", "show", "1", "-f", "csv", "--table", table,
                      "--db", db)  # fmt: skip
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0][0] == first and all(len(r) == len(rows[0]) for r in rows), text
    markdown = run_ok(capsys, "tournament", "show", "1", "-f", "markdown", "--db", db)
    lines = markdown.splitlines()
    note = next(i for i, line in enumerate(lines) if line.startswith("tie-breaks"))
    assert lines[note - 1] == "" and lines[note + 1] == ""  # a paragraph, not a table row
    titles = [i for i, line in enumerate(lines) if line.startswith("**")]
    assert all(i == 0 or lines[i - 1] == "" for i in titles)  # every table is closed
    assert "Standings (tournament 1)" in out
