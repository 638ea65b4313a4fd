"""Literal results for the round-based formats: "a>b c=d" is one round of two tables."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from arena.core.game import points_by_rank, ranks_from_keys
from arena.core.values import Outcome
from arena.tournament.encounters import Encounter, encounter_of
from arena.tournament.rounds import RoundPlan


def table(round_: int, index: int, text: str) -> Encounter:
    """One encounter from "a>b=c>d" (finishing order, '=' for a shared place) or "a<b" (b won).

    The bots are seated in the order written.
    """
    upward = "<" in text
    groups = [g.split("=") for g in text.split("<" if upward else ">")]
    bots = tuple(b for g in groups for b in g)
    points = tuple(float(i if upward else len(groups) - i) for i, g in enumerate(groups) for _ in g)
    ranks = ranks_from_keys(points)
    outcome = Outcome(ranks=ranks, scores=points, points=points)
    return encounter_of(round_, index, bots, [(bots, outcome)])


def results(*rounds: str, first_round: int = 0) -> list[Encounter]:
    """Encounters of consecutive rounds, one string per round, tables separated by spaces."""
    return [
        table(first_round + r, t, text)
        for r, line in enumerate(rounds)
        for t, text in enumerate(line.split())
    ]


def play_round(plan: RoundPlan, rng: random.Random) -> list[Encounter]:
    """Random results for every table of a plan (ties possible), seated as planned."""
    return [
        scored(plan.round, t, bots, [float(rng.randint(0, 2)) for _ in bots])
        for t, bots in enumerate(plan.tables)
    ]


def repeat_meetings(encounters: Sequence[Encounter]) -> int:
    """How many pairs of bots shared a table once more than the first time."""
    pairs = [frozenset(p) for e in encounters for p in itertools.combinations(e.bots, 2)]
    return len(pairs) - len(set(pairs))


def names(n: int) -> list[str]:
    """n bot names in seeding order: s01, s02 ..."""
    return [f"s{i:02d}" for i in range(1, n + 1)]


def scored(round_: int, index: int, bots: Sequence[str], points: Sequence[float]) -> Encounter:
    """An encounter of bots seated in this order with these summed points (no wins counted)."""
    ranks = ranks_from_keys(points)
    return Encounter(
        round_, index, tuple(bots), tuple(points), (0,) * len(bots), ranks, points_by_rank(ranks)
    )
