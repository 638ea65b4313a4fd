"""The starter bots of bots/js and bots/cpp: built from proto/, each plays every registered game
and passes `arena check-bot` (toolchains installed like the PostgreSQL server; CI never skips)."""

from __future__ import annotations

import pytest
from starter_bots import starter_bot  # noqa: F401  # the fixture

from arena.cli import main
from arena.registry import list_games


def run_cli(capsys, *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    return exit_info.value.code or 0, capsys.readouterr().out


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_starter_bot_plays_a_real_match_of_every_game(capsys, starter_bot, game):  # noqa: F811
    others = ["--bot", "random"] * (min(g.min_players for g in list_games() if g.name == game) - 1)
    code, out = run_cli(
        capsys,
        "play",
        game,
        *others,
        "--bot-cmd",
        starter_bot,
        "--seed",
        "5",
        "--time-per-move",
        "2000",
    )
    assert code == 0, out
    assert "result (normal" in out or "result (turn_cap" in out, out
    assert "seat " in out and "(referee 127.0.0.1:" in out


def test_starter_bot_passes_check_bot(capsys, starter_bot):  # noqa: F811
    code, out = run_cli(capsys, "check-bot", "--time-per-move", "5000", "--", starter_bot)
    assert "[FAIL]" not in out and code == 0, out
    assert "[pass] reconnect after the server drops the stream" in out
