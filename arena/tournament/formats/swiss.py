"""Swiss: rounds of tables paired by score, no rematches (the pairing: tournament/swiss.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.formats.base import (
    ByRounds,
    FormatStandings,
    Pairs,
    Placing,
    seeding_of,
)
from arena.tournament.rounds import RoundPlan
from arena.tournament.schedule import TournamentSpec
from arena.tournament.swiss import (
    SWISS_TIE_BREAKS,
    check_swiss,
    default_swiss_rounds,
    plan_swiss_round,
    swiss_byes,
    swiss_standings,
)


class Swiss(ByRounds):
    """`rounds` rounds (default: enough for a winner), n // k tables each, byes for the rest."""

    name = "swiss"
    help = "rounds paired by score (--rounds)"
    takes_rounds = True

    def check(self, spec: TournamentSpec) -> None:
        """Tables of at least two, enough bots for one table."""
        super().check(spec)
        check_swiss(len(spec.bots), spec.table_size, spec.rounds or 1)

    def with_defaults(self, spec: TournamentSpec) -> TournamentSpec:
        """The rounds of a spec that names none: ceil(log_k n), see default_swiss_rounds."""
        self.check(spec)
        return replace(spec, rounds=spec.rounds or swiss_rounds(spec))

    def planned_matches(self, spec: TournamentSpec) -> int:
        """Every round seats n // k tables, each playing one match per rotation."""
        k = spec.table_size
        return (spec.rounds or swiss_rounds(spec)) * (len(spec.bots) // k) * k

    def next_round(self, spec: TournamentSpec, played: list[Encounter]) -> RoundPlan | None:
        """Paired by score from the encounters so far."""
        rounds = spec.rounds or swiss_rounds(spec)
        return plan_swiss_round(list(seeding_of(spec)), spec.table_size, rounds, played)

    def standings(self, spec: TournamentSpec, pairs: Callable[[], Pairs]) -> FormatStandings:
        """By score, Buchholz and Sonneborn-Berger, with those columns."""
        return FormatStandings(swiss_placings(spec, encounters_from(pairs())), SWISS_TIE_BREAKS)


def swiss_rounds(spec: TournamentSpec) -> int:
    """The Swiss rounds of a spec that names none."""
    return default_swiss_rounds(len(spec.bots), spec.table_size)


def swiss_placings(spec: TournamentSpec, played: list[Encounter]) -> dict[str, Placing]:
    """Per bot: its Swiss place and columns over these complete encounters."""
    bots = list(seeding_of(spec))
    byes = swiss_byes(bots, spec.table_size, played)
    return {
        s.bot: Placing(s.place, s.score, s.buchholz, s.sonneborn_berger, s.byes)
        for s in swiss_standings(bots, played, byes)
    }


FORMAT = Swiss()
