"""The application layer's reports as arena.v1 messages and back, without loss.

The server encodes what `arena.app` computed; `--server` clients and the web pages decode it
into the same values, so every front end prints the same rows (tests/app/test_report_wire.py
round-trips each report).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arena.app.matches import ReplayHeader
from arena.app.reports import (
    AwayBot,
    ClockSpec,
    MatchRow,
    StandingRow,
    TournamentReport,
    TournamentSummary,
)
from arena.app.stats import Duel, Elo, PointsInterval, StatsReport, TrueSkillRow
from arena.app.tournaments import TournamentRequest
from arena.app.values import (
    BotEntry,
    Frame,
    FrameKind,
    HeadToHead,
    LadderEntry,
    RatingChange,
    SeatSummary,
)
from arena.core.values import MoveRecord, Termination
from arena.errors import ConfigError
from arena.rpc.wire.convert import (
    clock_settings_from_pb,
    clock_settings_to_pb,
    options_from_pb,
    options_to_pb,
    outcome_from_pb,
    termination_to_pb,
)
from arena.v1 import arena_pb2 as pb

INT64_LIMIT = 2**63  # a 256-bit tournament seed travels in seed_text only
_STATUS_WORDS = ("created", "running", "interrupted", "finished", "abandoned")
STATUS_TO_PB: dict[str, int] = {
    w: pb.TournamentStatus.Value(f"TOURNAMENT_STATUS_{w.upper()}") for w in _STATUS_WORDS
}
STATUS_FROM_PB: dict[int, str] = {v: k for k, v in STATUS_TO_PB.items()}
_TERMINATION_FROM_PB = {termination_to_pb(t): t.value for t in Termination}
_KIND_FROM_PB = {
    pb.UPDATE_KIND_START: FrameKind.START,
    pb.UPDATE_KIND_MOVE: FrameKind.MOVE,
    pb.UPDATE_KIND_END: FrameKind.END,
}


# -- tournaments ------------------------------------------------------------------------------


def summary_to_pb(s: TournamentSummary) -> pb.Tournament:
    """A tournament in brief (no standings, seats or ladder: cheap to list)."""
    msg = pb.Tournament(
        id=s.id,
        game=s.game,
        options=options_to_pb(s.options),
        format=s.format,
        hero=s.hero or "",
        table_size=s.table_size,
        cycles=s.cycles,
        rounds=s.rounds,
        seed=s.seed if s.seed is not None and s.seed < INT64_LIMIT else 0,
        seed_text="" if s.seed is None else str(s.seed),
        seed_withheld=s.seed is None,
        deals=s.deals,
        bots=s.bots,
        status=STATUS_TO_PB[s.status],  # type: ignore[arg-type]
        fixtures_done=s.played,
        fixtures_total=s.fixtures,
        created_at=s.created_at,
        finished_at=s.finished_at or 0.0,
        verdict=s.verdict or "",
        format_options={k: str(v) for k, v in s.format_options.items()},
    )
    for name, value in (
        ("per_move_ms", s.clock.per_move_ms),
        ("time_bank_ms", s.clock.bank_ms),
        ("increment_ms", s.clock.increment_ms),
        ("reconnect_grace_ms", s.reconnect_grace_ms),
    ):
        if value is not None:
            setattr(msg, name, value)
    return msg


def _optional(msg: pb.Tournament, name: str) -> int | None:
    return int(getattr(msg, name)) if msg.HasField(name) else None


def summary_from_pb(msg: pb.Tournament) -> TournamentSummary:
    """A tournament in brief from its message."""
    return TournamentSummary(
        id=int(msg.id),
        game=msg.game,
        options=options_from_pb(msg.game, msg.options),
        format=msg.format,
        hero=msg.hero or None,
        table_size=msg.table_size,
        cycles=msg.cycles,
        rounds=msg.rounds,
        deals=msg.deals,
        bots=tuple(msg.bots),
        played=msg.fixtures_done,
        fixtures=msg.fixtures_total,
        status=STATUS_FROM_PB.get(msg.status, "unknown"),
        seed=None if msg.seed_withheld else int(msg.seed_text or msg.seed),
        clock=ClockSpec(
            _optional(msg, "per_move_ms"),
            _optional(msg, "time_bank_ms"),
            _optional(msg, "increment_ms"),
        ),
        created_at=msg.created_at,
        finished_at=msg.finished_at or None,
        reconnect_grace_ms=_optional(msg, "reconnect_grace_ms"),
        verdict=msg.verdict or None,
        format_options={k: int(v) for k, v in msg.format_options.items()},
    )


def standing_to_pb(s: StandingRow) -> pb.Standing:
    """One line of the standings."""
    msg = pb.Standing(
        place=s.place,
        bot=s.bot,
        points=s.points,
        wins=s.wins,
        games=s.games,
        mean_rank=s.mean_rank,
        faults=s.faults,
        forfeits=s.forfeits,
        seat_points=s.seat_points,
        seat_games=s.seat_games,
    )
    if s.score is not None:
        msg.score = s.score
        msg.buchholz = s.buchholz or 0.0
        msg.sonneborn_berger = s.sonneborn_berger or 0.0
        msg.byes = s.byes or 0
    return msg


def standing_from_pb(m: pb.Standing) -> StandingRow:
    """One line of the standings from its message."""
    swiss = m.HasField("score")
    return StandingRow(
        place=m.place,
        bot=m.bot,
        points=m.points,
        wins=m.wins,
        games=m.games,
        mean_rank=m.mean_rank,
        faults=m.faults,
        forfeits=m.forfeits,
        seat_points=tuple(m.seat_points),
        seat_games=tuple(m.seat_games),
        score=m.score if swiss else None,
        buchholz=m.buchholz if swiss else None,
        sonneborn_berger=m.sonneborn_berger if swiss else None,
        byes=m.byes if swiss else None,
    )


def ladder_to_pb(entries: Sequence[LadderEntry]) -> list[pb.LadderEntry]:
    """A ladder (best first) with its places."""
    return [
        pb.LadderEntry(
            rank=i + 1,
            bot=e.bot,
            mu=e.mu,
            sigma=e.sigma,
            conservative=e.conservative,
            games=e.games,
            wins=e.wins,
        )
        for i, e in enumerate(entries)
    ]


def ladder_from_pb(entries: Iterable[pb.LadderEntry]) -> list[LadderEntry]:
    """A ladder from its messages, in their order."""
    return [LadderEntry(e.bot, e.mu, e.sigma, e.games, e.wins) for e in entries]


def report_to_pb(r: TournamentReport) -> pb.Tournament:
    """A whole tournament report (its match list travels apart, in ListMatches pages)."""
    msg = summary_to_pb(r.summary)
    msg.standings.extend(standing_to_pb(s) for s in r.standings)
    msg.seats.extend(
        pb.SeatResult(label=x.label, games=x.games, points=x.points, wins=x.wins) for x in r.seats
    )
    msg.by_play_order = r.by_play_order
    msg.tie_breaks = r.tie_breaks
    msg.head_to_head.extend(
        pb.HeadToHead(
            bot=h.a,
            opponent=h.b,
            wins=h.wins,
            draws=h.draws,
            losses=h.losses,
            points=h.points_a,
            opponent_points=h.points_b,
        )
        for h in r.head_to_head
    )
    msg.leaderboard.extend(ladder_to_pb(r.ladder))
    msg.error = r.error
    msg.away.extend(
        pb.AwayBot(bot=a.bot, away_since=a.away_since, grace_left_ms=a.grace_left_ms)
        for a in r.away
    )
    msg.withdrawn.extend(r.withdrawn)
    return msg


def report_from_pb(
    msg: pb.Tournament, matches: Sequence[MatchRow] | None = None
) -> TournamentReport:
    """A tournament report from its message (and its match rows, when fetched)."""
    return TournamentReport(
        summary=summary_from_pb(msg),
        standings=tuple(standing_from_pb(s) for s in msg.standings),
        seats=tuple(SeatSummary(x.label, x.games, x.points, x.wins) for x in msg.seats),
        by_play_order=msg.by_play_order,
        tie_breaks=msg.tie_breaks,
        head_to_head=tuple(
            HeadToHead(h.bot, h.opponent, h.wins, h.draws, h.losses, h.points, h.opponent_points)
            for h in msg.head_to_head
        ),
        ladder=tuple(ladder_from_pb(msg.leaderboard)),
        error=msg.error,
        away=tuple(AwayBot(a.bot, a.away_since, int(a.grace_left_ms)) for a in msg.away),
        withdrawn=tuple(msg.withdrawn),
        matches=None if matches is None else tuple(matches),
    )


# -- matches ----------------------------------------------------------------------------------


def match_row_to_pb(m: MatchRow) -> pb.MatchSummary:
    """A match in brief."""
    msg = pb.MatchSummary(
        match_id=m.match_id,
        game=m.game,
        players=m.players,
        ranks=m.ranks,
        points=m.points,
        termination=termination_to_pb(Termination(m.termination)),
        finished_at=m.finished_at,
        seed=m.seed or 0,
        seed_withheld=m.seed is None,
        detail=m.detail,
        scores=m.scores,
    )
    if m.moves is not None:
        msg.moves = m.moves
    if m.tournament_id is not None:
        msg.tournament_id = m.tournament_id
    if m.fixture is not None:
        msg.fixture = m.fixture
    return msg


def match_row_from_pb(m: pb.MatchSummary) -> MatchRow:
    """A match in brief from its message."""
    return MatchRow(
        match_id=m.match_id,
        game=m.game,
        players=tuple(m.players),
        ranks=tuple(m.ranks),
        points=tuple(m.points),
        termination=_TERMINATION_FROM_PB.get(m.termination, Termination.ABORTED.value),
        detail=m.detail,
        moves=m.moves if m.HasField("moves") else None,
        seed=None if m.seed_withheld else int(m.seed),
        tournament_id=int(m.tournament_id) if m.HasField("tournament_id") else None,
        fixture=m.fixture if m.HasField("fixture") else None,
        finished_at=m.finished_at,
        scores=tuple(m.scores),
    )


def header_from_pb(record: pb.MatchRecord) -> ReplayHeader:
    """Which match a replay shows, from its (disclosed) record."""
    return ReplayHeader(
        record.match_id,
        record.game,
        tuple(record.players),
        options_from_pb(record.game, record.options),
        None if record.seed_withheld else int(record.seed),
    )


def frame_from_pb(update: pb.MatchUpdate) -> Frame:
    """A spectator frame from its MatchUpdate."""
    move = None
    if update.HasField("move"):
        m = update.move
        move = MoveRecord(m.seat, m.move, m.elapsed_ms, m.transport_ms)
    outcome = outcome_from_pb(update.outcome) if update.kind == pb.UPDATE_KIND_END else None
    return Frame(
        _KIND_FROM_PB.get(update.kind, FrameKind.MOVE),
        update.ply,
        move,
        update.view_json,
        update.board,
        tuple(update.time_used_ms),
        outcome,
    )


# -- tournament requests ----------------------------------------------------------------------


def request_to_pb(r: TournamentRequest) -> pb.CreateTournamentRequest:
    """What an organizer asks for, as a CreateTournament call."""
    if any(b.command is not None for b in r.bots):
        raise ConfigError("a server plays the bots connected to it: give every bot as NAME only")
    msg = pb.CreateTournamentRequest(
        game=r.game,
        options=dict(r.options),
        bots=[b.name for b in r.bots],
        format=r.format,
        hero=r.hero or "",
        table_size=r.table_size or 0,
        cycles=r.cycles or 0,
        concurrency=r.concurrency,
        deals=r.deals,
        rounds=r.rounds or 0,
        format_options=dict(r.format_options),
    )
    if r.seed is not None:
        msg.seed = r.seed
    if r.clock is not None:
        msg.clock.CopyFrom(clock_settings_to_pb(r.clock))
    if r.reconnect_grace_ms is not None:
        msg.reconnect_grace_ms = r.reconnect_grace_ms
    return msg


def request_from_pb(msg: pb.CreateTournamentRequest) -> TournamentRequest:
    """A CreateTournament call as the organizer's request (bounds are the caller's to check)."""
    return TournamentRequest(
        game=msg.game,
        bots=tuple(BotEntry(name) for name in msg.bots),
        options=dict(msg.options),
        format=msg.format,
        hero=msg.hero or None,
        table_size=msg.table_size or None,
        cycles=msg.cycles or None,
        rounds=msg.rounds or None,
        format_options=dict(msg.format_options),
        seed=msg.seed if msg.HasField("seed") else None,
        clock=clock_settings_from_pb(msg.clock) if msg.HasField("clock") else None,
        deals=msg.deals,
        concurrency=msg.concurrency or 1,
        reconnect_grace_ms=msg.reconnect_grace_ms if msg.HasField("reconnect_grace_ms") else None,
    )


# -- ladders and statistics -------------------------------------------------------------------


def history_to_pb(changes: Sequence[RatingChange]) -> list[pb.RatingPoint]:
    """A bot's rated matches."""
    out = []
    for c in changes:
        point = pb.RatingPoint(
            match_id=c.match_id,
            finished_at=c.finished_at,
            rank=c.rank,
            mu=c.mu,
            sigma=c.sigma,
            seat=c.seat,
            mu_before=c.mu_before,
            sigma_before=c.sigma_before,
        )
        if c.tournament_id is not None:
            point.tournament_id = c.tournament_id
        if c.fixture is not None:
            point.fixture = c.fixture
        out.append(point)
    return out


