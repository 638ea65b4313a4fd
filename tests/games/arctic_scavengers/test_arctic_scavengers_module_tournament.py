"""Arctic Scavengers tournaments with expansion modules on: in process, and over gRPC via the
CLI with bot processes in Python (the greedy bot) and JavaScript (the starter bot)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.cli import main
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec, compute_standings
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import game_and_options

TESTS = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TESTS))
from starter_bots import ToolchainUnavailable, build_js, unavailable  # noqa: E402

BOTS_DIR = TESTS.parent / "bots"
GREEDY_BOT = f"{sys.executable} {BOTS_DIR / 'greedy_bot.py'} --seed 1"
MODULES = ("hq1", "hq2", "hq3", "hq4", "recon1", "recon2", "recon3", "recon4", "recon5")


def test_an_in_process_tournament_with_every_module(sqlite_path: str) -> None:
    field = (BotEntry("greedy", "builtin:greedy"),) + tuple(
        BotEntry(f"random{i}", "builtin:random") for i in (1, 2)
    )
    options = dict.fromkeys(MODULES, True)
    spec = TournamentSpec("arctic_scavengers", field, seed=29, table_size=3, cycles=1,
                          options=options)  # fmt: skip
    with Store.open(sqlite_path) as store:
        stored = create_tournament(store, spec, owner=None)
        game, opts = game_and_options(stored.spec)
        assert opts.modules == MODULES
        bots = {b.name: b for b in stored.spec.bots}
        runner = local_runner(
            game, opts, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
        )
        done = asyncio.run(play_tournament(store, stored.id, runner, concurrency=2))
        records = store.tournament_matches(stored.id)
        ladder = fold_ratings(store.results(spec.game))
    assert done.status is Status.FINISHED and len(records) == 3
    assert all(r.outcome.termination.value == "normal" for r in records)
    assert all(r.options == {"shovel": "plus2", **options} for r in records)
    standings = compute_standings(records, spec.bot_names, 3)
    assert standings[0].bot == "greedy" and ladder[0].bot == "greedy"


@pytest.fixture(scope="module")
def js_bot() -> str:
    """The JavaScript starter bot's command (built, or skipped / failed like the starter tests)."""
    try:
        return build_js()
    except ToolchainUnavailable as exc:
        unavailable(str(exc))
        raise


def test_python_and_javascript_bot_processes_play_modules_over_grpc(
    capsys, sqlite_path, monkeypatch, js_bot
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)
    field = [
        "--bot",
        f"greedy={GREEDY_BOT}",
        "--bot",
        f"js={js_bot}",
        "--bot",
        "local=builtin:random",
    ]
    options = [arg for m in MODULES for arg in ("-o", f"{m}=true")]
    with pytest.raises(SystemExit) as info:
        main(
            ["tournament", "run", "-g", "arctic_scavengers", *field, *options, "--table-size", "3"]
            + ["--seed", "12", "--time-per-move", "5000", "--db", sqlite_path]
        )
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    assert "3 matches at tables of 3" in err and "Leaderboard: arctic_scavengers" in out
    with pytest.raises(SystemExit):
        main(["tournament", "show", "1", "-f", "json", "--matches", "--db", sqlite_path])
    shown = json.loads(capsys.readouterr()[0])
    assert all(match["end"] == "normal" for match in shown["matches"])
    assert all(s["faults"] == 0 for s in shown["standings"])
    assert shown["standings"][0]["bot"] == "greedy"
