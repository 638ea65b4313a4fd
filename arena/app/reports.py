"""Every report a front end shows about tournaments and matches, computed once from a database.

The CLI (`--db`), the server's ArenaService and, through it, the CLI's `--server` and the web
pages all show these values: the server encodes them (arena/rpc/wire/reports.py), the clients
decode them back into the same types, and `arena.app.rows` turns them into table rows. What
may be shown is asked of `arena.app.publicity` here, once, by audience.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from arena.app.publicity import tournament_is_public
from arena.core.values import MatchRecord
from arena.ratings.trueskill_ladder import LadderEntry, fold_ratings
from arena.store import MatchSummary, Store, StoredTournament
from arena.tournament import TIE_BREAKS, compute_standings
from arena.tournament.comparisons import HeadToHead, head_to_head
from arena.tournament.entrants import forfeit_counts
from arena.tournament.formats import format_standings, planned_matches, played_pairs
from arena.tournament.lease import runner_gone
from arena.tournament.manage import first_decision_is_simultaneous
from arena.tournament.schedule import Status
from arena.tournament.standings import SeatSummary, seat_summary

ABANDONED = "abandoned"  # shown for a running tournament whose runner is gone
SUMMARY_PAGE = 500  # match summaries read per query


class Audience(enum.Enum):
    """Who reads: the holder of the database sees everything; the public what publicity allows."""

    OWNER = "owner"  # `--db`: whoever can open the database file can read every seed anyway
    PUBLIC = "public"  # a server's callers, its web pages


@dataclass(frozen=True, slots=True)
class ClockSpec:
    """A tournament's match clock (None: not set)."""

    per_move_ms: int | None = None
    bank_ms: int | None = None
    increment_ms: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentSummary:
    """A tournament in brief: its definition, progress and status as shown."""

    id: int
    game: str
    options: Mapping[str, Any]
    format: str
    hero: str | None
    table_size: int
    cycles: int
    rounds: int
    deals: str
    bots: tuple[str, ...]
    played: int
    fixtures: int  # scheduled (for round formats: what the whole tournament will play)
    status: str  # created, running, interrupted, finished or abandoned
    seed: int | None  # None: withheld until the tournament is finished
    clock: ClockSpec
    created_at: float
    finished_at: float | None
    reconnect_grace_ms: int | None = None
    verdict: str | None = None  # why it finished before its schedule (an SPRT's decision)
    format_options: Mapping[str, int] = field(default_factory=dict)  # the format's own (top ...)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One bot's line in a tournament's standings (Swiss columns only in a Swiss)."""

    place: int
    bot: str
    points: float
    wins: int
    games: int
    mean_rank: float
    faults: int
    forfeits: int
    seat_points: tuple[float, ...]
    seat_games: tuple[int, ...]
    score: float | None = None
    buchholz: float | None = None
    sonneborn_berger: float | None = None
    byes: int | None = None


@dataclass(frozen=True, slots=True)
class AwayBot:
    """A bot of a tournament being played whose connection dropped: its grace is running."""

    bot: str
    away_since: float
    grace_left_ms: int


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A stored match in brief, as a tournament's match list shows it."""

    match_id: str
    game: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    points: tuple[float, ...]
    termination: str
    detail: str
    moves: int | None
    seed: int | None  # None: withheld
    tournament_id: int | None
    fixture: int | None
    finished_at: float
    scores: tuple[float, ...] = ()  # the game's own final scores


@dataclass(frozen=True, slots=True)
class TournamentReport:
    """Everything `tournament show` prints and the tournament page shows."""

    summary: TournamentSummary
    standings: tuple[StandingRow, ...]
    seats: tuple[SeatSummary, ...]
    by_play_order: bool
    tie_breaks: str
    head_to_head: tuple[HeadToHead, ...]
    ladder: tuple[LadderEntry, ...]  # this tournament's own matches, folded in fixture order
    error: str = ""  # why a server's run of it stopped early
    away: tuple[AwayBot, ...] = ()
    withdrawn: tuple[str, ...] = ()
    matches: tuple[MatchRow, ...] | None = field(default=None)  # only when asked for


