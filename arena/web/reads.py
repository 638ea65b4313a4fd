"""The web pages' reads of their server: the application layer's values, decoded from replies.

The same decoders as the CLI's `--server` (arena/rpc/wire/reports.py), so a page shows the
rows `arena tournament show --server` prints.
"""

from __future__ import annotations

from typing import Any

from arena.app.reports import MatchRow, TournamentReport, TournamentSummary, in_fixture_order
from arena.app.values import LadderEntry, RatingChange
from arena.rpc.client.remote import Remote, read_remote
from arena.rpc.wire.reports import (
    history_from_pb,
    ladder_from_pb,
    match_row_from_pb,
    report_from_pb,
    summary_from_pb,
)
from arena.v1 import arena_pb2 as pb

PAGE_SIZE = 500  # match summaries read per ListMatches call


async def games(remote: Remote) -> list[Any]:
    """The games the server referees (GameInfo messages)."""
    return list((await read_remote(remote, "ListGames", pb.ListGamesRequest())).games)


async def leaderboard(remote: Remote, game: str) -> tuple[str, list[LadderEntry]]:
    """(the game, its ladder best first)."""
    board = await read_remote(remote, "GetLeaderboard", pb.GetLeaderboardRequest(game=game))
    return board.game, ladder_from_pb(board.entries)


async def history(remote: Remote, game: str, bot: str) -> tuple[str, list[RatingChange]]:
    """(the game, a bot's rated matches, oldest first)."""
    request = pb.GetRatingHistoryRequest(game=game, bot=bot)
    reply = await read_remote(remote, "GetRatingHistory", request)
    return reply.game, history_from_pb(reply.points)


async def tournaments(remote: Remote) -> list[TournamentSummary]:
    """The newest tournaments, newest first."""
    reply = await read_remote(remote, "ListTournaments", pb.ListTournamentsRequest())
    return [summary_from_pb(t) for t in reply.tournaments]


async def match_rows(remote: Remote, tid: int) -> tuple[MatchRow, ...]:
    """Every stored match of a tournament, in fixture order."""
    rows: list[MatchRow] = []
    token = ""
    while True:
        request = pb.ListMatchesRequest(tournament_id=tid, page_size=PAGE_SIZE, page_token=token)
        page = await read_remote(remote, "ListMatches", request)
        rows.extend(match_row_from_pb(m) for m in page.matches)
        token = page.next_page_token
        if not token:
            return in_fixture_order(rows)


async def tournament(remote: Remote, tid: int) -> TournamentReport:
    """A tournament's whole report, with its matches."""
    message = await read_remote(remote, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
    return report_from_pb(message, await match_rows(remote, tid))