def history_from_pb(points: Iterable[pb.RatingPoint]) -> list[RatingChange]:
    """A bot's rated matches from their messages."""
    return [
        RatingChange(
            match_id=p.match_id,
            tournament_id=int(p.tournament_id) if p.HasField("tournament_id") else None,
            fixture=p.fixture if p.HasField("fixture") else None,
            finished_at=p.finished_at,
            seat=p.seat,
            rank=p.rank,
            mu_before=p.mu_before,
            sigma_before=p.sigma_before,
            mu=p.mu,
            sigma=p.sigma,
        )
        for p in points
    ]


def _elo_to_pb(target: pb.EloEstimate, elo: Elo) -> None:
    target.SetInParent()
    target.elo = elo.elo or 0.0
    target.error = elo.error or 0.0
    target.unbounded = elo.unbounded
    if elo.lower is not None:
        target.lower = elo.lower
    if elo.upper is not None:
        target.upper = elo.upper


def _elo_from_pb(m: pb.EloEstimate) -> Elo:
    finite = not m.unbounded
    return Elo(
        m.elo if finite else None,
        m.error if finite and m.HasField("lower") and m.HasField("upper") else None,
        m.lower if m.HasField("lower") else None,
        m.upper if m.HasField("upper") else None,
        unbounded=m.unbounded,
    )


