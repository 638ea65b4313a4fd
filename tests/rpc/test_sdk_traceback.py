"""The Python SDK on a failing policy: the whole traceback on the bot's stderr, a short one
(exception and the bot's own frames) as the crash detail the referee records."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.rpc.client.bot_client import fault_detail

ROOT = Path(__file__).resolve().parents[2]


def nested(depth: int) -> None:
    if depth == 0:
        raise ValueError("boom")
    nested(depth - 1)


def raised(depth: int) -> BaseException:
    try:
        nested(depth)
    except ValueError as exc:
        return exc
    raise AssertionError("no exception")


def test_fault_detail_names_the_exception_and_the_innermost_frame_first():
    detail = fault_detail(raised(2))
    lines = detail.splitlines()
    assert lines[0] == "ValueError: boom"
    assert lines[1] == f"  at test_sdk_traceback.py:{nested.__code__.co_firstlineno + 2} in nested"
    assert lines[-1].endswith("in raised")


def test_fault_detail_is_cut_to_its_limit():
    detail = fault_detail(raised(200), limit=300)
    assert len(detail) == 300 and detail.endswith("...")
    assert detail.startswith("ValueError: boom\n  at test_sdk_traceback.py:")


def test_a_failing_policy_prints_its_traceback_and_the_referee_records_where(capsys):
    bot = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'fault_bot.py'} error --after 1"
    with pytest.raises(SystemExit) as exit_info:
        main(
            ["play", "the_number", "--bot", "random", "--bot", "random", "--bot-cmd", bot]
            + ["--seed", "1", "-v"]
        )
    assert (exit_info.value.code or 0) == 0
    captured = capsys.readouterr()
    assert "result (crash: seat 2 (fault_bot): the bot reported an error: RuntimeError" in (
        captured.out
    )
    assert "  at fault_bot.py:" in captured.out and "in policy)" in captured.out
    # -v streamed the bot's stderr: the full traceback is there.
    assert "[fault_bot] Traceback (most recent call last):" in captured.err
    assert 'raise RuntimeError("the policy fell over")' in captured.err
