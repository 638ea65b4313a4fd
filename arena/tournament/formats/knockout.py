"""Knockout: a seeded bracket, each table's winner goes on (the bracket: tournament/knockout.py)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.formats.base import ByRounds, FormatStandings, Pairs, Placing, seeding_of
from arena.tournament.knockout import (
    check_knockout,
    knockout_placings,
    knockout_stages,
    plan_knockout_round,
)
from arena.tournament.rounds import RoundPlan
from arena.tournament.schedule import TournamentSpec

KNOCKOUT_PLACES = (
    "the bracket: the winner, then the final's losers, then each earlier stage's losers "
    "sharing the next places; then points, wins, mean rank"
)


class Knockout(ByRounds):
    """Stages of tables, one bot per table going on; a tied table replays in a round of its own."""

    name = "knockout"
    help = "a seeded bracket"

    def check(self, spec: TournamentSpec) -> None:
        """A field a bracket of this table size reduces to one winner."""
        super().check(spec)
        check_knockout(len(spec.bots), spec.table_size)

    def planned_matches(self, spec: TournamentSpec) -> int:
        """Every table sends one bot on: (n - 1) / (k - 1) tables (tie-break replays, which
        no one can foresee, come on top once planned)."""
        return bracket_matches(len(spec.bots), spec.table_size)

    def next_round(self, spec: TournamentSpec, played: list[Encounter]) -> RoundPlan | None:
        """The next stage, or a tied table's replay."""
        return plan_knockout_round(list(seeding_of(spec)), spec.table_size, played)

    def knockout_part(
        self, bots: int, table_size: int, rounds: int, options: Mapping[str, int]
    ) -> tuple[int, int] | None:
        """The whole field's bracket, from the first encounter."""
        return bots, 0

    def standings(self, spec: TournamentSpec, pairs: Callable[[], Pairs]) -> FormatStandings:
        """By the bracket (the game points' standings break ties within a shared place)."""
        bots = list(seeding_of(spec))
        placings = knockout_placings(bots, spec.table_size, encounters_from(pairs()))
        return FormatStandings({p.bot: Placing(p.place) for p in placings}, KNOCKOUT_PLACES)


def bracket_matches(bots: int, table_size: int) -> int:
    """The matches of a bracket of `bots` without tie-break replays."""
    knockout_stages(bots, table_size)  # checks the field
    return (bots - 1) // (table_size - 1) * table_size


FORMAT = Knockout()
