"""Where a read comes from: the database (`--db`) or a running server (`--server`).

Each function returns the application layer's value either way: from the database through
`arena.app` (its holder's view), or from the server's reply decoded by arena/rpc/wire/reports.py
(the public view). The commands then print it the same way, so both agree row for row.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

from arena.app import ladders, matches, reports, stats
from arena.app.database import open_store
from arena.app.matches import Replay
from arena.app.reports import Audience, MatchRow, TournamentReport, TournamentSummary
from arena.app.stats import StatsReport
from arena.app.values import LadderEntry, RatingChange
from arena.errors import ConfigError

T = TypeVar("T")
PAGE = 500  # match summaries per ListMatches call
STOP_WAIT_S = 2.0  # after Ctrl-C, how long a client coroutine may take to wind down


def remote_of(
    server: str, tls_ca: str | None = None, token: str | None = None, plaintext: bool = False
) -> Any:
    """The Remote for a --server address (grpc is imported only here)."""
    from arena.rpc.client.remote import Remote

    return Remote.of(server, token, tls_ca, plaintext or None)


def run(
    coro: Coroutine[Any, Any, T],
    signals: tuple[signal.Signals, ...] = (signal.SIGINT,),
    stop_wait_s: float | None = STOP_WAIT_S,
) -> T:
    """Run one coroutine to its end, or raise KeyboardInterrupt on Ctrl-C (`signals`).

    The signals are the event loop's own (`add_signal_handler`, with a wakeup fd), so the loop
    sees one at once whichever thread the kernel hands it to. asyncio.run's SIGINT handler has
    no wakeup fd: a Ctrl-C taken by one of gRPC's threads waited for the loop's next event, and
    a follower of a quiet stream (a bot thinking, a tournament between matches) for the next
    move or match. The coroutine is cancelled and given `stop_wait_s` to wind down (None: as
    long as it takes, as a tournament stopping its bots needs). Meanwhile the handlers from
    before are back: a second Ctrl-C stops the wait as asyncio.run's own handler does.
    """

    async def race() -> tuple[bool, T | None]:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        before: dict[signal.Signals, Any] = {}
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                previous = signal.getsignal(sig)
                loop.add_signal_handler(sig, stop.set)  # the main thread only
                before[sig] = previous
        task = asyncio.ensure_future(coro)
        stopper = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for sig, previous in before.items():
                loop.remove_signal_handler(sig)
                if previous is not None:  # None: a handler not set from Python
                    signal.signal(sig, previous)
            stopper.cancel()
        if task.done():
            return False, task.result()
        task.cancel()
        await asyncio.wait({task}, timeout=stop_wait_s)
        if task.done() and not task.cancelled():
            task.exception()  # seen: a failure of the interrupted work is not reported
        return True, None

    interrupted, result = asyncio.run(race())
    if interrupted:
        raise KeyboardInterrupt
    return result  # type: ignore[return-value]


def _read(remote: Any, method: str, request: Any) -> Any:
    from arena.rpc.client.remote import read_remote

    return run(read_remote(remote, method, request))


def tournament_report(
    db: str | None, server: Any, tid: int, *, with_matches: bool = False
) -> TournamentReport:
    """A tournament's whole report."""
    if server is None:
        with open_store(db, create=False) as store:
            return reports.tournament_report(store, tid, with_matches=with_matches)
    from arena.rpc.wire.reports import report_from_pb
    from arena.v1 import arena_pb2 as pb

    message = _read(server, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
    rows = match_rows(server, tid) if with_matches else None
    return report_from_pb(message, rows)


def match_rows(server: Any, tid: int) -> tuple[MatchRow, ...]:
    """Every stored match of a tournament on a server, a page at a time, in fixture order."""
    from arena.rpc.wire.reports import match_row_from_pb
    from arena.v1 import arena_pb2 as pb

    rows: list[MatchRow] = []
    token = ""
    while True:
        request = pb.ListMatchesRequest(tournament_id=tid, page_size=PAGE, page_token=token)
        page = _read(server, "ListMatches", request)
        rows.extend(match_row_from_pb(m) for m in page.matches)
        token = page.next_page_token
        if not token:
            return reports.in_fixture_order(rows)


def tournament_summaries(db: str | None, server: Any, limit: int) -> list[TournamentSummary]:
    """The newest tournaments in brief, newest first."""
    if server is None:
        with open_store(db, create=False) as store:
            return reports.tournament_summaries(store, limit=limit)
    from arena.rpc.wire.reports import summary_from_pb
    from arena.v1 import arena_pb2 as pb

    reply = _read(server, "ListTournaments", pb.ListTournamentsRequest(limit=limit))
    return [summary_from_pb(t) for t in reply.tournaments]


def leaderboard(db: str | None, server: Any, game: str | None) -> tuple[str, list[LadderEntry]]:
    """(the game, its ladder best first)."""
    if server is None:
        with open_store(db, create=False) as store:
            return ladders.leaderboard(store, game)
    from arena.rpc.wire.reports import ladder_from_pb
    from arena.v1 import arena_pb2 as pb

    if game is None:
        raise ConfigError("with --server give --game")
    board = _read(server, "GetLeaderboard", pb.GetLeaderboardRequest(game=game))
    return board.game, ladder_from_pb(board.entries)


def rating_history(
    db: str | None, server: Any, game: str | None, bot: str, last: int | None
) -> tuple[str, list[RatingChange]]:
    """(the game, a bot's rated matches oldest first); ConfigError when it has none."""
    if server is None:
        with open_store(db, create=False) as store:
            name, changes = ladders.rating_history(store, game, bot, last)
            where = store.location
    else:
        from arena.rpc.wire.reports import history_from_pb
        from arena.v1 import arena_pb2 as pb

        if game is None:
            raise ConfigError("with --server give --game")
        request = pb.GetRatingHistoryRequest(game=game, bot=bot, last=last or 0)
        reply = _read(server, "GetRatingHistory", request)
        name, changes, where = reply.game, history_from_pb(reply.points), server.address
    if not changes:
        raise ladders.no_history_error(bot, name, where)
    return name, changes


def stats_report(
    db: str | None, server: Any, tournament: int | None, game: str | None
) -> StatsReport:
    """The statistics of a tournament or a game."""
    if server is None:
        with open_store(db, create=False) as store:
            return stats.stats_report(store, tournament=tournament, game=game)
    from arena.rpc.wire.reports import stats_from_pb
    from arena.v1 import arena_pb2 as pb

    request = pb.GetStatsRequest(game=game or "")
    if tournament is not None:
        request.tournament_id = tournament
    elif game is None:
        raise ConfigError("with --server give --tournament or --game")
    return stats_from_pb(_read(server, "GetStats", request))


def stored_replay(db: str | None, server: Any, match_id: str, seat: int | None) -> Replay:
    """A finished match frame by frame: the holder's own (any seat) or the server's public one."""
    if server is None:
        with open_store(db, create=False) as store:
            return matches.stored_replay(store, match_id, Audience.OWNER, seat)
    if seat is not None:
        raise ConfigError("a server shows the spectator's view only: drop --seat")
    return run(remote_replay(server, match_id))


async def remote_replay(server: Any, match_id: str) -> Replay:
    """A finished match as the server shows it: its record's header, then its WatchMatch
    frames (replayed there from the record, with the seed that stays there)."""
    from arena.rpc.client.remote import follow_remote, read_remote
    from arena.rpc.wire.reports import frame_from_pb, header_from_pb
    from arena.v1 import arena_pb2 as pb

    record = await read_remote(server, "GetMatch", pb.GetMatchRequest(match_id=match_id))
    request = pb.WatchMatchRequest(match_id=match_id)
    frames = [frame_from_pb(u) async for u in follow_remote(server, "WatchMatch", request)]
    withheld = len(frames) == 1 and not frames[0].view_json
    return Replay(header_from_pb(record), tuple(frames), moves_withheld=withheld)


__all__ = [
    "leaderboard",
    "rating_history",
    "remote_of",
    "run",
    "stats_report",
    "stored_replay",
    "tournament_report",
    "tournament_summaries",
]
