"""The protocol every tournament format implements, and the two ways a schedule is made.

A format is one module under arena/tournament/formats/ holding one TournamentFormat: its name
and help, the options it takes and their checks, the number of matches it announces, its
schedule (all at once, AllAtOnce; or round by round from the results so far, ByRounds) and
the standings order it contributes to reports. Nothing outside the package asks which format
a tournament has: it calls the format (see arena/tournament/formats/__init__.py).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.rounds import RoundPlan, fixtures_for_round, seeding
from arena.tournament.schedule import (
    Fixture,
    StartSeat,
    TournamentSpec,
    table_fixtures,
    validate_spec,
)

Pairs = Sequence[tuple[Fixture, MatchRecord]]
"""Finished matches with their fixtures."""


@dataclass(frozen=True, slots=True)
class FormatOption:
    """A whole-number option of a format beyond --rounds and --hero (`--format-option K=V`)."""

    name: str
    help: str
    minimum: int = 1


@dataclass(frozen=True, slots=True)
class Placing:
    """A bot's place in a format's own standings, with the Swiss columns when it has them."""

    place: int  # 1 is best; shared by bots the format cannot separate
    score: float | None = None
    buchholz: float | None = None
    sonneborn_berger: float | None = None
    byes: int | None = None


@dataclass(frozen=True, slots=True)
class FormatStandings:
    """A format's order of the field and its tie-break rule in words."""

    placings: Mapping[str, Placing]
    tie_breaks: str


class TournamentFormat(abc.ABC):
    """One tournament format: how its tables are chosen, how many matches it plays, its order."""

    name: str  # stored in tournaments.format and exported records: never renamed
    help: str  # one phrase for --format's help
    takes_rounds = False  # whether --rounds applies
    takes_hero = False  # whether --hero applies
    options: tuple[FormatOption, ...] = ()

    def check(self, spec: TournamentSpec) -> None:
        """ConfigError unless this format can seat these bots at these tables (defaults may
        still be missing: rounds 0, options left out)."""
        if spec.rounds and not self.takes_rounds:
            raise ConfigError(f"--rounds does not apply to --format {self.name}")
        if spec.hero is not None and not self.takes_hero:
            raise ConfigError(f"--hero does not apply to --format {self.name}")
        known = {o.name: o for o in self.options}
        for key, value in spec.format_options.items():
            if key not in known:
                takes = ", ".join(known) or "none"
                raise ConfigError(
                    f"--format {self.name} has no option {key!r} (its options: {takes})"
                )
            if not isinstance(value, int) or value < known[key].minimum:
                raise ConfigError(f"format option {key} must be at least {known[key].minimum}")

    def parse_options(self, texts: Mapping[str, str]) -> dict[str, int]:
        """The format options given as text (a flag, a CreateTournament field), as numbers;
        check() refuses the ones this format does not take."""
        out: dict[str, int] = {}
        for key, text in texts.items():
            try:
                out[key] = int(text)
            except ValueError:
                raise ConfigError(f"format option {key}={text!r} is not a whole number") from None
        return out

    def with_defaults(self, spec: TournamentSpec) -> TournamentSpec:
        """The checked spec with the format's defaults filled in (stored that way, so a later
        change of a default never changes a stored tournament)."""
        self.check(spec)
        return spec

    @abc.abstractmethod
    def planned_matches(self, spec: TournamentSpec) -> int:
        """How many matches the whole tournament plays: the count it announces."""

    @abc.abstractmethod
    def schedule_so_far(
        self, spec: TournamentSpec, start_seat: StartSeat | None, records: Mapping[int, MatchRecord]
    ) -> list[Fixture]:
        """Every fixture planned so far, given the finished matches by fixture index."""

    @abc.abstractmethod
    def added_fixtures(
        self,
        spec: TournamentSpec,
        start_seat: StartSeat | None,
        stored: Sequence[Fixture],
        finished: Callable[[], Mapping[int, MatchRecord]],
    ) -> list[Fixture]:
        """The fixtures to store beyond `stored` now (`finished` reads the finished matches
        by fixture index, called only by a format whose schedule depends on them)."""

    def standings(self, spec: TournamentSpec, pairs: Callable[[], Pairs]) -> FormatStandings | None:
        """Its own order of the field (None: the game points' standings; `pairs` reads the
        finished matches with their fixtures, called only by a format that ranks by them)."""
        return None

    def knockout_part(
        self, bots: int, table_size: int, rounds: int, options: Mapping[str, int]
    ) -> tuple[int, int] | None:
        """Its knockout, if it plays one: (the bots its bracket starts with, the encounters
        played before the bracket); None: no bracket (arena/app/brackets.py draws it)."""
        return None


