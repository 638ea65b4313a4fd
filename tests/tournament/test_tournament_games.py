"""Tournaments and the ladder for Azul (tables of 2-4) and The Number (simultaneous, 3-5)."""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import replace
from math import comb

import pytest

from arena.app.running import create_tournament, play_tournament
from arena.core.game import new_game_state
from arena.errors import ConfigError, PlayerCountError
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament import (
    BotEntry,
    Deals,
    Format,
    Status,
    TournamentSpec,
    compute_standings,
    make_fixtures,
)
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.manage import (
    default_table_size,
    first_decision_is_simultaneous,
    game_and_options,
)
from arena.tournament.standings import seat_summary

CYCLES = 2
CASES = [("azul", 2), ("azul", 3), ("azul", 4), ("the_number", 3), ("the_number", 4)]
CASES += [("the_number", 5)]


def field_of(size: int) -> tuple[BotEntry, ...]:
    """One greedy bot and `size` random ones: one bot more than a table holds."""
    randoms = tuple(BotEntry(f"random{i}", "builtin:random") for i in range(1, size + 1))
    return (BotEntry("greedy", "builtin:greedy"), *randoms)


def spec_for(game: str, size: int, seed: int = 2026) -> TournamentSpec:
    return TournamentSpec(game, field_of(size), seed=seed, table_size=size, cycles=CYCLES)


def runner_for(stored):
    game, options = game_and_options(stored.spec)
    bots = {b.name: b for b in stored.spec.bots}
    return local_runner(
        game, options, lambda f, seat: builtin_player(game.name, bots[f.seats[seat]], f, seat)
    )


def play(db: str, spec: TournamentSpec, concurrency: int = 2):
    """Create and play a tournament: (stored tournament, its records, the game's ladder)."""
    with Store.open(db) as store:
        stored = create_tournament(store, spec, owner=None)
        done = asyncio.run(
            play_tournament(store, stored.id, runner_for(stored), concurrency=concurrency)
        )
        return done, store.tournament_matches(stored.id), fold_ratings(store.results(spec.game))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Each (game, size) tournament of spec_for played once for the module's tests."""
    cache = {}

    def get(game: str, size: int):
        if (game, size) not in cache:
            db = str(tmp_path_factory.mktemp("played") / f"{game}-{size}.db")
            cache[game, size] = play(db, spec_for(game, size))
        return cache[game, size]

    return get


def essence(records):
    """What two runs of one tournament must agree on: ids, seeds, seats, moves, results."""
    return [
        (r.match_id, r.seed, r.players, [(m.seat, m.move) for m in r.moves], r.outcome)
        for r in records
    ]


@pytest.mark.parametrize(("game", "size"), CASES)
def test_every_bot_plays_every_seat_and_greedy_leads_standings_and_ladder(game, size, played):
    spec = spec_for(game, size)
    bots = size + 1
    done, records, ladder = played(game, size)

    assert done.status is Status.FINISHED
    assert done.fixtures == done.played == len(records) == comb(bots, size) * size * CYCLES
    per_seat = comb(bots - 1, size - 1) * CYCLES  # tables a bot sits at, once in every seat
    standings = compute_standings(records, spec.bot_names, size)
    assert {s.bot: s.seat_games for s in standings} == {
        b: (per_seat,) * size for b in spec.bot_names
    }
    assert all(s.games == per_seat * size and s.faults == 0 for s in standings)

    # 1 / 0.5 / 0-style points by rank: every match hands out size / 2 points in all.
    for record in records:
        assert record.outcome.termination.value == "normal"
        assert sum(record.outcome.points) == pytest.approx(size / 2)
        assert min(record.outcome.points) >= 0 and max(record.outcome.points) <= 1
    earned = Counter()
    for record in records:
        for bot, points in zip(record.players, record.outcome.points, strict=True):
            earned[bot] += points
    assert {s.bot: s.points for s in standings} == pytest.approx(dict(earned))
    assert sum(s.points for s in standings) == pytest.approx(len(records) * size / 2)

    assert standings[0].bot == "greedy" and standings[0].place == 1
    assert all(s.points < standings[0].points for s in standings[1:])
    assert ladder[0].bot == "greedy"
    assert {e.bot: e.games for e in ladder} == {s.bot: s.games for s in standings}
    assert {e.bot: e.wins for e in ladder} == {s.bot: s.wins for s in standings}


@pytest.mark.parametrize(("game", "size"), [("azul", 3), ("the_number", 4)])
def test_the_rotations_of_a_table_share_a_deal_and_seat_each_bot_once_everywhere(game, size):
    fixtures = make_fixtures(replace(spec_for(game, size), deals=Deals.DUPLICATE))
    by_table = {}
    for f in fixtures:
        by_table.setdefault((f.cycle, f.table), []).append(f)
    assert len(by_table) == comb(size + 1, size) * CYCLES
    for rotations in by_table.values():
        assert [f.rotation for f in rotations] == list(range(size))
        assert len({f.seed for f in rotations}) == 1
        for seat in range(size):
            assert sorted(f.seats[seat] for f in rotations) == sorted(rotations[0].seats)
    assert len({f.seed for f in fixtures}) == len(by_table)  # fresh deals per table and cycle


