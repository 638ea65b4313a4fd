"""`arena tournament run --sprt`: greedy against random stops early on H1; two copies of one bot
never accept H1 (seeded, in-process bots, Lucky Numbers)."""

from __future__ import annotations

import re

import pytest

from arena.cli import main
from arena.cli.sprt import SHOW_EVERY
from arena.store import Store
from arena.tournament import Status

SPRT = "elo0=0 elo1=20 alpha=0.05 beta=0.05"
CYCLES = 60  # at most 120 games


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def run_sprt(
    capsys, db: str, first: str, second: str, *extra: str, cycles: int = CYCLES
) -> tuple[str, Store]:
    with pytest.raises(SystemExit) as exit_info:
        main(
            [
                "tournament", "run", "-g", "lucky_numbers", "--bot", first, "--bot", second,
                "--cycles", str(cycles), "--seed", "11", "--db", db, "--sprt", SPRT, *extra,
            ]
        )  # fmt: skip
    assert (exit_info.value.code or 0) == 0
    return capsys.readouterr().err, Store.open(db)


@pytest.mark.parametrize("deals", ["independent", "duplicate"])
def test_greedy_against_random_stops_early_with_h1(capsys, tmp_path, deals):
    err, store = run_sprt(
        capsys, str(tmp_path / "a.db"), "greedy=builtin:greedy", "rand=builtin:random",
        "--deals", deals,
    )  # fmt: skip
    with store:
        tournament = store.tournament(1)
    assert "finished early: SPRT [0, 20] accepted H1 (greedy is at least 20 Elo stronger" in err
    assert "LLR" in err and "(-2.94, +2.94)" in err  # shown live with its bounds
    # finished, the verdict kept with it and shown: nothing is left to resume
    assert tournament.played < tournament.fixtures and tournament.status is Status.FINISHED
    assert tournament.verdict is not None and tournament.verdict.startswith("SPRT [0, 20]")
    with pytest.raises(SystemExit) as again:
        main(["tournament", "show", "1", "-f", "json", "--db", str(tmp_path / "a.db")])
    assert (again.value.code or 0) == 0
    shown = capsys.readouterr().out
    assert '"verdict": "SPRT [0, 20] accepted H1' in shown and '"status": "finished"' in shown
    unit = "pairs (pentanomial)" if deals == "duplicate" else "games (trinomial)"
    assert unit in err
    # not two lines per match (issue 42): the LLR line now and then, no "Finished" line each
    samples = int(re.search(r"after (\d+) (games|pairs)", err).group(1))  # type: ignore[union-attr]
    shown = err.count("sprt greedy vs rand")
    assert samples > SHOW_EVERY and 2 <= shown <= samples // SHOW_EVERY + 8, (shown, samples)
    assert "Finished" not in err


def test_two_copies_of_one_bot_do_not_accept_h1(capsys, tmp_path):
    err, store = run_sprt(
        capsys, str(tmp_path / "b.db"), "g1=builtin:greedy", "g2=builtin:greedy", cycles=30
    )
    store.close()
    assert "accepts H1" not in err and "LLR" in err


def test_sprt_needs_two_bots(capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        main(
            [
                "tournament", "run", "-g", "lucky_numbers", "--bot", "a=builtin:random",
                "--bot", "b=builtin:random", "--bot", "c=builtin:random",
                "--db", str(tmp_path / "c.db"), "--sprt", SPRT,
            ]
        )  # fmt: skip
    assert exit_info.value.code == 1 and "two bots" in capsys.readouterr().err
