"""Knockout brackets: seeding, byes, who meets whom, tie-break replays, placings."""

from __future__ import annotations

import random

import pytest
from round_helpers import names, scored

from arena.errors import ConfigError, TournamentError
from arena.tournament.knockout import (
    MAX_TIE_BREAKS,
    bracket_order,
    knockout_placings,
    knockout_rounds,
    knockout_stages,
    plan_knockout_round,
)
from arena.tournament.rounds import RoundPlan, fixtures_for_round
from arena.tournament.schedule import Deals


def favourites(bots):
    """The higher seed finishes ahead (s01 beats s02 ...)."""
    return lambda table: [-bots.index(b) for b in table]


def underdogs(bots):
    """The lower seed finishes ahead."""
    return lambda table: [bots.index(b) for b in table]


def run(bots, k, points_of, limit=100):
    played, plans = [], []
    while (plan := plan_knockout_round(bots, k, played)) is not None:
        plans.append(plan)
        played += [scored(plan.round, t, tb, points_of(tb)) for t, tb in enumerate(plan.tables)]
        assert len(plans) < limit
    return plans, played


def as_seeds(plan: RoundPlan) -> list[tuple[int, ...]]:
    return [tuple(int(b[1:]) for b in t) for t in plan.tables]


@pytest.mark.parametrize(
    ("n", "tables", "byes"),
    [
        (2, [(1, 2)], []),
        (3, [(2, 3)], [1]),
        (4, [(1, 4), (2, 3)], []),
        (5, [(4, 5)], [1, 2, 3]),
        (6, [(4, 5), (3, 6)], [1, 2]),
        (7, [(4, 5), (2, 7), (3, 6)], [1]),
        (8, [(1, 8), (4, 5), (2, 7), (3, 6)], []),
        (12, [(8, 9), (5, 12), (7, 10), (6, 11)], [1, 2, 3, 4]),
        (16, [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)], []),
        (17, [(16, 17)], list(range(1, 16))),
    ],
)
def test_the_first_stage_seeds_the_bracket_and_gives_the_top_seeds_byes(n, tables, byes):
    plan = plan_knockout_round(names(n), 2, [])
    assert plan is not None and plan.round == 0
    assert as_seeds(plan) == tables
    assert [int(b[1:]) for b in plan.byes] == byes


@pytest.mark.parametrize("n", range(2, 18))
def test_brackets_of_2_to_17_bots_meet_the_top_seeds_last(n):
    bots = names(n)
    plans, played = run(bots, 2, favourites(bots))
    stages = knockout_stages(n, 2)
    assert stages == (n - 1).bit_length() and len(plans) == stages  # no ties: one round each
    first = plans[0]
    assert sorted(first.seated + first.byes) == bots
    assert len(first.byes) == 2**stages - n and first.byes == tuple(bots[: len(first.byes)])
    # from the second stage on, the favourites fill the standard bracket of that size
    for stage, plan in enumerate(plans[1:], start=1):
        order = bracket_order(2 ** (stages - stage), 2)
        assert as_seeds(plan) == [tuple(order[i : i + 2]) for i in range(0, len(order), 2)]
        assert plan.byes == ()
    assert as_seeds(plans[-1]) == [(1, 2)]
    if n >= 4:
        assert as_seeds(plans[-2]) == [(1, 4), (2, 3)]
    places = {p.bot: (p.place, p.last_place) for p in knockout_placings(bots, 2, played)}
    assert places["s01"] == (1, 1) and places["s02"] == (2, 2)
    if n >= 4:
        assert places["s03"] == places["s04"] == (3, 4)