def stats_to_pb(r: StatsReport) -> pb.Stats:
    """The statistics of a tournament or a game."""
    msg = pb.Stats(scope=r.scope, kind=r.kind, multiplayer=r.multiplayer)
    for d in r.duels:
        duel = msg.duels.add(
            bot=d.bot,
            opponent=d.opponent,
            games=d.games,
            wins=d.wins,
            draws=d.draws,
            losses=d.losses,
            points=d.points,
            opponent_points=d.opponent_points,
            pairs=d.pairs,
            pentanomial=d.pentanomial,
        )
        if d.elo is not None:
            _elo_to_pb(duel.elo, d.elo)
        if d.los is not None:
            duel.los = d.los
        if d.paired_elo is not None:
            _elo_to_pb(duel.paired_elo, d.paired_elo)
    for t in r.trueskill:
        row = msg.trueskill.add(place=t.place, bot=t.bot, mu=t.mu, sigma=t.sigma, games=t.games)
        if t.p_better_next is not None:
            row.p_better_next = t.p_better_next
    for s in r.standings:
        msg.standings.add(
            place=s.place,
            bot=s.bot,
            points=s.points,
            games=s.games,
            mean_points=s.mean_points if s.mean_points is not None else float("nan"),
            low=s.low if s.low is not None else float("nan"),
            high=s.high if s.high is not None else float("nan"),
        )
    return msg


