"""Hypnosia in tournaments and on the ladder at tables of 2 to 6, `arena play`, CLI runs, and
a six-seat match over gRPC."""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter
from math import comb
from pathlib import Path

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.cli import main
from arena.core.game import replay
from arena.games.hypnosia import GAME, HypnosiaOptions
from arena.match.clock import Clock
from arena.match.referee import play_match
from arena.ratings.trueskill_ladder import fold_ratings
from arena.rpc.embedded import EmbeddedReferee
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec, compute_standings
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import first_decision_is_simultaneous, game_and_options

SIZES = [2, 3, 4, 5, 6]


def spec_for(size: int) -> TournamentSpec:
    """One greedy bot and `size` random ones (one more than a table holds), one cycle."""
    randoms = tuple(BotEntry(f"random{i}", "builtin:random") for i in range(1, size + 1))
    bots = (BotEntry("greedy", "builtin:greedy"), *randoms)
    return TournamentSpec("hypnosia", bots, seed=11 + size, table_size=size, cycles=1)


def play(db: str, spec: TournamentSpec):
    game, options = game_and_options(spec)
    bots = {b.name: b for b in spec.bots}
    runner = local_runner(
        game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
    )
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        done = asyncio.run(play_tournament(store, stored.id, runner, concurrency=2))
        return done, store.tournament_matches(stored.id), fold_ratings(store.results("hypnosia"))


@pytest.mark.parametrize("size", SIZES)
def test_tables_of_two_to_six_seat_every_bot_everywhere_and_greedy_leads(size, tmp_path):
    spec = spec_for(size)
    assert not first_decision_is_simultaneous(spec)
    done, records, ladder = play(str(tmp_path / "t.db"), spec)
    assert done.status is Status.FINISHED
    assert done.played == len(records) == comb(size + 1, size) * size
    standings = compute_standings(records, spec.bot_names, size)
    per_seat = comb(size, size - 1)  # tables a bot sits at, once in every seat
    assert {s.bot: s.seat_games for s in standings} == {
        b: (per_seat,) * size for b in spec.bot_names
    }
    for record in records:
        assert record.outcome.termination.value in ("normal", "turn_cap")  # HY-A15
        assert sum(record.outcome.points) == pytest.approx(size / 2)
    # A table's deals all start in one seat: rotating the seats rotates the start player (the
    # roll-off winner). Records come in fixture order, a table's rotations together.
    for first in range(0, len(records), size):
        starters = [r.players[r.moves[0].seat] for r in records[first : first + size]]
        assert len(set(starters)) == size
    assert standings[0].bot == "greedy" and ladder[0].bot == "greedy"
    assert Counter(e.bot for e in ladder) == Counter(spec.bot_names)


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as info:
        main(list(args))
    out, err = capsys.readouterr()
    return info.value.code or 0, out, err


def test_arena_play_renders_the_approximate_board(capsys):
    args = ("play", "hypnosia", "--bot", "greedy", "--bot", "random", "--seed", "7")
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    assert "approximation" in out and "result (normal" in out and "#1 seat" in out
    assert run_cli(capsys, *args) == (code, out, err)  # the seed replays the game


def test_cli_tournament_at_tables_of_six(capsys, sqlite_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    field = ["--bot", "greedy=builtin:greedy"]
    for name in ("a", "b", "c", "d", "e", "f"):
        field += ["--bot", f"{name}=builtin:random"]
    code, out, err = run_cli(
        capsys, "tournament", "run", "-g", "hypnosia", *field, "--table-size", "6",
        "--seed", "5", "-o", "stacks_cross=false", "--db", sqlite_path,
    )  # fmt: skip
    assert code == 0, err
    assert "42 matches at tables of 6" in err and "6th to move" in out
    code, shown, _ = run_cli(
        capsys, "tournament", "show", "1", "-f", "json", "--matches", "--db", sqlite_path
    )
    data = json.loads(shown)
    assert data["standings"][0]["bot"] == "greedy"
    assert {m["end"] for m in data["matches"]} <= {"normal", "turn_cap"}
    code, replayed, _ = run_cli(capsys, "replay", "t1-0", "--db", sqlite_path)
    assert code == 0 and "approximation" in replayed and "\nresult (normal" in replayed


def test_six_seats_over_grpc_with_bot_processes():
    """A 6-player match through the embedded gRPC referee: greedy and random bot processes
    (the random process holds five seats); the record replays to the same outcome."""
    bots = Path(__file__).resolve().parents[3] / "bots"

    async def scenario():
        async with EmbeddedReferee() as referee:
            await asyncio.gather(
                referee.launch("grd", f"{sys.executable} {bots / 'greedy_bot.py'}"),
                referee.launch("rnd", f"{sys.executable} {bots / 'random_bot.py'}"),
            )
            players = [referee.player(n) for n in ["rnd", "rnd", "grd", "rnd", "rnd", "rnd"]]
            clock = Clock(per_move_ms=2000, bank_ms=5000)
            return await play_match(GAME, HypnosiaOptions(), 21, players, clock=clock)

    record = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert record.outcome.termination.value in ("normal", "turn_cap")
    states = replay(GAME, 6, HypnosiaOptions(), 21, [(m.seat, m.move) for m in record.moves])
    assert GAME.outcome(states[-1]) == record.outcome and len(record.moves) > 30
    assert record.players == ("rnd", "rnd", "grd", "rnd", "rnd", "rnd")
