"""Epizodiak tournaments at tables of three: standings by seat and by play order (the first mover
is drawn from the seed), the ladder, the CLI, and bot processes over gRPC."""

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
from arena.tournament.manage import (
    default_table_size,
    first_decision_is_simultaneous,
    game_and_options,
)
from arena.tournament.standings import seat_summary

BOTS_DIR = Path(__file__).resolve().parents[3] / "bots"
FIELD = (
    BotEntry("greedy", "builtin:greedy"),
    *(BotEntry(f"random{i}", "builtin:random") for i in (1, 2, 3)),
)


def play(db: str, spec: TournamentSpec):
    """Create and play a tournament in-process: (stored, records, ladder)."""
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        game, options = game_and_options(stored.spec)
        bots = {b.name: b for b in stored.spec.bots}
        runner = local_runner(
            game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
        )
        done = asyncio.run(play_tournament(store, stored.id, runner, concurrency=2))
        return done, store.tournament_matches(stored.id), fold_ratings(store.results("epizodiak"))


@pytest.mark.parametrize("mode", ["one_round", "score7"])
def test_tables_of_three_seat_every_bot_everywhere_and_greedy_leads(tmp_path, mode):
    spec = TournamentSpec("epizodiak", FIELD, seed=2026, table_size=3, options={"mode": mode})
    assert default_table_size("epizodiak") == 3
    done, records, ladder = play(str(tmp_path / "t.db"), spec)

    assert done.status is Status.FINISHED and len(records) == comb(4, 3) * 3
    standings = compute_standings(records, spec.bot_names, 3)
    assert {s.bot: s.seat_games for s in standings} == {b: (3, 3, 3) for b in spec.bot_names}
    for record in records:
        assert record.outcome.termination.value == "normal"
        assert sum(record.outcome.points) == pytest.approx(1.5)
    assert standings[0].bot == "greedy" and ladder[0].bot == "greedy"

    # A table's deals all start in one seat (independent deals are chosen so), so each bot
    # starts once per table; records come in fixture order, a table's rotations together.
    assert not first_decision_is_simultaneous(spec)
    for first in range(0, len(records), 3):
        starters = [r.players[r.moves[0].seat] for r in records[first : first + 3]]
        assert len(set(starters)) == 3
    assert len({r.moves[0].seat for r in records}) > 1

    rows = {row.label: row for row in seat_summary(records, 3)}
    assert list(rows) == [f"seat {s}" for s in range(3)] + [
        "1st to move",
        "2nd to move",
        "3rd to move",
    ]
    assert all(row.games == len(records) for row in rows.values())
    for s in range(3):
        assert rows[f"seat {s}"].points == pytest.approx(sum(st.seat_points[s] for st in standings))


@pytest.fixture()
def cli_env(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def run_ok(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    assert (info.value.code or 0) == 0, err
    return out, err


def test_cli_tournament_with_bot_processes_over_grpc(capsys, sqlite_path, cli_env):
    greedy = f"{sys.executable} {BOTS_DIR / 'greedy_bot.py'} --seed 1"
    rando = f"{sys.executable} {BOTS_DIR / 'random_bot.py'} --seed 2"
    out, err = run_ok(
        capsys, "tournament", "run", "-g", "epizodiak", "--bot", f"greedy={greedy}",
        "--bot", f"rando={rando}", "--bot", "local=builtin:random", "-o", "mode=score7",
        "--seed", "12", "--db", sqlite_path,
    )  # fmt: skip
    assert "3 matches at tables of 3" in err
    assert "Results by seat and by play order" in out and "3rd to move" in out
    shown, _ = run_ok(capsys, "tournament", "show", "1", "-f", "json", "--matches", "--db",
                      sqlite_path)  # fmt: skip
    data = json.loads(shown)
    assert data["tournament"]["played"] == 3
    assert {row["bot"]: (row["games"], row["faults"]) for row in data["standings"]} == {
        "greedy": (3, 0),
        "rando": (3, 0),
        "local": (3, 0),
    }
    assert [row["seat"] for row in data["seats"]][:3] == ["seat 0", "seat 1", "seat 2"]
    replayed, _ = run_ok(capsys, "replay", "t1-0", "--db", sqlite_path)
    assert "\nresult (normal" in replayed
