"""Swiss, then a knockout of the top N: the structure of many club and esports events.

The Swiss rounds (--rounds, default as a Swiss of the field) are rounds 0 .. R-1, paired as a
Swiss (arena/tournament/swiss.py). Once they are complete, the top N of the Swiss standings
(format option `top`, default 4) play a knockout seeded by Swiss place (Swiss winner = seed 1)
as rounds R, R+1 ... (arena/tournament/knockout.py: byes for the top seeds when N is not a
power of the table size, tied tables replayed). Both are pure functions of the finished
encounters, so a resume replans the same rounds. Standings: the bracket's places for its N
bots, then the others by Swiss place; the Swiss columns stay for everybody.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from arena.errors import ConfigError
from arena.tournament.encounters import Encounter, encounters_from
from arena.tournament.formats.base import (
    ByRounds,
    FormatOption,
    FormatStandings,
    Pairs,
    seeding_of,
    shifted,
)
from arena.tournament.formats.knockout import bracket_matches
from arena.tournament.formats.swiss import swiss_placings, swiss_rounds
from arena.tournament.knockout import check_knockout, knockout_placings, plan_knockout_round
from arena.tournament.rounds import RoundPlan
from arena.tournament.schedule import TournamentSpec
from arena.tournament.swiss import check_swiss, plan_swiss_round

TOP = "top"
# [ASSUMPTION] semi-finals of the Swiss's best four, the usual club and esports cut; at tables
# of k the smallest bracket field of at least 4 (5 at tables of 3).
DEFAULT_TOP = 4


class SwissKnockout(ByRounds):
    """Swiss rounds, then the top N's bracket seeded by Swiss place."""

    name = "swiss-knockout"
    help = "Swiss rounds (--rounds), then a knockout of the top N (--format-option top=N)"
    takes_rounds = True
    options = (FormatOption(TOP, "the Swiss's top N play the knockout; default 4", minimum=2),)

    def check(self, spec: TournamentSpec) -> None:
        """A Swiss of the field and a bracket of the top N at these tables."""
        super().check(spec)
        check_swiss(len(spec.bots), spec.table_size, spec.rounds or 1)
        top = top_of(spec)
        if top > len(spec.bots):
            raise ConfigError(
                f"--format {self.name}: a top {top} needs at least {top} bots, not "
                f"{len(spec.bots)} (lower --format-option {TOP})"
            )
        try:
            check_knockout(top, spec.table_size)
        except ConfigError as exc:
            raise ConfigError(f"--format-option {TOP}={top}: {exc}") from None

    def with_defaults(self, spec: TournamentSpec) -> TournamentSpec:
        """The Swiss's rounds and the top N written out."""
        self.check(spec)
        options = {**spec.format_options, TOP: top_of(spec)}
        return replace(spec, rounds=spec.rounds or swiss_rounds(spec), format_options=options)

    def planned_matches(self, spec: TournamentSpec) -> int:
        """The Swiss's matches and the bracket's (tie-break replays come on top once planned)."""
        k = spec.table_size
        rounds = spec.rounds or swiss_rounds(spec)
        return rounds * (len(spec.bots) // k) * k + bracket_matches(top_of(spec), k)

    def next_round(self, spec: TournamentSpec, played: list[Encounter]) -> RoundPlan | None:
        """A Swiss round while the Swiss lasts, then the bracket's rounds."""
        rounds = spec.rounds or swiss_rounds(spec)
        swiss = [e for e in played if e.round < rounds]
        plan = plan_swiss_round(list(seeding_of(spec)), spec.table_size, rounds, swiss)
        if plan is not None:
            return plan
        later = [replace(e, round=e.round - rounds) for e in played if e.round >= rounds]
        return shifted(plan_knockout_round(bracket(spec, swiss), spec.table_size, later), rounds)

    def knockout_part(
        self, bots: int, table_size: int, rounds: int, options: Mapping[str, int]
    ) -> tuple[int, int] | None:
        """The top N's bracket, after the Swiss's encounters (a table per round each)."""
        return int(options.get(TOP, DEFAULT_TOP)), rounds * (bots // table_size)

    def standings(self, spec: TournamentSpec, pairs: Callable[[], Pairs]) -> FormatStandings:
        """The bracket's places for its bots, then the others by Swiss place."""
        rounds = spec.rounds or swiss_rounds(spec)
        played = encounters_from(pairs())
        swiss = [e for e in played if e.round < rounds]
        placings = swiss_placings(spec, swiss)
        top = top_of(spec)
        tie_breaks = (
            f"the top {top} of the Swiss by their knockout bracket (the winner, the final's "
            "losers, then each earlier stage's losers sharing the next places), the others by "
            "Swiss score, Buchholz and Sonneborn-Berger; then points, wins, mean rank"
        )
        if plan_swiss_round(list(seeding_of(spec)), spec.table_size, rounds, swiss) is not None:
            return FormatStandings(placings, tie_breaks)  # the Swiss is under way
        later = [replace(e, round=e.round - rounds) for e in played if e.round >= rounds]
        knocked = knockout_placings(bracket(spec, swiss), spec.table_size, later)
        out = {b: replace(p, place=max(p.place, top + 1)) for b, p in placings.items()}
        out.update({k.bot: replace(placings[k.bot], place=k.place) for k in knocked})
        return FormatStandings(out, tie_breaks)


def top_of(spec: TournamentSpec) -> int:
    """How many of the Swiss's best play the knockout."""
    if TOP in spec.format_options:
        return int(spec.format_options[TOP])
    k = spec.table_size
    top = max(DEFAULT_TOP, k)
    while k > 1 and (top - 1) % (k - 1):
        top += 1
    return top


def bracket(spec: TournamentSpec, swiss: list[Encounter]) -> list[str]:
    """The knockout's field in seed order: the top N of the finished Swiss, by place (ties
    by the tournament's seeding, as the Swiss standings order them)."""
    placings = swiss_placings(spec, swiss)
    ranked = sorted(placings, key=lambda b: placings[b].place)  # stable: the standings' order
    return ranked[: top_of(spec)]


FORMAT = SwissKnockout()
