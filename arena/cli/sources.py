"""Where a read comes from: the database (`--db`) or a running server (`--server`).

Each function returns the application layer's value either way: from the database through
`arena.app` (its holder's view), or from the server through the organizer's client
(arena/client.py, which decodes the replies into the same values: the public view). The
commands then print it the same way, so both agree row for row.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from arena.app import ladders, matches, reports, stats
from arena.app.database import open_store
from arena.app.matches import Replay
from arena.app.reports import Audience, TournamentReport, TournamentSummary
from arena.app.stats import StatsReport
from arena.app.values import LadderEntry, RatingChange
from arena.errors import ConfigError

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.arena_client import ArenaClient
    from arena.rpc.client.remote import Remote
    from arena.rpc.client.sync_client import SyncArenaClient

T = TypeVar("T")
STOP_WAIT_S = 2.0  # after Ctrl-C, how long a client coroutine may take to wind down


def remote_of(
    server: str, tls_ca: str | None = None, token: str | None = None, plaintext: bool = False
) -> Remote:
    """The Remote for a --server address (arena.rpc is imported only when one is given)."""
    from arena.rpc.client.remote import Remote

    return Remote.of(server, token, tls_ca, plaintext or None)


def run(
    coro: Coroutine[Any, Any, T],
    signals: tuple[signal.Signals, ...] = (signal.SIGINT,),
    stop_wait_s: float | None = STOP_WAIT_S,
    on: SyncArenaClient | None = None,
) -> T:
    """Run one coroutine to its end, or raise KeyboardInterrupt on Ctrl-C (`signals`).

    The signals are the event loop's own (`add_signal_handler`, with a wakeup fd), so the loop
    sees one at once whichever thread the kernel hands it to. asyncio.run's SIGINT handler has
    no wakeup fd: a Ctrl-C taken by one of gRPC's threads waited for the loop's next event, and
    a follower of a quiet stream (a bot thinking, a tournament between matches) for the next
    move or match. The coroutine is cancelled and given `stop_wait_s` to wind down (None: as
    long as it takes, as a tournament stopping its bots needs). Meanwhile the handlers from
    before are back: a second Ctrl-C stops the wait as asyncio.run's own handler does.

    `on`: run it on that client's event loop (its channel is bound to it), not a new one.
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

    interrupted, result = on.run(race()) if on is not None else asyncio.run(race())
    if interrupted:
        raise KeyboardInterrupt
    return result  # type: ignore[return-value]


def client(server: Remote) -> SyncArenaClient:
    """A blocking client of the server, for one command: one channel and one event loop for
    all its calls (grpc is imported only here)."""
    from arena.rpc.client.sync_client import SyncArenaClient

    return SyncArenaClient(server)


def tournament_report(
    db: str | None, server: Remote | None, tid: int, *, with_matches: bool = False
) -> TournamentReport:
    """A tournament's whole report."""
    if server is None:
        with open_store(db, create=False) as store:
            return reports.tournament_report(store, tid, with_matches=with_matches)
    with client(server) as remote:
        return remote.get_tournament(tid, with_matches=with_matches)


def tournament_summaries(
    db: str | None, server: Remote | None, limit: int
) -> list[TournamentSummary]:
    """The newest tournaments in brief, newest first."""
    if server is None:
        with open_store(db, create=False) as store:
            return reports.tournament_summaries(store, limit=limit)
    with client(server) as remote:
        return remote.list_tournaments(limit)


def leaderboard(
    db: str | None, server: Remote | None, game: str | None
) -> tuple[str, list[LadderEntry]]:
    """(the game, its ladder best first)."""
    if server is None:
        with open_store(db, create=False) as store:
            return ladders.leaderboard(store, game)
    if game is None:
        raise ConfigError("with --server give --game")
    with client(server) as remote:
        return remote.get_leaderboard(game)


def rating_history(
    db: str | None, server: Remote | None, game: str | None, bot: str, last: int | None
) -> tuple[str, list[RatingChange]]:
    """(the game, a bot's rated matches oldest first); ConfigError when it has none."""
    if server is None:
        with open_store(db, create=False) as store:
            name, changes = ladders.rating_history(store, game, bot, last)
            where = store.location
    else:
        if game is None:
            raise ConfigError("with --server give --game")
        with client(server) as remote:
            name, changes = remote.get_rating_history(game, bot, last=last or 0)
        where = server.address
    if not changes:
        raise ladders.no_history_error(bot, name, where)
    return name, changes


def stats_report(
    db: str | None, server: Remote | None, tournament: int | None, game: str | None
) -> StatsReport:
    """The statistics of a tournament or a game."""
    if server is None:
        with open_store(db, create=False) as store:
            return stats.stats_report(store, tournament=tournament, game=game)
    if tournament is None and game is None:
        raise ConfigError("with --server give --tournament or --game")
    with client(server) as remote:
        return remote.get_stats(tournament_id=tournament, game=game)


def stored_replay(db: str | None, server: Remote | None, match_id: str, seat: int | None) -> Replay:
    """A finished match frame by frame: the holder's own (any seat) or the server's public one."""
    if server is None:
        with open_store(db, create=False) as store:
            return matches.stored_replay(store, match_id, Audience.OWNER, seat)
    if seat is not None:
        raise ConfigError("a server shows the spectator's view only: drop --seat")
    with client(server) as remote:
        return run(remote_replay(remote.aio, match_id), on=remote)


async def remote_replay(server: ArenaClient, match_id: str) -> Replay:
    """A finished match as the server shows it: its record's header, then its WatchMatch
    frames (replayed there from the record, with the seed that stays there)."""
    from arena.rpc.wire.reports import frame_from_pb

    shown = await server.get_match(match_id)
    frames = [frame_from_pb(u) async for u in server.watch_match(match_id)]
    withheld = len(frames) == 1 and not frames[0].view_json
    return Replay(matches.header_of(shown), tuple(frames), moves_withheld=withheld)


__all__ = [
    "client",
    "leaderboard",
    "rating_history",
    "remote_of",
    "run",
    "stats_report",
    "stored_replay",
    "tournament_report",
    "tournament_summaries",
]
