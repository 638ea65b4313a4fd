"""Encounters: a table's rotations grouped and scored as one; seeding; a round's fixtures."""

from __future__ import annotations

import random

import pytest

from arena.core.values import MatchRecord, Outcome
from arena.errors import ConfigError, TournamentError
from arena.tournament.encounters import encounters_from
from arena.tournament.formats import make_fixtures
from arena.tournament.rounds import RoundPlan, fixtures_for_round, seeding
from arena.tournament.schedule import (
    BotEntry,
    Deals,
    Fixture,
    TournamentSpec,
    derive_seed,
)


def game(fixture: Fixture, points_by_bot: dict[str, float]) -> tuple[Fixture, MatchRecord]:
    """A finished fixture whose seats scored the given points (ranks follow the points)."""
    points = tuple(points_by_bot[b] for b in fixture.seats)
    ranks = tuple(1 + sum(other > mine for other in points) for mine in points)
    outcome = Outcome(ranks=ranks, scores=points, points=points)
    record = MatchRecord(fixture.match_id, "g", {}, fixture.seed, fixture.seats, (), outcome)
    return fixture, record


def fixtures(round_: int, *tables: tuple[str, ...]) -> list[Fixture]:
    return fixtures_for_round(5, RoundPlan(round_, tables), Deals.INDEPENDENT, None, 0)


def test_a_drawn_encounter_shares_first_place_and_the_match_points():
    f0, f1 = fixtures(0, ("a", "b"))
    (e,) = encounters_from([game(f0, {"a": 1.0, "b": 0.0}), game(f1, {"a": 0.0, "b": 1.0})])
    assert (e.round, e.table, e.bots) == (0, 0, ("a", "b"))
    assert e.points == (1.0, 1.0) and e.wins == (1, 1)
    assert e.ranks == (1, 1) and e.match_points == (0.5, 0.5)
    assert e.winners == ("a", "b")


def test_summed_game_points_decide_not_the_number_of_games_won():
    f0, f1 = fixtures(2, ("a", "b"))
    # Lucky Numbers style points: a wins big, b wins narrowly
    pairs = [game(f0, {"a": 2.0, "b": -3.0}), game(f1, {"a": -1.0, "b": 2.0})]
    (e,) = encounters_from(pairs)
    assert e.points == (1.0, -1.0) and e.wins == (1, 1)
    assert e.match_points == (1.0, 0.0) and e.winners == ("a",)
    assert e.match_points_of("b") == 0.0 and e.rank_of("b") == 2


def test_at_equal_points_more_wins_ranks_higher_and_equal_bots_share_the_places():
    f0, f1, f2 = fixtures(0, ("a", "b", "c"))  # seats abc, bca, cab
    pairs = [
        game(f0, {"a": 1.0, "b": 0.5, "c": 0.0}),
        game(f1, {"a": 0.0, "b": 0.5, "c": 1.0}),
        game(f2, {"a": 0.5, "b": 0.5, "c": 0.5}),  # all share first: three wins
    ]
    (e,) = encounters_from(pairs)
    assert e.points == (1.5, 1.5, 1.5) and e.wins == (2, 1, 2)
    assert e.ranks == (1, 3, 1)
    assert e.match_points == (0.75, 0.0, 0.75)  # a and c share places 1-2 of 3


def test_points_equal_but_for_float_noise_are_equal():
    f0, f1 = fixtures(0, ("a", "b"))
    pairs = [game(f0, {"a": 0.1, "b": 0.3}), game(f1, {"a": 0.2, "b": 0.0})]  # 0.1+0.2 != 0.3
    (e,) = encounters_from(pairs)
    assert e.wins == (1, 1) and e.ranks == (1, 1)


def test_only_complete_encounters_count_and_their_order_does_not_matter():
    r0 = fixtures(0, ("a", "b"), ("c", "d"))
    r1 = fixtures_for_round(5, RoundPlan(1, (("a", "c"), ("b", "d"))), Deals.INDEPENDENT, None, 4)
    pairs = [
        game(r0[0], {"a": 1, "b": 0}),
        game(r0[1], {"a": 1, "b": 0}),
        game(r0[2], {"c": 0, "d": 1}),
        game(r0[3], {"c": 1, "d": 1}),
        game(r1[1], {"a": 0, "c": 1}),  # round 1, table 0: one rotation of two played
        game(r1[2], {"b": 1, "d": 0}),
        game(r1[3], {"b": 1, "d": 0}),
    ]
    encounters = encounters_from(pairs)
    assert [(e.round, e.table, e.bots) for e in encounters] == [
        (0, 0, ("a", "b")),
        (0, 1, ("c", "d")),
        (1, 1, ("b", "d")),
    ]
    assert [e.match_points for e in encounters] == [(1.0, 0.0), (0.0, 1.0), (1.0, 0.0)]
    for seed in range(5):
        shuffled = list(pairs)
        random.Random(seed).shuffle(shuffled)
        assert encounters_from(shuffled) == encounters