class AllAtOnce(TournamentFormat):
    """A format whose whole schedule is known up front: cycles x its tables x rotations."""

    @abc.abstractmethod
    def tables(self, spec: TournamentSpec) -> list[tuple[str, ...]]:
        """The seating lists of one cycle, in schedule order."""

    def added_fixtures(
        self,
        spec: TournamentSpec,
        start_seat: StartSeat | None,
        stored: Sequence[Fixture],
        finished: Callable[[], Mapping[int, MatchRecord]],
    ) -> list[Fixture]:
        """None: the whole schedule is stored when the tournament is created."""
        return []

    def table_count(self, spec: TournamentSpec) -> int:
        """How many tables one cycle has (a format whose tables are many counts them instead)."""
        return len(self.tables(spec))

    def planned_matches(self, spec: TournamentSpec) -> int:
        """Cycles x tables x one match per rotation: counted, so that a schedule too large to
        list is refused by its size before it is listed."""
        validate_spec(spec)
        self.check(spec)
        return spec.cycles * self.table_count(spec) * spec.table_size

    def schedule_so_far(
        self, spec: TournamentSpec, start_seat: StartSeat | None, records: Mapping[int, MatchRecord]
    ) -> list[Fixture]:
        """The whole schedule, whatever has been played."""
        return all_fixtures(self, spec, start_seat)


def all_fixtures(
    fmt: AllAtOnce, spec: TournamentSpec, start_seat: StartSeat | None
) -> list[Fixture]:
    """Cycles x tables x rotations, seeds as schedule.table_fixtures makes them."""
    validate_spec(spec)
    fmt.check(spec)
    out: list[Fixture] = []
    cycle_tables = fmt.tables(spec)
    for cycle in range(spec.cycles):
        for table, seating in enumerate(cycle_tables):
            out += table_fixtures(
                spec.seed, cycle, table, seating, spec.deals, start_seat, first_index=len(out)
            )
    return out


class ByRounds(TournamentFormat):
    """A format planned one round at a time from the complete encounters so far.

    `schedule_so_far` replays the planning from the finished matches: every round it would
    have planned, in order, up to the one under way, so a resume or an import rebuilds the
    same fixtures. A round is planned only once the previous one is complete.
    """

    @abc.abstractmethod
    def next_round(self, spec: TournamentSpec, played: list[Encounter]) -> RoundPlan | None:
        """The round to play now (the one under way again while it is); None once it is over."""

    def added_fixtures(
        self,
        spec: TournamentSpec,
        start_seat: StartSeat | None,
        stored: Sequence[Fixture],
        finished: Callable[[], Mapping[int, MatchRecord]],
    ) -> list[Fixture]:
        """The next round once the stored ones are complete (nothing while one is under way)."""
        return self.schedule_so_far(spec, start_seat, finished())[len(stored) :]

    def schedule_so_far(
        self, spec: TournamentSpec, start_seat: StartSeat | None, records: Mapping[int, MatchRecord]
    ) -> list[Fixture]:
        """The rounds up to the one under way (the first round when nothing is played)."""
        fixtures: list[Fixture] = []
        while True:
            done = [(f, records[f.index]) for f in fixtures if f.index in records]
            plan = self.next_round(spec, encounters_from(done))
            if plan is None or any(f.cycle == plan.round for f in fixtures):
                return fixtures  # over, or the round under way is planned already
            fresh = fixtures_for_round(spec.seed, plan, spec.deals, start_seat, len(fixtures))
            fixtures += fresh
            if not all(f.index in records for f in fresh):
                return fixtures


def seeding_of(spec: TournamentSpec) -> tuple[str, ...]:
    """The bots in seed order: the spec's own order, else shuffled by the tournament seed."""
    return seeding(spec.bot_names, spec.seed, spec.seeding or None)


def shifted(plan: RoundPlan | None, by: int) -> RoundPlan | None:
    """A plan with its round number moved by `by` (a stage played after other rounds)."""
    return None if plan is None else replace(plan, round=plan.round + by)


__all__ = [
    "AllAtOnce",
    "ByRounds",
    "FormatOption",
    "FormatStandings",
    "Pairs",
    "Placing",
    "TournamentFormat",
    "all_fixtures",
    "seeding_of",
    "shifted",
]
