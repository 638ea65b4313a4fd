"""The read side of a server's database as arena.v1 messages: tournaments, match pages, ladders.

Standings, seat rows and ladders are computed exactly as `arena tournament show` and
`arena leaderboard` compute them, so the RPCs and the CLI agree on the same database.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence

from arena.errors import ConfigError
from arena.limits import MAX_PAGE_SIZE  # a page of summaries stays far below 1 MiB
from arena.publicity import tournament_is_public
from arena.ratings import LadderEntry, fold_ratings
from arena.registry import get_game
from arena.rpc.convert import options_to_pb, termination_to_pb
from arena.store import MatchSummary, Store, StoredTournament
from arena.tournament import TIE_BREAKS, compute_standings
from arena.tournament.manage import first_decision_is_simultaneous
from arena.tournament.players import forfeit_counts
from arena.tournament.schedule import Status
from arena.tournament.standings import seat_summary
from arena.v1 import arena_pb2 as pb

DEFAULT_PAGE_SIZE = 50
MAX_LISTED_TOURNAMENTS = 200  # ListTournaments answers the newest this many

_STATUS_TO_PB: dict[Status, pb.TournamentStatus] = {
    s: pb.TournamentStatus.Value(f"TOURNAMENT_STATUS_{s.name}")  # type: ignore[misc]
    for s in Status
}


def ladder_to_pb(entries: list[LadderEntry]) -> list[pb.LadderEntry]:
    """A ladder (best first) as LadderEntry messages with their places."""
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


def leaderboard(store: Store, game_name: str) -> pb.Leaderboard:
    """A game's ladder over every stored match (UnknownGameError for an unknown game)."""
    if not game_name:
        raise ConfigError("give the game whose leaderboard you want")
    game = get_game(game_name)
    entries = store.ladder(game.name)  # the stored ladder: O(bots)
    return pb.Leaderboard(game=game.name, entries=ladder_to_pb(entries))


def tournament_to_pb(store: Store, t: StoredTournament, error: str = "") -> pb.Tournament:
    """A stored tournament with its standings, seat rows and its own ladder."""
    spec = t.spec
    records = store.tournament_matches(t.id)
    msg = tournament_brief(t)
    msg.error = error
    forfeits = forfeit_counts(records)
    for s in compute_standings(records, spec.bot_names, spec.table_size):
        msg.standings.append(
            pb.Standing(
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
        )
    by_play_order = not first_decision_is_simultaneous(spec)
    for row in seat_summary(records, spec.table_size, by_play_order=by_play_order):
        msg.seats.append(
            pb.SeatResult(label=row.label, games=row.games, points=row.points, wins=row.wins)
        )
    msg.leaderboard.extend(ladder_to_pb(fold_ratings(store.results(spec.game, t.id))))
    return msg


def tournament_brief(t: StoredTournament) -> pb.Tournament:
    """A stored tournament without its standings, seat rows and ladder (cheap to list)."""
    spec = t.spec
    public = tournament_is_public(t.status)
    msg = pb.Tournament(
        id=t.id,
        game=spec.game,
        options=options_to_pb(spec.options),
        format=spec.format.value,
        hero=spec.hero or "",
        table_size=spec.table_size,
        cycles=spec.cycles,
        seed=spec.seed if public else 0,
        seed_withheld=not public,
        deals=spec.deals.value,
        bots=spec.bot_names,
        status=_STATUS_TO_PB[t.status],
        fixtures_done=t.played,
        fixtures_total=t.fixtures,
        created_at=t.created_at,
        finished_at=t.finished_at or 0.0,
        tie_breaks=TIE_BREAKS,
    )
    if spec.time_per_move_ms is not None:
        msg.per_move_ms = spec.time_per_move_ms
    if spec.time_bank_ms is not None:
        msg.time_bank_ms = spec.time_bank_ms
    if spec.increment_ms is not None:
        msg.increment_ms = spec.increment_ms
    return msg


def list_tournaments(store: Store) -> pb.ListTournamentsResponse:
    """The newest stored tournaments, in brief, newest first."""
    newest = list(reversed(store.tournaments()))[:MAX_LISTED_TOURNAMENTS]
    return pb.ListTournamentsResponse(tournaments=[tournament_brief(t) for t in newest])


def rating_history(store: Store, game_name: str, bot: str) -> pb.RatingHistory:
    """A bot's rating after each of its rated matches of a game, oldest first."""
    game = get_game(game_name).name
    points = [
        pb.RatingPoint(
            match_id=c.match_id, finished_at=c.finished_at, rank=c.rank, mu=c.mu, sigma=c.sigma
        )
        for c in store.rating_history(game, bot)
    ]
    return pb.RatingHistory(game=game, bot=bot, points=points)


def summary_to_pb(summary: MatchSummary) -> pb.MatchSummary:
    """A MatchSummary message."""
    msg = pb.MatchSummary(
        match_id=summary.match_id,
        game=summary.game,
        players=summary.players,
        ranks=summary.outcome.ranks,
        points=summary.outcome.points,
        termination=termination_to_pb(summary.outcome.termination),
        finished_at=summary.finished_at,
    )
    if summary.tournament_id is not None:
        msg.tournament_id = summary.tournament_id
    if summary.fixture is not None:
        msg.fixture = summary.fixture
    return msg


def list_matches(store: Store, request: pb.ListMatchesRequest) -> pb.ListMatchesResponse:
    """One page of stored match summaries, filtered by tournament and/or game."""
    size = request.page_size or DEFAULT_PAGE_SIZE
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise ConfigError(f"page_size must be from 1 to {MAX_PAGE_SIZE}, not {size}")
    tid = request.tournament_id if request.HasField("tournament_id") else None
    if tid is not None:
        store.tournament(tid)  # an unknown tournament is NOT_FOUND, not an empty list
    game = get_game(request.game).name if request.game else None
    filters = [tid, game]
    after = _decode_token(request.page_token, filters) if request.page_token else None
    # One more than a page tells whether another page follows without a count query.
    rows = store.match_summaries(tournament_id=tid, game=game, after=after, limit=size + 1)
    page, more = rows[:size], len(rows) > size
    token = _encode_token(page[-1], filters) if more else ""
    return pb.ListMatchesResponse(matches=[summary_to_pb(s) for s in page], next_page_token=token)


def _encode_token(last: MatchSummary, filters: Sequence[object]) -> str:
    # The filters ride along so a token is never silently applied to another query.
    data = json.dumps([last.finished_at, last.match_id, filters], separators=(",", ":"))
    return base64.urlsafe_b64encode(data.encode()).decode().rstrip("=")


def _decode_token(token: str, filters: Sequence[object]) -> tuple[float, str]:
    try:
        padded = token + "=" * (-len(token) % 4)
        at, last_id, token_filters = json.loads(base64.urlsafe_b64decode(padded.encode()))
        after = (float(at), str(last_id))
    except (binascii.Error, UnicodeDecodeError, TypeError, ValueError):
        raise ConfigError(f"page_token {token[:40]!r} is not one this server gave") from None
    if token_filters != filters:
        raise ConfigError("page_token belongs to a listing with other filters")
    return after
