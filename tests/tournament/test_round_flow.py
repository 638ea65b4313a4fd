"""The loop the runner drives between rounds, interrupted anywhere: the same fixtures and records.

plan from the encounters so far -> the round's fixtures (stored when planned) -> play the
missing ones -> again. A kill between any two games and a resume must give exactly the
records of an uninterrupted run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from arena.core.values import MatchRecord, Outcome
from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.knockout import plan_knockout_round
from arena.tournament.rounds import RoundPlan, fixtures_for_round, seeding
from arena.tournament.schedule import Deals, Fixture
from arena.tournament.swiss import default_swiss_rounds, plan_swiss_round

Planner = Callable[[list[Encounter]], RoundPlan | None]


def play(fixture: Fixture) -> MatchRecord:
    """A game whose result is a function of its seed (draws included)."""
    rng = random.Random(fixture.seed)
    points = tuple(float(rng.randint(0, 2)) for _ in fixture.seats)
    ranks = tuple(1 + sum(o > p for o in points) for p in points)
    outcome = Outcome(ranks=ranks, scores=points, points=points)
    return MatchRecord(fixture.match_id, "g", {}, fixture.seed, fixture.seats, (), outcome)


def drive(
    planner: Planner,
    deals: Deals,
    fixtures: list[Fixture],
    records: dict[int, MatchRecord],
    games_left: int | None = None,
) -> bool:
    """Run (or resume) until done, or until games_left games were played; True when done."""
    while True:
        done = [(f, records[f.index]) for f in fixtures if f.index in records]
        plan = planner(encounters_from(done))
        if plan is None:
            return True
        planned = [f for f in fixtures if f.cycle == plan.round]
        fresh = fixtures_for_round(
            77, plan, deals, lambda seed: seed % 3, len(fixtures) - len(planned)
        )
        if planned:
            assert planned == fresh  # the plan recomputed after a kill is the stored one
        else:
            fixtures += fresh
        for f in fresh:
            if f.index not in records:
                if games_left == 0:
                    return False
                records[f.index] = play(f)
                games_left = None if games_left is None else games_left - 1


def swiss(n: int, k: int) -> Planner:
    bots = list(seeding([f"bot{i}" for i in range(n)], 77))
    return lambda played: plan_swiss_round(bots, k, default_swiss_rounds(n, k), played)


def knockout(n: int, k: int) -> Planner:
    bots = list(seeding([f"bot{i}" for i in range(n)], 77))
    return lambda played: plan_knockout_round(bots, k, played)


@pytest.mark.parametrize(
    ("make", "n", "k", "deals"),
    [
        (swiss, 9, 2, Deals.INDEPENDENT),
        (swiss, 10, 3, Deals.DUPLICATE),
        (knockout, 13, 2, Deals.INDEPENDENT),
        (knockout, 7, 4, Deals.DUPLICATE),
    ],
)
def test_a_run_killed_between_any_two_games_resumes_to_the_same_records(make, n, k, deals):
    planner = make(n, k)
    fixtures: list[Fixture] = []
    records: dict[int, MatchRecord] = {}
    assert drive(planner, deals, fixtures, records)
    assert sorted(records) == [f.index for f in fixtures] == list(range(len(fixtures)))
    for kill_after in range(1, len(fixtures), 3):
        stored: list[Fixture] = []
        stored_records: dict[int, MatchRecord] = {}
        assert not drive(planner, deals, stored, stored_records, games_left=kill_after)
        # SIGKILL: what was stored survives, nothing else; the next process resumes from it
        assert drive(planner, deals, stored, stored_records)
        assert stored == fixtures and stored_records == records
