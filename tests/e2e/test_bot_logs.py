"""Bot output is never lost: each tournament bot process's stdout and stderr go to
DIR/tournament-ID/BOT.log with match markers; `tournament show --logs BOT [--match ID]` reads it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from arena.cli import main
from arena.tournament.logs import ended_mark, log_root, match_section, started_mark

ROOT = Path(__file__).resolve().parents[2]
LOUD_BOT = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'fault_bot.py'} error --after 3"


def run_cli(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    return exit_info.value.code or 0, captured.out, captured.err


def test_log_root_takes_the_option_then_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ARENA_LOG_DIR", str(tmp_path / "env"))
    assert log_root(tmp_path / "opt") == tmp_path / "opt"
    assert log_root() == tmp_path / "env"
    monkeypatch.delenv("ARENA_LOG_DIR")
    assert log_root() == Path("arena-logs")


def test_match_section_cuts_one_match_out_of_a_log():
    text = "\n".join(
        [
            "==> started: python bot.py",
            "==> " + started_mark("t1-1", ("a", "b")),
            "thinking about t1-1",
            "==> " + ended_mark("t1-1", "normal, ranks [1, 2]"),
            "==> " + started_mark("t1-10", ("b", "a")),
            "thinking about t1-10",
            "==> " + ended_mark("t1-10", "normal, ranks [2, 1]"),
        ]
    )
    assert match_section(text, "t1-1").splitlines() == [
        "==> match t1-1 started: a, b",
        "thinking about t1-1",
        "==> match t1-1 ended: normal, ranks [1, 2]",
    ]
    assert "t1-10" in match_section(text, "t1-10") and match_section(text, "t9-9") == ""
    rerun = text + "\n==> " + started_mark("t1-1", ("a", "b")) + "\nagain\n"
    assert match_section(rerun, "t1-1").splitlines() == ["==> match t1-1 started: a, b", "again"]


def test_a_tournament_keeps_each_bot_process_output_and_show_finds_it(capsys, tmp_path):
    logs, db = tmp_path / "logs", str(tmp_path / "t.db")
    code, _, err = run_cli(
        capsys,
        *("tournament", "run", "--game", "the_number", "--seed", "4", "--db", db),
        *("--bot", f"loud={LOUD_BOT}", "--bot", "r1=builtin:random", "--bot", "r2=builtin:random"),
        *("--log-dir", str(logs), "-v"),
    )
    assert code == 0
    assert "[loud] Traceback (most recent call last):" in err  # -v streamed it live
    saved = (logs / "tournament-1" / "loud.log").read_text()
    assert saved.startswith("==> ") and "started: " in saved
    assert "RuntimeError: the policy fell over" in saved  # stderr is kept too
    assert "==> match t1-0 started: " in saved and "==> match t1-0 ended: crash" in saved

    code, out, err = run_cli(
        capsys,
        "tournament",
        "show",
        "1",
        "--logs",
        "loud",
        "--log-dir",
        str(logs),
        "--match",
        "t1-0",
    )
    assert code == 0 and f"# {logs / 'tournament-1' / 'loud.log'}" in err
    assert out.startswith("==> match t1-0 started: ") and "t1-1" not in out

    code, _, err = run_cli(
        capsys, "tournament", "show", "1", "--logs", "nobody", "--log-dir", str(logs)
    )
    assert code == 1 and "no log of bot 'nobody'" in err and "saved there: loud" in err
