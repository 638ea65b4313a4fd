"""Arctic Scavengers tournaments at tables of 2 to 5, in process and over gRPC via the CLI."""

from __future__ import annotations

import asyncio
import json
import sys
from math import comb
from pathlib import Path

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.cli import main
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec, compute_standings
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import game_and_options

BOTS_DIR = Path(__file__).resolve().parents[3] / "bots"
GREEDY_BOT = f"{sys.executable} {BOTS_DIR / 'greedy_bot.py'} --seed 1"
RANDOM_BOT = f"{sys.executable} {BOTS_DIR / 'random_bot.py'} --seed 2"


def play(db: str, spec: TournamentSpec):
    """Create and play a tournament in process: (tournament, records, ladder)."""
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        game, options = game_and_options(stored.spec)
        bots = {b.name: b for b in stored.spec.bots}
        runner = local_runner(
            game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
        )
        done = asyncio.run(play_tournament(store, stored.id, runner, concurrency=2))
        return done, store.tournament_matches(stored.id), fold_ratings(store.results(spec.game))


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_tables_of_two_to_five_play_out_and_greedy_leads(size, tmp_path) -> None:
    field = (BotEntry("greedy", "builtin:greedy"),)
    field += tuple(BotEntry(f"random{i}", "builtin:random") for i in range(1, size + 1))
    spec = TournamentSpec("arctic_scavengers", field, seed=2026, table_size=size, cycles=1)
    done, records, ladder = play(str(tmp_path / "t.db"), spec)

    assert done.status is Status.FINISHED
    assert done.played == len(records) == comb(size + 1, size) * size
    for record in records:
        assert record.outcome.termination.value == "normal"
        assert len(record.players) == size
        assert sum(record.outcome.points) == pytest.approx(size / 2)
    standings = compute_standings(records, spec.bot_names, size)
    assert standings[0].bot == "greedy" and all(s.faults == 0 for s in standings)
    assert ladder[0].bot == "greedy"


def test_bot_processes_play_over_grpc_from_the_cli(capsys, sqlite_path, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)
    field = []
    for pair in (f"greedy={GREEDY_BOT}", f"rando={RANDOM_BOT}", "local=builtin:random"):
        field += ["--bot", pair]
    with pytest.raises(SystemExit) as info:
        main(
            ["tournament", "run", "-g", "arctic_scavengers", *field, "--table-size", "3"]
            + ["--seed", "12", "--db", sqlite_path]
        )
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    assert "3 matches at tables of 3" in err and "Leaderboard: arctic_scavengers" in out
    with pytest.raises(SystemExit):
        main(["tournament", "show", "1", "-f", "json", "--matches", "--db", sqlite_path])
    shown = json.loads(capsys.readouterr()[0])
    assert all(match["end"] == "normal" for match in shown["matches"])
    assert shown["standings"][0]["bot"] == "greedy"
