"""`arena stats` and GetStats: head to head with Elo (paired where deals repeat), TrueSkill and
mean points with bootstrap intervals, over one tournament or every match of a game."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from arena.app.ladders import pick_game
from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.ratings.elo import EloEstimate, perfect_score_bound
from arena.ratings.trueskill_ladder import LadderEntry, fold_ratings
from arena.store import Store
from arena.tournament.comparisons import (
    compare_two,
    deal_pairs,
    head_to_head,
    multiplayer_table,
    standings_with_intervals,
)
from arena.tournament.schedule import Deals


@dataclass(frozen=True, slots=True)
class Elo:
    """An Elo difference with its 95% interval; None where no finite value exists.

    A perfect score (every game won, or lost) has no estimate: `elo` and `error` are None and
    the one finite end of its interval is the exact binomial bound.
    """

    elo: float | None
    error: float | None
    lower: float | None
    upper: float | None
    unbounded: bool = False


@dataclass(frozen=True, slots=True)
class Duel:
    """Two bots over the matches where both sat."""

    bot: str
    opponent: str
    games: int
    wins: int
    draws: int
    losses: int
    points: float
    opponent_points: float
    elo: Elo | None = None  # in two-seat matches
    los: float | None = None
    pairs: int = 0  # duplicate deals: deal pairs played
    pentanomial: tuple[int, ...] = ()
    paired_elo: Elo | None = None


@dataclass(frozen=True, slots=True)
class TrueSkillRow:
    """One bot of the TrueSkill table."""

    place: int
    bot: str
    mu: float
    sigma: float
    p_better_next: float | None
    games: int


@dataclass(frozen=True, slots=True)
class PointsInterval:
    """A bot's mean points per match with a bootstrap 95% interval (None: it played none)."""

    place: int
    bot: str
    points: float
    games: int
    mean_points: float | None
    low: float | None
    high: float | None


@dataclass(frozen=True, slots=True)
class StatsReport:
    """Everything `arena stats` prints."""

    scope: str
    kind: str
    duels: tuple[Duel, ...]
    trueskill: tuple[TrueSkillRow, ...]
    standings: tuple[PointsInterval, ...]
    multiplayer: bool


def elo_of(estimate: EloEstimate) -> Elo:
    """An estimate with its infinite ends made explicit: a perfect score gets its exact bound."""
    if math.isfinite(estimate.elo):
        lower = estimate.lower if math.isfinite(estimate.lower) else None
        upper = estimate.upper if math.isfinite(estimate.upper) else None
        error = estimate.error if lower is not None and upper is not None else None
        return Elo(estimate.elo, error, lower, upper)
    bound = perfect_score_bound(estimate.samples)
    if estimate.elo > 0:
        return Elo(None, None, bound, None, unbounded=True)
    return Elo(None, None, None, -bound, unbounded=True)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def duels(records: Sequence[MatchRecord], pairs: dict[str, Hashable]) -> tuple[Duel, ...]:
    """Every pair of bots that met, with Elo where they met at tables of two."""
    out = []
    for h in head_to_head(records):
        duel = compare_two(records, h.a, h.b, pairs)
        out.append(
            Duel(
                bot=h.a,
                opponent=h.b,
                games=h.games,
                wins=h.wins,
                draws=h.draws,
                losses=h.losses,
                points=h.points_a,
                opponent_points=h.points_b,
                elo=elo_of(duel.elo) if duel.elo is not None else None,
                los=duel.los if duel.elo is not None else None,
                pairs=duel.pentanomial.pairs if duel.pentanomial is not None else 0,
                pentanomial=tuple(duel.pentanomial.counts) if duel.pentanomial else (),
                paired_elo=elo_of(duel.paired_elo) if duel.paired_elo is not None else None,
            )
        )
    return tuple(out)


def _scope(
    store: Store, tournament: int | None, game: str | None
) -> tuple[str, list[MatchRecord], dict[str, Hashable], list[LadderEntry], list[str], int]:
    """What the statistics describe: (scope, records, deal pairs, ladder, bots, table size)."""
    if tournament is not None:
        if game is not None:
            raise ConfigError("give a tournament or a game, not both")
        stored = store.tournament(tournament)
        spec = stored.spec
        records = store.tournament_matches(tournament)
        pairs = deal_pairs(store.fixtures(tournament), spec.deals)
        ladder = fold_ratings(store.results(spec.game, tournament))
        scope = f"tournament {tournament}, {spec.deals.value} deals"
        return scope, records, pairs, ladder, list(spec.bot_names), spec.table_size
    name = pick_game(store, game)
    records = [record for record, _, _ in store.match_rows(game=name)]
    every: dict[str, Hashable] = {}
    for t in store.tournaments():
        if t.spec.game == name and t.spec.deals is Deals.DUPLICATE:
            found = deal_pairs(store.fixtures(t.id), t.spec.deals)
            every.update({k: (t.id, v) for k, v in found.items()})
    bots = sorted({p for r in records for p in r.players})
    size = max((len(r.players) for r in records), default=1)
    return f"every {name} match", records, every, store.ladder(name), bots, size


def stats_report(store: Store, *, tournament: int | None, game: str | None) -> StatsReport:
    """The statistics of a tournament or a game (ConfigError when there is no match)."""
    scope, records, pairs, ladder, bots, size = _scope(store, tournament, game)
    if not records:
        raise ConfigError(f"no matches to describe ({scope})")
    kind = "paired (pentanomial) where deals repeat" if pairs else "trinomial (independent deals)"
    trueskill = tuple(
        TrueSkillRow(r.place, r.bot, r.mu, r.sigma, r.p_better_next, r.games)
        for r in multiplayer_table(ladder, records)
    )
    standings = tuple(
        PointsInterval(
            s.place,
            s.bot,
            s.points,
            s.games,
            _finite(s.mean_points),
            _finite(s.low),
            _finite(s.high),
        )  # fmt: skip
        for s in standings_with_intervals(records, bots, size)
    )
    multiplayer = any(len(r.players) >= 3 for r in records)
    return StatsReport(scope, kind, duels(records, pairs), trueskill, standings, multiplayer)


__all__ = ["Duel", "Elo", "PointsInterval", "StatsReport", "TrueSkillRow", "stats_report"]