def display_status(t: StoredTournament, now: float | None = None) -> str:
    """The stored status, with "abandoned" for a run whose runner died without saying so."""
    when = time.time() if now is None else now
    if t.status is Status.RUNNING and runner_gone(t.runner, t.heartbeat_at, when):
        return ABANDONED
    return t.status.value


def seed_shown(t: StoredTournament, audience: Audience) -> int | None:
    """The tournament seed for this audience (None: withheld, the tournament is not finished)."""
    if audience is Audience.OWNER or tournament_is_public(t.status):
        return t.spec.seed
    return None


def announced_matches(t: StoredTournament) -> int:
    """How many matches a stored tournament plays in all: its format's count, or the fixtures
    stored when more (a knockout's tie-break replays); a round format stores its first round
    only when it is created, so the stored count alone says too little."""
    return max(t.fixtures, planned_matches(t.spec))


def summary(t: StoredTournament, audience: Audience = Audience.OWNER) -> TournamentSummary:
    """A stored tournament in brief, as this audience may see it."""
    spec = t.spec
    return TournamentSummary(
        id=t.id,
        game=spec.game,
        options=dict(spec.options),
        format=spec.format.value,
        hero=spec.hero,
        table_size=spec.table_size,
        cycles=spec.cycles,
        rounds=spec.rounds,
        deals=spec.deals.value,
        bots=spec.bot_names,
        played=t.played,
        fixtures=announced_matches(t),
        status=display_status(t),
        seed=seed_shown(t, audience),
        clock=ClockSpec(spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms),
        created_at=t.created_at,
        finished_at=t.finished_at,
        reconnect_grace_ms=spec.reconnect_grace_ms,
        verdict=t.verdict,
        format_options=dict(spec.format_options),
    )


def standing_rows(
    records: Sequence[MatchRecord], bots: Sequence[str], table_size: int
) -> tuple[StandingRow, ...]:
    """The standings over finished matches, with each bot's forfeits."""
    forfeits = forfeit_counts(records)
    return tuple(
        StandingRow(
            place=s.place,
            bot=s.bot,
            points=s.points,
            wins=s.wins,
            games=s.games,
            mean_rank=s.mean_rank,
            faults=s.faults,
            forfeits=forfeits.get(s.bot, 0),
            seat_points=s.seat_points,
            seat_games=s.seat_games,
        )
        for s in compute_standings(records, bots, table_size)
    )


def tournament_report(
    store: Store,
    tid: int,
    audience: Audience = Audience.OWNER,
    *,
    with_matches: bool = False,
    error: str = "",
    away: Sequence[AwayBot] = (),
    withdrawn: Sequence[str] = (),
) -> TournamentReport:
    """The whole report of a stored tournament (UnknownTournamentError if there is none)."""
    t = store.tournament(tid)
    spec = t.spec
    records = store.tournament_matches(tid)
    by_play_order = not first_decision_is_simultaneous(spec)
    standings = standing_rows(records, spec.bot_names, spec.table_size)
    tie_breaks = TIE_BREAKS
    own = format_standings(spec, lambda: played_pairs(store.fixtures(tid), records))
    if own is not None:  # the format's order; the game points' order breaks shared places
        order = {s.bot: i for i, s in enumerate(standings)}
        rows = [replace(s, **asdict(own.placings[s.bot])) for s in standings]
        standings = tuple(sorted(rows, key=lambda s: (s.place, order[s.bot])))
        tie_breaks = own.tie_breaks
    matches = match_rows(store, t, audience) if with_matches else None
    return TournamentReport(
        summary=summary(t, audience),
        standings=standings,
        seats=tuple(seat_summary(records, spec.table_size, by_play_order=by_play_order)),
        by_play_order=by_play_order,
        tie_breaks=tie_breaks,
        head_to_head=tuple(head_to_head(records)),
        ladder=tuple(fold_ratings(store.results(spec.game, tid))),
        error=error,
        away=tuple(away),
        withdrawn=tuple(withdrawn),
        matches=matches,
    )