def _number(value: float) -> float | None:
    return None if value != value else value  # NaN: no value


def stats_from_pb(msg: pb.Stats) -> StatsReport:
    """The statistics from their message."""
    duels = tuple(
        Duel(
            bot=d.bot,
            opponent=d.opponent,
            games=d.games,
            wins=d.wins,
            draws=d.draws,
            losses=d.losses,
            points=d.points,
            opponent_points=d.opponent_points,
            elo=_elo_from_pb(d.elo) if d.HasField("elo") else None,
            los=d.los if d.HasField("los") else None,
            pairs=d.pairs,
            pentanomial=tuple(d.pentanomial),
            paired_elo=_elo_from_pb(d.paired_elo) if d.HasField("paired_elo") else None,
        )
        for d in msg.duels
    )
    trueskill = tuple(
        TrueSkillRow(
            t.place,
            t.bot,
            t.mu,
            t.sigma,
            t.p_better_next if t.HasField("p_better_next") else None,
            t.games,
        )
        for t in msg.trueskill
    )
    standings = tuple(
        PointsInterval(
            s.place,
            s.bot,
            s.points,
            s.games,
            _number(s.mean_points),
            _number(s.low),
            _number(s.high),
        )  # fmt: skip
        for s in msg.standings
    )
    return StatsReport(msg.scope, msg.kind, duels, trueskill, standings, msg.multiplayer)


__all__ = [
    "STATUS_FROM_PB",
    "STATUS_TO_PB",
    "frame_from_pb",
    "header_from_pb",
    "history_from_pb",
    "history_to_pb",
    "ladder_from_pb",
    "ladder_to_pb",
    "match_row_from_pb",
    "match_row_to_pb",
    "report_from_pb",
    "report_to_pb",
    "request_from_pb",
    "request_to_pb",
    "stats_from_pb",
    "stats_to_pb",
    "summary_from_pb",
    "summary_to_pb",
]
