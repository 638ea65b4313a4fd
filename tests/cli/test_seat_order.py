"""Issue 14, finding 11: seats follow the order bots are typed in, whatever their kind."""

from __future__ import annotations

import sys
from pathlib import Path

from cli_helpers import run_ok

from arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = f"{sys.executable} {ROOT / 'bots' / 'random_bot.py'}"


def test_play_seats_a_bot_command_typed_first_in_seat_0(capsys):
    out = run_ok(
        capsys, "play", "lucky_numbers", "--bot-cmd", RANDOM_BOT, "--bot", "random", "--seed", "7"
    )
    lines = out.splitlines()
    assert lines[0].startswith("Lucky Numbers, seed 7, players: random_bot, random (referee ")
    assert lines[1] == f"  seat 0: random_bot = {RANDOM_BOT}"
    assert "seat 0 random_bot:" in out and "seat 1 random:" in out  # the result, by seat


def test_play_interleaves_built_in_bots_and_commands_as_typed(capsys):
    out = run_ok(
        capsys,
        *("play", "the_number", "--bot", "greedy", "--bot-cmd", RANDOM_BOT),
        *("--bot", "random", "--seed", "3"),
    )
    assert "players: greedy, random_bot, random (referee " in out.splitlines()[0]
    assert out.splitlines()[1] == f"  seat 1: random_bot = {RANDOM_BOT}"


def test_play_with_built_in_bots_only_keeps_their_order_and_seeds(capsys):
    typed = run_ok(capsys, "play", "lucky_numbers", "--bot", "random", "--bot", "greedy",
                   "--seed", "5")  # fmt: skip
    assert typed.splitlines()[0] == "Lucky Numbers, seed 5, players: random, greedy"
    assert typed == run_ok(capsys, "play", "lucky_numbers", "--bot", "random", "--bot", "greedy",
                           "--seed", "5")  # fmt: skip


def test_tournament_run_lists_bots_in_the_order_typed(capsys, sqlite_path):
    run_ok(
        capsys,
        *("tournament", "run", "-g", "lucky_numbers", "--seed", "1", "--db", sqlite_path),
        *("--bot", f"zed={RANDOM_BOT}", "--bot", "amy=builtin:random"),
        *("--bot", "bea=builtin:greedy"),
    )
    with Store.open(sqlite_path, create=False) as store:
        (stored,) = store.tournaments()
    assert [bot.name for bot in stored.spec.bots] == ["zed", "amy", "bea"]