def match_rows(
    store: Store, t: StoredTournament, audience: Audience = Audience.OWNER
) -> tuple[MatchRow, ...]:
    """Every stored match of a tournament in brief, in fixture order."""
    public = seed_shown(t, audience) is not None
    rows: list[MatchRow] = []
    after: tuple[float, str] | None = None
    while True:
        page = store.match_summaries(tournament_id=t.id, after=after, limit=SUMMARY_PAGE)
        rows.extend(match_row_of_summary(s, public) for s in page)
        if len(page) < SUMMARY_PAGE:
            return in_fixture_order(rows)
        after = (page[-1].finished_at, page[-1].match_id)


def in_fixture_order(rows: Sequence[MatchRow]) -> tuple[MatchRow, ...]:
    """Match rows by fixture (matches outside a tournament last, by finishing time)."""
    return tuple(
        sorted(rows, key=lambda r: (r.fixture is None, r.fixture or 0, r.finished_at, r.match_id))
    )


def match_row_of_summary(s: MatchSummary, seed_public: bool) -> MatchRow:
    """A stored summary as a match row (its seed shown only when `seed_public`)."""
    o = s.outcome
    return MatchRow(
        match_id=s.match_id,
        game=s.game,
        players=tuple(s.players),
        ranks=tuple(o.ranks),
        points=tuple(o.points),
        termination=o.termination.value,
        detail=o.detail,
        moves=s.plies,
        seed=s.seed if seed_public else None,
        tournament_id=s.tournament_id,
        fixture=s.fixture,
        finished_at=s.finished_at,
        scores=tuple(o.scores),
    )


def tournament_summaries(
    store: Store, audience: Audience = Audience.OWNER, *, limit: int | None = None
) -> list[TournamentSummary]:
    """The stored tournaments in brief, newest first (the newest `limit` of them)."""
    newest = list(reversed(store.tournaments()))
    if limit is not None:
        newest = newest[:limit]
    return [summary(t, audience) for t in newest]


__all__ = [
    "ABANDONED",
    "Audience",
    "AwayBot",
    "ClockSpec",
    "MatchRow",
    "StandingRow",
    "TournamentReport",
    "TournamentSummary",
    "display_status",
    "in_fixture_order",
    "match_rows",
    "match_row_of_summary",
    "summary",
    "tournament_report",
    "tournament_summaries",
]


def public_match_rows(store: Store, summaries: Sequence[MatchSummary]) -> list[MatchRow]:
    """Match summaries with each seed shown only where its tournament is finished (or none)."""
    public: dict[int, bool] = {}
    rows = []
    for s in summaries:
        tid = s.tournament_id
        if tid is not None and tid not in public:
            public[tid] = tournament_is_public(store.tournament(tid).status)
        rows.append(match_row_of_summary(s, tid is None or public[tid]))
    return rows


def match_row_of_record(record: MatchRecord, tournament_id: int | None = None) -> MatchRow:
    """A match just played, in brief (for the organizer who played it: its seed shown)."""
    o = record.outcome
    fixture = record.metadata.get("fixture") if record.metadata else None
    return MatchRow(
        match_id=record.match_id,
        game=record.game,
        players=tuple(record.players),
        ranks=tuple(o.ranks),
        points=tuple(o.points),
        termination=o.termination.value,
        detail=o.detail,
        moves=len(record.moves),
        seed=record.seed,
        tournament_id=tournament_id,
        fixture=int(fixture) if isinstance(fixture, int) else None,
        finished_at=record.finished_at,
        scores=tuple(o.scores),
    )


def match_page(
    store: Store,
    *,
    tournament_id: int | None,
    game: str | None,
    after: tuple[float, str] | None,
    limit: int,
) -> tuple[list[MatchRow], tuple[float, str] | None]:
    """One page of stored matches in brief, oldest finished first, as the public sees them,
    and the key after its last row (keyset paging: matches stored meanwhile never shift a
    page). An unknown tournament is UnknownTournamentError."""
    if tournament_id is not None:
        store.tournament(tournament_id)
    page = store.match_summaries(tournament_id=tournament_id, game=game, after=after, limit=limit)
    last = (page[-1].finished_at, page[-1].match_id) if page else None
    return public_match_rows(store, page), last
