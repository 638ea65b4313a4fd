"""The web pages' reads of their server: the application layer's values, decoded from replies.

The same decoders as the CLI's `--server` (arena/rpc/wire/reports.py), so a page shows the
rows `arena tournament show --server` prints.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from arena.app.reports import MatchRow, TournamentReport, TournamentSummary, in_fixture_order
from arena.app.values import LadderEntry, RatingChange
from arena.rpc.client.remote import Remote, follow_remote, read_remote
from arena.rpc.wire.reports import (
    history_from_pb,
    ladder_from_pb,
    match_row_from_pb,
    report_from_pb,
    summary_from_pb,
)
from arena.v1 import arena_pb2 as pb

PAGE_SIZE = 500  # match summaries read per ListMatches call
CURRENT_TIMEOUT_S = 3.0  # a withheld live match sends nothing until it ends
LIVE_PLAYERS_TIMEOUT_S = 1.5  # a tournament's update waits this long for its matches' players


async def games(remote: Remote) -> list[Any]:
    """The games the server referees (GameInfo messages)."""
    return list((await read_remote(remote, "ListGames", pb.ListGamesRequest())).games)


async def bots(remote: Remote) -> list[Any]:
    """The bots connected to the server now (BotInfo messages)."""
    return list((await read_remote(remote, "ListBots", pb.ListBotsRequest())).bots)


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


async def current_update(
    remote: Remote, match_id: str, timeout_s: float = CURRENT_TIMEOUT_S
) -> pb.MatchUpdate | None:
    """A match's current public update (its END update once over): the first message of a
    WatchMatch from now; None when none comes in time (its moves are withheld)."""
    request = pb.WatchMatchRequest(match_id=match_id, from_now=True)
    stream = follow_remote(remote, "WatchMatch", request)
    try:
        async with asyncio.timeout(timeout_s):
            update: pb.MatchUpdate = await anext(stream)
            return update
    except (TimeoutError, StopAsyncIteration):
        return None
    finally:
        with contextlib.suppress(Exception):
            await stream.aclose()  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class LiveMatch:
    """A match being played: its id and, once known, its players."""

    match_id: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LiveTournament:
    """A tournament update and the matches it is playing now, with their players."""

    update: pb.TournamentUpdate
    live: list[LiveMatch]


async def follow_tournament(remote: Remote, tid: int) -> AsyncIterator[LiveTournament]:
    """A tournament's updates, each with the players of its live matches (each match's
    players read once, from its current update)."""
    request = pb.WatchTournamentRequest(tournament_id=tid)
    known: dict[str, tuple[str, ...]] = {}
    async for update in follow_remote(remote, "WatchTournament", request):
        new = [m for m in update.live_matches if m not in known]
        currents = await asyncio.gather(
            *(current_update(remote, m, LIVE_PLAYERS_TIMEOUT_S) for m in new),
            return_exceptions=True,
        )
        for match_id, current in zip(new, currents, strict=True):
            # A withheld match sends nothing in time: asked once, its players stay unknown.
            known[match_id] = tuple(current.players) if isinstance(current, pb.MatchUpdate) else ()
        live = [LiveMatch(m, known.get(m, ())) for m in update.live_matches]
        yield LiveTournament(update, live)