def test_upsets_carry_the_lower_seeds_through_the_bracket():
    bots = names(8)
    plans, played = run(bots, 2, underdogs(bots))
    assert [as_seeds(p) for p in plans] == [
        [(1, 8), (4, 5), (2, 7), (3, 6)],
        [(8, 5), (7, 6)],
        [(8, 7)],
    ]
    placings = [(p.place, p.last_place, p.bot, p.out_in_stage) for p in
                knockout_placings(bots, 2, played)]  # fmt: skip
    assert placings == [
        (1, 1, "s08", None),
        (2, 2, "s07", 2),
        (3, 4, "s05", 1),
        (3, 4, "s06", 1),
        (5, 8, "s01", 0),
        (5, 8, "s02", 0),
        (5, 8, "s03", 0),
        (5, 8, "s04", 0),
    ]


def test_tables_of_three_and_four_snake_the_seeds():
    assert bracket_order(9, 3) == [1, 6, 7, 2, 5, 8, 3, 4, 9]
    assert bracket_order(16, 4) == [1, 8, 9, 16, 2, 7, 10, 15, 3, 6, 11, 14, 4, 5, 12, 13]
    bots = names(9)
    plans, played = run(bots, 3, favourites(bots))
    assert [as_seeds(p) for p in plans] == [[(1, 6, 7), (2, 5, 8), (3, 4, 9)], [(1, 2, 3)]]
    placings = [(p.place, p.last_place, p.bot) for p in knockout_placings(bots, 3, played)]
    assert placings[:3] == [(1, 1, "s01"), (2, 3, "s02"), (2, 3, "s03")]
    assert {p[:2] for p in placings[3:]} == {(4, 9)}
    bots = names(7)
    plans, _ = run(bots, 3, favourites(bots))
    assert plans[0].byes == ("s01",)
    assert [as_seeds(p) for p in plans] == [[(2, 5, 6), (3, 4, 7)], [(1, 2, 3)]]
    bots = names(7)
    plans, _ = run(bots, 4, underdogs(bots))
    assert plans[0] == RoundPlan(0, (("s04", "s05", "s06", "s07"),), ("s01", "s02", "s03"))
    assert as_seeds(plans[1]) == [(1, 2, 3, 7)]


@pytest.mark.parametrize(
    ("n", "k", "message"),
    [
        (4, 3, "needs a field of 3, 5, 7, 9"),
        (6, 3, "needs a field"),
        (5, 4, "needs a field of 4, 7, 10, 13"),
        (8, 4, "needs a field"),
        (4, 1, "at least 2"),
        (2, 3, "cannot fill"),
    ],
)
def test_fields_a_knockout_cannot_reduce_to_one_winner_are_refused(n, k, message):
    with pytest.raises(ConfigError, match=message):
        plan_knockout_round(names(n), k, [])


def test_a_tied_encounter_is_replayed_in_a_round_of_its_own():
    bots = names(4)
    round_0 = [scored(0, 0, ("s01", "s04"), [1, 1]), scored(0, 1, ("s02", "s03"), [0, 1])]
    assert plan_knockout_round(bots, 2, round_0) == RoundPlan(1, (("s01", "s04"),), ())
    replay = [scored(1, 0, ("s01", "s04"), [0, 2])]
    assert plan_knockout_round(bots, 2, round_0 + replay) == RoundPlan(2, (("s04", "s03"),), ())
    # the replay's fixtures are dealt afresh: it is another round
    seeds_0 = {f.seed for f in fixtures_for_round(9, RoundPlan(0, (("s01", "s04"),)),
                                                  Deals.DUPLICATE, None, 0)}  # fmt: skip
    seeds_1 = {f.seed for f in fixtures_for_round(9, RoundPlan(1, (("s01", "s04"),)),
                                                  Deals.DUPLICATE, None, 2)}  # fmt: skip
    assert seeds_0.isdisjoint(seeds_1)


def test_after_the_last_tie_break_the_higher_seed_goes_on():
    bots = names(3)
    played = []
    for r in range(1 + MAX_TIE_BREAKS):
        expected = RoundPlan(r, (("s02", "s03"),), ("s01",) if r == 0 else ())
        assert plan_knockout_round(bots, 2, played) == expected
        played.append(scored(r, 0, ("s02", "s03"), [0.5, 0.5]))
    final = 1 + MAX_TIE_BREAKS
    assert plan_knockout_round(bots, 2, played) == RoundPlan(final, (("s01", "s02"),), ())
    played.append(scored(final, 0, ("s01", "s02"), [0, 1]))
    assert plan_knockout_round(bots, 2, played) is None
    assert [(p.place, p.bot) for p in knockout_placings(bots, 2, played)] == [
        (1, "s02"),
        (2, "s01"),
        (3, "s03"),
    ]


