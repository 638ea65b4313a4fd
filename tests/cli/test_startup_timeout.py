"""Issue 42, item 7: a bot process slow to start (it loads a model) gets the time
--startup-timeout gives it, in `arena play --bot-cmd` and `arena tournament run`; a limit too
short says which flag raises it."""

from __future__ import annotations

import sys
from pathlib import Path

from cli_helpers import run_cli, run_ok

from arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
LATE_BOT = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'late_bot.py'} --delay-s 2"
ENOUGH = "120"  # far above the 2 s sleep plus a loaded machine's start-up
TOO_SHORT = "1"  # the bot sleeps 2 s before it even starts to connect


def test_play_waits_as_long_as_startup_timeout_says(capsys):
    out = run_ok(capsys, "play", "lucky_numbers", "--bot-cmd", LATE_BOT, "--bot", "random",
                 "--seed", "7", "--startup-timeout", ENOUGH)  # fmt: skip
    assert "players: late_bot, random (referee " in out.splitlines()[0]
    assert "result (" in out


def test_play_names_the_flag_when_the_bot_is_too_slow_to_start(capsys):
    code, _out, err = run_cli(capsys, "play", "lucky_numbers", "--bot-cmd", LATE_BOT, "--bot",
                              "random", "--seed", "7", "--startup-timeout", TOO_SHORT)  # fmt: skip
    assert code == 1
    assert "did not connect as 'late_bot' within 1 s" in err
    assert "gets longer with --startup-timeout SECONDS" in err


def test_tournament_run_gives_its_bot_processes_the_startup_timeout(capsys, sqlite_path):
    common = ("tournament", "run", "-g", "lucky_numbers", "--seed", "1", "--db", sqlite_path,
              "--bot", f"late={LATE_BOT}", "--bot", "r=builtin:random")  # fmt: skip
    code, _out, err = run_cli(capsys, *common, "--startup-timeout", TOO_SHORT)
    assert code == 1
    assert "did not connect as 'late' within 1 s" in err and "--startup-timeout" in err
    run_ok(capsys, *common, "--startup-timeout", ENOUGH)
    with Store.open(sqlite_path, create=False) as store:
        (stored,) = [t for t in store.tournaments() if t.played]
    assert stored.played == stored.fixtures > 0


def test_startup_timeout_is_refused_where_this_command_starts_no_bot(capsys):
    code, _out, err = run_cli(
        capsys,
        *("tournament", "run", "-g", "lucky_numbers", "--bot", "a", "--bot", "b"),
        *("--server", "127.0.0.1:1", "--startup-timeout", "60"),
    )
    assert code == 1
    assert "--startup-timeout is for bot processes this command starts" in err
