"""`arena check-bot`: passes on the example bots, fails with a precise line on broken ones."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.compliance.checkbot import CheckSettings, unknown_messages
from arena.compliance.checklist import check_remote
from arena.compliance.verdicts import CheckResult, Verdict, gone_at_start, passed
from arena.core.registry import list_games
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.rpc.embedded import EmbeddedReferee
from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
FAULT_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'fault_bot.py'}"
WRONG_ID_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'wrong_id_bot.py'}"
STRICT_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'strict_bot.py'}"


def check_bot(capsys, *args: str) -> tuple[int, list[str]]:
    """Run `arena check-bot ARGS`; its exit status and output lines."""
    with pytest.raises(SystemExit) as exit_info:
        main(["check-bot", *args])
    out = capsys.readouterr().out
    return exit_info.value.code or 0, out.splitlines()


def failures(lines: list[str]) -> list[str]:
    return [line for line in lines if line.startswith("[FAIL]")]


@pytest.mark.parametrize("bot", ["random_bot.py", "greedy_bot.py"])
def test_example_bots_pass_every_check_of_every_game(capsys, bot):
    # A generous clock: the machine running the tests may be busy; slowness has its own test.
    code, lines = check_bot(capsys, "--time-per-move", "5000", "--", PY, str(ROOT / "bots" / bot))
    assert failures(lines) == [] and code == 0
    for game in list_games():
        for count in range(game.min_players, game.max_players + 1):
            assert any(f"[pass] {game.name}: full match, {count} players" in x for x in lines)
        assert f"[pass] {game.name}: answers within the clock" in "\n".join(lines)
    for check in ("several matches at once", "unknown fields tolerated", "reconnect after"):
        assert any(line.startswith(f"[pass] {check}") for line in lines), check
    assert lines[-1].endswith("0 failed")


BROKEN = [
    pytest.param(
        f"{FAULT_BOT} sleepy --after 2 --sleep-ms 700",
        "the_number: answers within the clock",
        "no decision within the time limit",
        id="slow",
    ),
    pytest.param(
        f"{FAULT_BOT} garbage --after 2", "the_number: only legal answers", "xyzzy", id="illegal"
    ),
    pytest.param(
        f"{WRONG_ID_BOT} 1",
        "decisions echo their request_id",
        "named a request_id the server never sent",
        id="wrong-request-id",
    ),
    pytest.param(
        f"{FAULT_BOT} suicide --after 2",
        "the_number: full match, 3 players",
        "killed by SIGKILL",
        id="crash",
    ),
    pytest.param(
        f"{WRONG_ID_BOT} 1000000",
        "reconnect after the server drops the stream",
        "no new Hello within",
        id="no-reconnect",
    ),
    pytest.param(
        f"{STRICT_BOT} match-ended",
        "the_number: MatchEnded handled",
        "its connection ended after MatchEnded of match check-1",
        id="match-end-mishandled",
    ),
    pytest.param(
        f"{STRICT_BOT} unknown",
        "unknown fields tolerated",
        "hint: skip message kinds and fields you do not know",
        id="unknown-message-kind",
    ),
    pytest.param(
        f"{PY} {ROOT / 'tests' / 'bots' / 'misnamed_bot.py'}",
        "connect",
        "connected as 'someone-else', not as 'checked-bot'",
        id="wrong-name",
    ),
]


@pytest.mark.parametrize(("command", "check", "words"), BROKEN)
def test_broken_bots_fail_with_a_precise_line(capsys, request, command, check, words):
    # A short clock where timeouts are the point; elsewhere a busy machine must not cause any.
    budget = "300" if request.node.callspec.id in ("slow", "wrong-request-id") else "2000"
    code, lines = check_bot(
        capsys,
        "--game",
        "the_number",
        "--time-per-move",
        budget,
        "--connect-timeout",
        "3",
        "--",
        command,
    )
    assert code == 1
    failed = failures(lines)
    assert any(line.startswith(f"[FAIL] {check}:") and words in line for line in failed), lines
    assert all("(hint: " in line for line in failed)
    assert "is not ready for a tournament" in lines[-1]


def test_a_command_or_a_server_is_required(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check-bot"])
    assert exit_info.value.code == 1
    assert "give the bot's command after --" in capsys.readouterr().err


def test_unknown_messages_carry_fields_the_protocol_does_not_define():
    future_kind, ping = unknown_messages()
    assert future_kind.WhichOneof("kind") is None and future_kind.ByteSize() > 0
    assert ping.WhichOneof("kind") == "ping" and ping.ping.nonce > 0
    reparsed = pb.ServerMessage.FromString(ping.SerializeToString())
    assert reparsed.ping.SerializeToString() != pb.Ping(nonce=ping.ping.nonce).SerializeToString()


def test_a_skip_does_not_fail_the_run_and_a_failure_shows_its_hint():
    skip = CheckResult("x", Verdict.SKIP, "not claimed")
    fail = CheckResult("y", Verdict.FAIL, "broke", "do better")
    assert passed([skip]) and not passed([skip, fail])
    assert fail.line() == "[FAIL] y: broke (hint: do better)"
    assert CheckResult("y", Verdict.PASS, "fine", "unused").line() == "[pass] y: fine"


def test_on_a_server_a_missing_bot_fails_the_connect_check_naming_who_is_there():
    async def scenario() -> list[CheckResult]:
        async with EmbeddedReferee() as referee:
            await referee.launch("present", f"{PY} {ROOT / 'bots' / 'random_bot.py'}")
            settings = CheckSettings(name="absent", connect_timeout_s=0.5)
            run = await check_remote(referee.address, settings, lambda result: None)
            return list(run.results)

    results = asyncio.run(scenario())
    assert [r.line().split(" (hint")[0] for r in results] == [
        "[FAIL] connect: no bot 'absent' connected (connected: present)"
    ]


def test_a_bot_leaving_after_match_ended_is_caught_even_without_settle_time(capsys, monkeypatch):
    # With no settle time the next match is what finds the bot gone: still the same verdict.
    monkeypatch.setattr("arena.compliance.checklist.SETTLE_S", 0.0)
    code, lines = check_bot(
        capsys, "--game", "the_number", "--connect-timeout", "3", "--", f"{STRICT_BOT} match-ended"
    )
    assert code == 1
    assert any(
        line.startswith("[FAIL] the_number: MatchEnded handled: its connection ended after")
        for line in lines
    ), lines


def test_gone_at_start_tells_a_vanished_bot_from_a_failing_policy():
    def record(termination: Termination, detail: str, moves: tuple[MoveRecord, ...] = ()):
        outcome = Outcome((2, 1), (0.0, 0.0), (0.0, 1.0), termination, 0, detail)
        return MatchRecord("m", "azul", {}, 1, ("bot", "other"), moves, outcome)

    assert gone_at_start(record(Termination.CRASH, "bot process exit code 1"), "bot")
    assert gone_at_start(record(Termination.DISCONNECT, "connection lost"), "bot")
    assert not gone_at_start(record(Termination.CRASH, "the bot reported an error: X"), "bot")
    assert not gone_at_start(record(Termination.TIMEOUT, "no decision"), "bot")
    played = (MoveRecord(0, "take f1 B 1"),)
    assert not gone_at_start(record(Termination.CRASH, "exit code 1", played), "bot")
