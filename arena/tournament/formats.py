"""The schedule of any format: all at once (round robin, gauntlet) or round by round (Swiss,
knockout), and the round formats' standings.

`schedule_so_far(spec, start_seat, records)` replays the planning of a round format from its
finished matches: every round it would have planned, in order, up to the one under way. The
runner stores what it returns beyond the fixtures it has; an import rebuilds the same fixtures
from exported records. A round is planned only once the previous one is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from arena.core import MatchRecord
from arena.errors import ConfigError
from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.knockout import (
    check_knockout,
    knockout_placings,
    knockout_stages,
    plan_knockout_round,
)
from arena.tournament.rounds import RoundPlan, fixtures_for_round, seeding
from arena.tournament.schedule import (
    Fixture,
    Format,
    StartSeat,
    TournamentSpec,
    fixture_count,
    make_fixtures,
)
from arena.tournament.swiss import (
    check_swiss,
    default_swiss_rounds,
    plan_swiss_round,
    swiss_byes,
    swiss_standings,
)

Planner = Callable[[list[Encounter]], RoundPlan | None]


def seeding_of(spec: TournamentSpec) -> tuple[str, ...]:
    """The bots in seed order: the spec's own order, else shuffled by the tournament seed."""
    return seeding(spec.bot_names, spec.seed, spec.seeding or None)


def default_rounds(spec: TournamentSpec) -> int:
    """The Swiss rounds of a spec that names none."""
    return default_swiss_rounds(len(spec.bots), spec.table_size)


def check_format(spec: TournamentSpec) -> None:
    """ConfigError unless the format can seat these bots at these tables."""
    if spec.format is Format.SWISS:
        check_swiss(len(spec.bots), spec.table_size, spec.rounds or 1)
    elif spec.format is Format.KNOCKOUT:
        check_knockout(len(spec.bots), spec.table_size)
        if spec.rounds:
            raise ConfigError("--rounds applies only to --format swiss")
    else:
        if spec.rounds:
            raise ConfigError("--rounds applies only to --format swiss")
        make_fixtures(spec)  # validates bots, format and sizes before anything is stored


def planner(spec: TournamentSpec) -> Planner:
    """The next round of a round format from its complete encounters (None: it is over)."""
    bots = list(seeding_of(spec))
    k = spec.table_size
    if spec.format is Format.SWISS:
        rounds = spec.rounds or default_rounds(spec)
        return lambda played: plan_swiss_round(bots, k, rounds, played)
    if spec.format is Format.KNOCKOUT:
        return lambda played: plan_knockout_round(bots, k, played)
    raise ConfigError(f"{spec.format.value} is not played by rounds")


def planned_fixtures(spec: TournamentSpec) -> int:
    """How many matches the whole tournament plays (a knockout: without tie-break replays)."""
    n, k = len(spec.bots), spec.table_size
    if spec.format is Format.SWISS:
        return (spec.rounds or default_rounds(spec)) * (n // k) * k
    if spec.format is Format.KNOCKOUT:
        knockout_stages(n, k)  # checks the field
        return (n - 1) // (k - 1) * k  # every table sends one bot on
    return fixture_count(spec)


def schedule_so_far(
    spec: TournamentSpec, start_seat: StartSeat | None, records: Mapping[int, MatchRecord]
) -> list[Fixture]:
    """Every fixture planned so far, given the finished matches by fixture index: all of them
    for round robin and gauntlet, the rounds up to the one under way for Swiss and knockout."""
    if not spec.format.by_rounds:
        return make_fixtures(spec, start_seat)
    plan_next = planner(spec)
    fixtures: list[Fixture] = []
    while True:
        done = [(f, records[f.index]) for f in fixtures if f.index in records]
        plan = plan_next(encounters_from(done))
        if plan is None or any(f.cycle == plan.round for f in fixtures):
            return fixtures  # over, or the round under way is planned already
        fresh = fixtures_for_round(spec.seed, plan, spec.deals, start_seat, len(fixtures))
        fixtures += fresh
        if not all(f.index in records for f in fresh):
            return fixtures


def played_pairs(
    fixtures: Sequence[Fixture], records: Sequence[MatchRecord]
) -> list[tuple[Fixture, MatchRecord]]:
    """Each finished match with its fixture (matched by match id)."""
    by_id = {r.match_id: r for r in records}
    return [(f, by_id[f.match_id]) for f in fixtures if f.match_id in by_id]


def swiss_table(
    spec: TournamentSpec, pairs: Sequence[tuple[Fixture, MatchRecord]]
) -> dict[str, tuple[int, float, float, float, int]]:
    """Per bot: (place, score, Buchholz, Sonneborn-Berger, byes) over complete encounters."""
    bots = list(seeding_of(spec))
    played = encounters_from(pairs)
    byes = swiss_byes(bots, spec.table_size, played)
    return {
        s.bot: (s.place, s.score, s.buchholz, s.sonneborn_berger, s.byes)
        for s in swiss_standings(bots, played, byes)
    }


def knockout_places(
    spec: TournamentSpec, pairs: Sequence[tuple[Fixture, MatchRecord]]
) -> dict[str, int]:
    """Per bot: its place in the bracket so far (bots out in one stage share a place)."""
    bots = list(seeding_of(spec))
    placings = knockout_placings(bots, spec.table_size, encounters_from(pairs))
    return {p.bot: p.place for p in placings}


__all__ = [
    "check_format",
    "default_rounds",
    "knockout_places",
    "planned_fixtures",
    "played_pairs",
    "schedule_so_far",
    "seeding_of",
    "swiss_table",
]