@pytest.mark.parametrize("size", [2, 3, 4])
def test_in_azul_each_bot_starts_once_per_table(size, played):
    assert not first_decision_is_simultaneous(spec_for("azul", size))
    _, records, _ = played("azul", size)
    # Each table's deals start in the same seat, so rotating the seats rotates the starter.
    for first in range(0, len(records), size):  # records in fixture order: a table's rotations
        starters = [r.players[r.moves[0].seat] for r in records[first : first + size]]
        assert len(starters) == size and len(set(starters)) == size

    rows = {row.label: row for row in seat_summary(records, size)}
    assert sum(rows[f"seat {s}"].games for s in range(size)) == len(records) * size
    assert "1st to move" in rows and rows["1st to move"].games == len(records)
    assert sum(r.points for r in rows.values()) == pytest.approx(len(records) * size)


@pytest.mark.parametrize("size", [3, 4, 5])
def test_the_number_decides_simultaneously_so_there_are_no_play_order_rows(size, played):
    spec = spec_for("the_number", size)
    game, options = game_and_options(spec)
    assert game.to_move(new_game_state(game, size, options, 0)) == tuple(range(size))
    assert first_decision_is_simultaneous(spec)
    _, records, _ = played("the_number", size)

    rows = seat_summary(records, size, by_play_order=False)
    assert [r.label for r in rows] == [f"seat {s}" for s in range(size)]
    assert all(r.games == len(records) for r in rows)  # every match fills every seat
    assert sum(r.points for r in rows) == pytest.approx(len(records) * size / 2)


def test_a_table_of_identical_bots_ties_every_game_and_the_ladder_keeps_them_level(tmp_path):
    firsts = tuple(BotEntry(name, "builtin:first") for name in ("ann", "bob", "cy"))
    spec = TournamentSpec("the_number", firsts, seed=3, table_size=3, cycles=2)
    _, records, ladder = play(str(tmp_path / "t.db"), spec)

    assert len(records) == 6
    assert all(r.outcome.ranks == (1, 1, 1) for r in records)  # the same numbers every turn
    assert all(r.outcome.points == (0.5, 0.5, 0.5) for r in records)  # three places shared
    standings = compute_standings(records, spec.bot_names, 3)
    assert [(s.place, s.points, s.wins) for s in standings] == [(1, 3.0, 6)] * 3
    assert [e.mu for e in ladder] == pytest.approx([25.0] * 3)
    assert all(e.sigma < 25 / 3 and e.games == e.wins == 6 for e in ladder)


@pytest.mark.parametrize(("game", "size", "stop_after"), [("azul", 4, 7), ("the_number", 4, 9)])
def test_an_interrupted_tournament_resumes_to_the_same_matches_and_ladder(
    game, size, stop_after, tmp_path, played
):
    spec = spec_for(game, size)
    _, reference, reference_ladder = played(game, size)  # uninterrupted, at concurrency 2

    with Store.open(str(tmp_path / "cut.db")) as store:
        stored = create_tournament(store, spec, owner=None)
        inner = runner_for(stored)
        started = 0

        async def failing(fixture):
            nonlocal started
            started += 1
            if started > stop_after:
                raise ConfigError("the organizer pulled the plug")
            return await inner(fixture)

        with pytest.raises(ConfigError):
            asyncio.run(play_tournament(store, stored.id, failing, concurrency=1))
        cut = store.tournament(stored.id)
        assert cut.status is Status.INTERRUPTED and cut.played == stop_after
        done = asyncio.run(play_tournament(store, stored.id, runner_for(stored), concurrency=3))
        assert done.status is Status.FINISHED and done.played == done.fixtures
        resumed = store.tournament_matches(stored.id)
        ladder = fold_ratings(store.results(game))
    assert essence(resumed) == essence(reference)
    assert ladder == reference_ladder


def test_a_gauntlet_of_the_number_seats_the_hero_at_every_table():
    spec = replace(spec_for("the_number", 3), format=Format.GAUNTLET, hero="greedy", cycles=1)
    fixtures = make_fixtures(spec)
    assert len(fixtures) == comb(3, 2) * 3  # the hero with every pair of the three others
    assert all("greedy" in f.seats for f in fixtures)
    assert Counter(f.seats.index("greedy") for f in fixtures) == {0: 3, 1: 3, 2: 3}


def test_table_sizes_default_to_two_or_the_game_minimum_and_are_checked(tmp_path):
    assert default_table_size("lucky_numbers") == 2
    assert default_table_size("azul") == 2
    assert default_table_size("the_number") == 3
    with Store.open(str(tmp_path / "t.db")) as store:
        with pytest.raises(PlayerCountError, match="the_number is played by 3 to 5 players"):
            create_tournament(store, replace(spec_for("the_number", 3), table_size=2), owner=None)
        with pytest.raises(PlayerCountError, match="azul is played by 2 to 4 players"):
            create_tournament(store, replace(spec_for("azul", 4), table_size=5), owner=None)
        two = (BotEntry("a", "builtin:random"), BotEntry("b", "builtin:random"))
        with pytest.raises(ConfigError, match="the_number needs at least 3 bots, not 2"):
            create_tournament(
                store, TournamentSpec("the_number", two, seed=1, table_size=3), owner=None
            )
        assert store.tournaments() == []