def test_the_seating_list_is_recovered_from_any_rotation():
    fs = fixtures(0, ("a", "b", "c", "d"))
    assert [f.seats for f in fs] == [
        ("a", "b", "c", "d"),
        ("b", "c", "d", "a"),
        ("c", "d", "a", "b"),
        ("d", "a", "b", "c"),
    ]
    points = {"a": 3.0, "b": 2.0, "c": 1.0, "d": 0.0}
    (e,) = encounters_from([game(f, points) for f in reversed(fs)])
    assert e.bots == ("a", "b", "c", "d") and e.points == (12.0, 8.0, 4.0, 0.0)
    assert e.match_points == (1.0, 2 / 3, 1 / 3, 0.0)


def test_records_that_contradict_their_fixtures_are_refused():
    f0, f1 = fixtures(0, ("a", "b"))
    fixture, record = game(f0, {"a": 1, "b": 0})
    with pytest.raises(TournamentError, match="seats"):
        encounters_from([(f1, record)])
    with pytest.raises(TournamentError, match="two records"):
        encounters_from([(fixture, record), (fixture, record)])
    other = fixtures(0, ("a", "c"))[1]  # rotation 1 of another seating at the same table
    with pytest.raises(TournamentError, match="mixes seatings"):
        encounters_from([game(f0, {"a": 1, "b": 0}), game(other, {"a": 1, "c": 0})])


def test_a_rounds_fixtures_use_the_seed_scheme_of_make_fixtures():
    plan = RoundPlan(3, (("a", "b"), ("c", "d")), byes=("e",))
    fs = fixtures_for_round(99, plan, Deals.INDEPENDENT, None, first_index=10)
    assert [(f.index, f.cycle, f.table, f.rotation, f.seats) for f in fs] == [
        (10, 3, 0, 0, ("a", "b")),
        (11, 3, 0, 1, ("b", "a")),
        (12, 3, 1, 0, ("c", "d")),
        (13, 3, 1, 1, ("d", "c")),
    ]
    assert [f.seed for f in fs] == [derive_seed(99, 3, t, r) for t in range(2) for r in range(2)]
    duplicate = fixtures_for_round(99, plan, Deals.DUPLICATE, None, first_index=0)
    assert [f.seed for f in duplicate] == [derive_seed(99, 3, t) for t in (0, 0, 1, 1)]


def test_a_round_with_the_tables_of_a_round_robin_gets_its_exact_fixtures():
    spec = TournamentSpec("g", tuple(BotEntry(n) for n in "abcd"), seed=42, table_size=3)
    start_seat = lambda seed: seed % 3  # noqa: E731 - a stand-in for a game's first mover
    expected = make_fixtures(spec, start_seat)
    tables = tuple(f.seats for f in expected if f.rotation == 0)
    plan = RoundPlan(0, tables)
    assert fixtures_for_round(42, plan, Deals.INDEPENDENT, start_seat, 0) == expected
    # the fair-start search: every rotation of a table starts in the seat rotation 0 starts in
    for t in range(len(tables)):
        assert len({start_seat(f.seed) for f in expected if f.table == t}) == 1


def test_seeding_is_a_stable_shuffle_of_the_names_or_the_given_order():
    bots = [f"bot{i}" for i in range(20)]
    order = seeding(bots, 7)
    assert sorted(order) == sorted(bots) and order != tuple(sorted(bots))
    assert seeding(reversed(bots), 7) == order  # argument order does not matter
    assert seeding(bots, 8) != order
    assert seeding(["x", "y", "z"], 0) == seeding(["z", "y", "x"], 0)
    assert seeding(bots, 7, order=bots) == tuple(bots)
    with pytest.raises(ConfigError, match="every bot"):
        seeding(bots, 7, order=bots[:-1])
    with pytest.raises(ConfigError, match="twice"):
        seeding(["a", "a"], 7)


def test_seeding_pins_its_shuffle():
    # pinned: a resume on another machine or Python version must seed the same way
    assert seeding("abcdef", 1) == ("c", "e", "a", "d", "b", "f")
    assert seeding([f"bot{i}" for i in range(5)], 2023) == ("bot1", "bot0", "bot3", "bot4", "bot2")
    assert len({seeding("abcdefgh", s) for s in range(30)}) > 20
