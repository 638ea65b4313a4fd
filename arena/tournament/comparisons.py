"""Statistics over match records: head-to-head tables, two-bot Elo (trinomial or paired
pentanomial), SPRT as matches end, and multi-player tables (TrueSkill, bootstrap points)."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from arena.core.values import MatchRecord
from arena.ratings.elo import (
    Decision,
    EloEstimate,
    Pentanomial,
    Sprt,
    Trinomial,
    better_probability,
    bootstrap_interval,
    elo_pentanomial,
    elo_trinomial,
    likelihood_of_superiority,
)
from arena.ratings.trueskill_ladder import LadderEntry
from arena.tournament.schedule import Deals, Fixture
from arena.tournament.standings import compute_standings

BOOTSTRAP_SEED = 2026  # standings intervals are reproducible run to run


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """Bot a against bot b over the matches where both sat: a's wins, draws and losses by
    rank, and the tournament points each took in those matches."""

    a: str
    b: str
    wins: int
    draws: int
    losses: int
    points_a: float
    points_b: float

    @property
    def games(self) -> int:
        """Matches where both sat."""
        return self.wins + self.draws + self.losses


def head_to_head(records: Iterable[MatchRecord]) -> list[HeadToHead]:
    """Every pair of bots that met (a before b by name), with results by rank."""
    tally: dict[tuple[str, str], list[float]] = {}
    for record in records:
        ranks, points = record.outcome.ranks, record.outcome.points
        for i, bot_i in enumerate(record.players):
            for j, bot_j in enumerate(record.players):
                if bot_i >= bot_j:
                    continue
                row = tally.setdefault((bot_i, bot_j), [0, 0, 0, 0.0, 0.0])
                row[0 if ranks[i] < ranks[j] else 1 if ranks[i] == ranks[j] else 2] += 1
                row[3] += points[i]
                row[4] += points[j]
    return [
        HeadToHead(a, b, int(w), int(d), int(loss), pa, pb)
        for (a, b), (w, d, loss, pa, pb) in sorted(tally.items())
    ]


def deal_pairs(fixtures: Iterable[Fixture], deals: Deals) -> dict[str, Hashable]:
    """match id -> the deal it shares with its rotation partner (duplicate deals at tables of
    two); empty with independent deals, where every game is its own sample."""
    if deals is not Deals.DUPLICATE:
        return {}
    return {f.match_id: (f.cycle, f.table) for f in fixtures if len(f.seats) == 2}


def game_score(record: MatchRecord, a: str, b: str) -> float | None:
    """a's score against b in a two-seat match between them (1, 1/2, 0), else None."""
    if len(record.players) != 2 or set(record.players) != {a, b}:
        return None
    ranks = dict(zip(record.players, record.outcome.ranks, strict=True))
    return 1.0 if ranks[a] < ranks[b] else 0.5 if ranks[a] == ranks[b] else 0.0


@dataclass(frozen=True, slots=True)
class TwoBotReport:
    """a against b: trinomial counts and Elo; with paired deals, pentanomial ones too."""

    a: str
    b: str
    trinomial: Trinomial
    elo: EloEstimate | None
    los: float
    pentanomial: Pentanomial | None = None
    paired_elo: EloEstimate | None = None


def compare_two(
    records: Iterable[MatchRecord], a: str, b: str, pairs: Mapping[str, Hashable] | None = None
) -> TwoBotReport:
    """Elo of a over b with its 95% interval; paired statistics where matches share a deal."""
    counts = [0, 0, 0]
    by_deal: dict[Hashable, list[float]] = {}
    for record in records:
        score = game_score(record, a, b)
        if score is None:
            continue
        counts[int(score * 2)] += 1
        if pairs and record.match_id in pairs:
            by_deal.setdefault(pairs[record.match_id], []).append(score)
    tri = Trinomial(wins=counts[2], draws=counts[1], losses=counts[0])
    penta = None
    for scores in by_deal.values():
        if len(scores) == 2:
            penta = (penta or Pentanomial()).add(sum(scores))
    return TwoBotReport(
        a,
        b,
        tri,
        elo_trinomial(tri) if tri.games else None,
        likelihood_of_superiority(tri),
        penta,
        elo_pentanomial(penta) if penta else None,
    )


@dataclass(frozen=True, slots=True)
class SprtState:
    """Where a running SPRT stands after a match."""

    llr: float
    decision: Decision
    samples: int  # games (trinomial) or complete pairs (pentanomial)
    trinomial: Trinomial
    pentanomial: Pentanomial | None


