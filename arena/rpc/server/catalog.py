"""The server's read side: ArenaService's public reads as calls into `arena.app`, encoded.

Every row is computed by the application layer for the public audience; this module only
bounds the request, pages, and encodes (arena/rpc/wire/reports.py).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Sequence

from arena.app import ladders, owners, stats
from arena.app.access import Caller
from arena.app.reports import (
    Audience,
    AwayBot,
    match_page,
    tournament_report,
    tournament_summaries,
)
from arena.app.values import Store
from arena.core.registry import get_game
from arena.errors import ConfigError
from arena.match.limits import MAX_PAGE_SIZE  # a page of summaries stays far below 1 MiB
from arena.rpc.wire.reports import (
    history_to_pb,
    ladder_to_pb,
    match_row_to_pb,
    report_to_pb,
    stats_to_pb,
    summary_to_pb,
)
from arena.v1 import arena_pb2 as pb

DEFAULT_PAGE_SIZE = 50
DEFAULT_LISTED_TOURNAMENTS = 200  # ListTournaments answers the newest this many by default
MAX_LISTED_TOURNAMENTS = 1000
MAX_HISTORY = 100_000  # GetRatingHistory's `last` beyond this is refused


def leaderboard(store: Store, game_name: str) -> pb.Leaderboard:
    """A game's ladder over every stored match (UnknownGameError for an unknown game)."""
    if not game_name:
        raise ConfigError("give the game whose leaderboard you want")
    name, entries = ladders.leaderboard(store, game_name)
    return pb.Leaderboard(game=name, entries=ladder_to_pb(entries))


def tournament_to_pb(
    store: Store,
    tid: int,
    error: str = "",
    away: Sequence[AwayBot] = (),
    withdrawn: Sequence[str] = (),
    caller: Caller | None = None,
) -> pb.Tournament:
    """A stored tournament's whole report as the caller may see it (its owner or an admin who
    gave a token: every seed; anyone else: the public report)."""
    audience = owners.reader_audience(caller, store.tournament(tid).owner)
    report = tournament_report(store, tid, audience, error=error, away=away, withdrawn=withdrawn)
    return report_to_pb(report)


def list_tournaments(store: Store, limit: int = 0) -> pb.ListTournamentsResponse:
    """The newest stored tournaments, in brief, newest first."""
    if not 0 <= limit <= MAX_LISTED_TOURNAMENTS:
        raise ConfigError(f"limit must be from 1 to {MAX_LISTED_TOURNAMENTS} (0: the default)")
    newest = tournament_summaries(store, Audience.PUBLIC, limit=limit or DEFAULT_LISTED_TOURNAMENTS)
    return pb.ListTournamentsResponse(tournaments=[summary_to_pb(s) for s in newest])


def rating_history(store: Store, game_name: str, bot: str, last: int = 0) -> pb.RatingHistory:
    """A bot's rating after each of its rated matches of a game, oldest first."""
    if not 0 <= last <= MAX_HISTORY:
        raise ConfigError(f"last must be from 0 to {MAX_HISTORY}")
    game = get_game(game_name).name
    name, changes = ladders.rating_history(store, game, bot, last or None)
    return pb.RatingHistory(game=name, bot=bot, points=history_to_pb(changes))


def stats_of(store: Store, request: pb.GetStatsRequest) -> pb.Stats:
    """The statistics of a tournament or a game."""
    tid = request.tournament_id if request.HasField("tournament_id") else None
    if tid is None and not request.game:
        raise ConfigError("give a tournament_id or a game")
    report = stats.stats_report(store, tournament=tid, game=request.game or None)
    return stats_to_pb(report)


def list_matches(store: Store, request: pb.ListMatchesRequest) -> pb.ListMatchesResponse:
    """One page of stored match summaries, filtered by tournament and/or game."""
    size = request.page_size or DEFAULT_PAGE_SIZE
    if not 1 <= size <= MAX_PAGE_SIZE:
        raise ConfigError(f"page_size must be from 1 to {MAX_PAGE_SIZE}, not {size}")
    tid = request.tournament_id if request.HasField("tournament_id") else None
    game = get_game(request.game).name if request.game else None
    filters = [tid, game]
    after = _decode_token(request.page_token, filters) if request.page_token else None
    # One more than a page tells whether another page follows without a count query.
    rows, _ = match_page(store, tournament_id=tid, game=game, after=after, limit=size + 1)
    page, more = rows[:size], len(rows) > size
    token = _encode_token((page[-1].finished_at, page[-1].match_id), filters) if more else ""
    return pb.ListMatchesResponse(matches=[match_row_to_pb(m) for m in page], next_page_token=token)


def _encode_token(last: tuple[float, str], filters: Sequence[object]) -> str:
    # The filters ride along so a token is never silently applied to another query.
    data = json.dumps([last[0], last[1], filters], separators=(",", ":"))
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
