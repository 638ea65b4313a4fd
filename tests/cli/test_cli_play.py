"""`arena --version`, `arena games` and in-process `arena play`, including bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from arena import __version__
from arena.cli import main


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    return exit_info.value.code or 0, captured.out, captured.err


def test_version(capsys):
    code, out, _ = run_cli(capsys, "--version")
    assert code == 0 and out.strip() == f"arena {__version__}"


def test_games_lists_every_registered_game(capsys):
    code, out, _ = run_cli(capsys, "games")
    assert code == 0
    assert "lucky_numbers" in out and "2-4" in out and "setup=easy" in out


def test_play_prints_moves_final_position_and_result(capsys):
    code, out, _ = run_cli(
        capsys, "play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--seed", "7"
    )
    assert code == 0
    assert "seed 7" in out
    assert "   1. seat " in out
    assert "result (" in out and "#1 seat" in out


def test_play_is_reproducible_from_the_seed(capsys):
    args = (
        "play",
        "lucky_numbers",
        "--bot",
        "random",
        "--bot",
        "random",
        "--seed",
        "3",
        "-o",
        "bruno=true",
    )
    first = run_cli(capsys, *args)
    second = run_cli(capsys, *args)
    assert first == second


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "chess", "--bot", "random", "--bot", "random"), "unknown game 'chess'"),
        (("play", "lucky_numbers", "--bot", "random"), "played by 2 to 4 players, not 1"),
        (
            ("play", "lucky_numbers", "--bot", "random", "--bot", "random", "-o", "speed=9"),
            "has no option 'speed'",
        ),
        (
            ("play", "lucky_numbers", "--bot", "random", "--bot", "random", "-o", "setup=hard"),
            "setup takes one of",
        ),
        (
            ("play", "lucky_numbers", "--bot", "random", "--bot", "genius"),
            "no built-in bot 'genius'",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_1(capsys, args, message):
    code, out, err = run_cli(capsys, *args)
    assert code == 1
    assert err.startswith("error: ") and message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in out + err


def test_console_entry_point_runs_as_a_module():
    result = subprocess.run(
        [sys.executable, "-m", "arena", "play", "nope", "--bot", "a", "--bot", "b"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr.startswith("error: unknown game 'nope'")