@dataclass(slots=True)
class SprtMonitor:
    """Feeds finished matches of a against b into an SPRT, in the order they end.

    With paired deals (duplicate deals) a deal counts once both its rotations are played, as a
    pentanomial sample; otherwise every game is a trinomial sample.
    """

    sprt: Sprt
    a: str
    b: str
    pairs: Mapping[str, Hashable] = field(default_factory=dict)
    _tri: list[int] = field(default_factory=lambda: [0, 0, 0])
    _penta: Pentanomial = field(default_factory=Pentanomial)
    _open: dict[Hashable, float] = field(default_factory=dict)

    @property
    def paired(self) -> bool:
        """Whether the test runs on pentanomial pairs."""
        return bool(self.pairs)

    def add(self, record: MatchRecord) -> SprtState:
        """Count one finished match and return the test's state."""
        score = game_score(record, self.a, self.b)
        if score is not None:
            self._tri[int(score * 2)] += 1
            key = self.pairs.get(record.match_id)
            if key is not None:
                if key in self._open:
                    self._penta = self._penta.add(self._open.pop(key) + score)
                else:
                    self._open[key] = score
        return self.state()

    def state(self) -> SprtState:
        """The test's state now."""
        tri = Trinomial(wins=self._tri[2], draws=self._tri[1], losses=self._tri[0])
        if self.paired:
            llr, samples = self.sprt.llr_pentanomial(self._penta), self._penta.pairs
        else:
            llr, samples = self.sprt.llr_trinomial(tri), tri.games
        decision = self.sprt.decide(llr) if samples else Decision.CONTINUE
        return SprtState(llr, decision, samples, tri, self._penta if self.paired else None)


@dataclass(frozen=True, slots=True)
class MultiRow:
    """A bot in a multi-player table: TrueSkill, P(better than the next one), mean points."""

    place: int
    bot: str
    mu: float
    sigma: float
    p_better_next: float | None  # None for the last bot
    games: int
    mean_points: float
    low: float  # 95% bootstrap interval of mean points per match
    high: float


def multiplayer_table(
    ladder: Sequence[LadderEntry], records: Iterable[MatchRecord], *, seed: int = BOOTSTRAP_SEED
) -> list[MultiRow]:
    """The ladder (best first) with each bot's chance to be better than the next one down and
    a bootstrap interval on its mean points per match over `records`."""
    points: dict[str, list[float]] = {}
    for record in records:
        for bot, p in zip(record.players, record.outcome.points, strict=True):
            points.setdefault(bot, []).append(p)
    rng = random.Random(seed)
    rows = []
    for i, entry in enumerate(ladder):
        mine = points.get(entry.bot, [])
        low, high = bootstrap_interval(mine, rng) if mine else (float("nan"), float("nan"))
        nxt = ladder[i + 1] if i + 1 < len(ladder) else None
        rows.append(
            MultiRow(
                place=i + 1,
                bot=entry.bot,
                mu=entry.mu,
                sigma=entry.sigma,
                p_better_next=None
                if nxt is None
                else better_probability(entry.mu, entry.sigma, nxt.mu, nxt.sigma),
                games=len(mine),
                mean_points=sum(mine) / len(mine) if mine else float("nan"),
                low=low,
                high=high,
            )
        )
    return rows


@dataclass(frozen=True, slots=True)
class StandingInterval:
    """A bot's line in the standings, with a bootstrap interval on its mean points per match."""

    place: int
    bot: str
    points: float
    games: int
    mean_points: float
    low: float
    high: float


def standings_with_intervals(
    records: Iterable[MatchRecord],
    bots: Sequence[str],
    table_size: int,
    *,
    seed: int = BOOTSTRAP_SEED,
) -> list[StandingInterval]:
    """The tournament standings (its tie-breaks) with a 95% percentile bootstrap interval on
    each bot's mean points per match (matches resampled with replacement, seeded)."""
    records = list(records)
    points: dict[str, list[float]] = {}
    for record in records:
        for bot, p in zip(record.players, record.outcome.points, strict=True):
            points.setdefault(bot, []).append(p)
    rng = random.Random(seed)
    out = []
    for s in compute_standings(records, bots, table_size):
        mine = points.get(s.bot, [])
        low, high = bootstrap_interval(mine, rng) if mine else (math.nan, math.nan)
        mean = sum(mine) / len(mine) if mine else math.nan
        out.append(StandingInterval(s.place, s.bot, s.points, s.games, mean, low, high))
    return out