def test_at_a_bigger_table_only_the_tied_leaders_can_go_on_after_a_replay():
    bots = names(9)
    round_0 = [
        scored(0, 0, ("s01", "s06", "s07"), [0, 2, 2]),  # s06 and s07 tied first
        scored(0, 1, ("s02", "s05", "s08"), [2, 1, 0]),
        scored(0, 2, ("s03", "s04", "s09"), [2, 1, 0]),
    ]
    assert plan_knockout_round(bots, 3, round_0) == RoundPlan(1, (("s01", "s06", "s07"),), ())
    replay = [scored(1, 0, ("s01", "s06", "s07"), [3, 2, 1])]  # s01 first, but it was out
    assert plan_knockout_round(bots, 3, round_0 + replay) == RoundPlan(
        2, (("s06", "s02", "s03"),), ()
    )


def test_placings_while_the_bracket_is_under_way_share_the_open_places():
    bots = names(4)
    round_0 = [scored(0, 0, ("s01", "s04"), [1, 0]), scored(0, 1, ("s02", "s03"), [0, 1])]
    rows = [(p.place, p.last_place, p.bot, p.out_in_stage) for p in
            knockout_placings(bots, 2, round_0)]  # fmt: skip
    assert rows == [
        (1, 2, "s01", None),
        (1, 2, "s03", None),
        (3, 4, "s02", 0),
        (3, 4, "s04", 0),
    ]
    assert [(p.place, p.last_place) for p in knockout_placings(bots, 2, [])] == [(1, 4)] * 4


def test_the_plan_does_not_depend_on_the_order_of_played_and_a_round_under_way_repeats():
    bots = names(13)
    rng = random.Random(4)
    plans, played = run(bots, 2, lambda table: [rng.randint(0, 2) for _ in table])
    assert len(plans) > knockout_stages(13, 2)  # some ties were replayed
    for seed in range(5):
        shuffled = list(played)
        random.Random(seed).shuffle(shuffled)
        assert knockout_rounds(bots, 2, shuffled) == tuple(plans)
    last = plans[-1]
    first_table_only = [e for e in played if e.round < last.round or e.table == 0]
    if len(last.tables) > 1:
        assert plan_knockout_round(bots, 2, first_table_only) == last
    before_last = [e for e in played if e.round < last.round]
    assert plan_knockout_round(bots, 2, before_last) == last
    assert knockout_rounds(bots, 2, before_last) == tuple(plans)


def test_played_encounters_that_contradict_the_bracket_are_refused():
    bots = names(4)
    with pytest.raises(TournamentError, match="its plan differs"):
        plan_knockout_round(bots, 2, [scored(0, 0, ("s01", "s02"), [1, 0])])
    with pytest.raises(TournamentError, match="after the round to play"):
        plan_knockout_round(bots, 2, [scored(3, 0, ("s01", "s02"), [1, 0])])
    twice = [scored(0, 0, ("s01", "s04"), [1, 0])] * 2
    with pytest.raises(TournamentError, match="two encounters"):
        plan_knockout_round(bots, 2, twice)
    with pytest.raises(ConfigError, match="twice"):
        plan_knockout_round(["a", "a"], 2, [])


def test_stage_counts():
    assert [knockout_stages(n, 2) for n in (2, 3, 4, 5, 8, 9, 16, 17)] == [1, 2, 2, 3, 3, 4, 4, 5]
    assert [knockout_stages(n, 3) for n in (3, 5, 9, 11, 27)] == [1, 2, 2, 3, 3]
    assert [knockout_stages(n, 4) for n in (4, 7, 16, 19)] == [1, 2, 2, 3]
