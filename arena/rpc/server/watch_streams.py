"""The WatchMatch and WatchTournament streams: one writer per stream, every write on a deadline.

What a frame may show is the application layer's (arena/app/matches.py, which asks
`arena.app.publicity`); this module only moves frames: from a live match's feed (catching up
first), or from a finished match's record, replayed by the application layer.

Every stream ends with a status that says why: OK after a match's end (or when a tournament is
no longer played), RESOURCE_EXHAUSTED for a watcher too slow or a bound reached, CANCELLED for
a match cancelled before its end, UNAVAILABLE when the server shuts down (or the worker playing
the match is gone). A stream's initial metadata goes out before its first update, so a first
write that stalls can still be answered with a status (gRPC refuses a status that would send
the metadata a second time, and the stream then hung with no status at all).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import grpc

from arena.app.matches import header_of, record_replay, stored_replay
from arena.app.reports import Audience, public_match_rows
from arena.app.values import Disclosure, UnknownMatchError
from arena.errors import (
    ArenaError,
    LimitError,
    TooManyWatchersError,
    UnavailableError,
    WatcherTooSlowError,
)
from arena.match.limits import check_text
from arena.rpc.server.auth_limits import peer_host
from arena.rpc.server.state import ServerState
from arena.rpc.server.watching import (
    MAX_DELAY_MS,
    SHUTTING_DOWN,
    EndKind,
    MatchHeader,
    RemoteWatch,
    Watcher,
    WatchHub,
    frames_to_updates,
)
from arena.rpc.wire.protocol import RELAY_METADATA
from arena.rpc.wire.reports import match_row_to_pb
from arena.rpc.wire.status import abort_with
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.listen")

SUMMARY_PAGE = 500  # finished-match summaries read per database query while following

Timed = tuple[float, pb.MatchUpdate]

END_STATUS = {
    EndKind.CANCELLED: grpc.StatusCode.CANCELLED,
    EndKind.STOPPING: grpc.StatusCode.UNAVAILABLE,
    EndKind.GONE: grpc.StatusCode.UNAVAILABLE,
}


def _ended(kind: EndKind, why: str) -> ArenaError:
    """The error a stream ended early ends with (its status carried: see status_for)."""
    error = UnavailableError(why)
    error.grpc_status = END_STATUS[kind]  # type: ignore[attr-defined]
    return error


def _check_end(watcher: Watcher, *, ended_only: bool = False) -> None:
    """Raise why a watcher's stream ended early, if it did (dropped, cancelled, stopping;
    `ended_only`: not for being dropped, which waits until what is queued is sent)."""
    if watcher.dropped and not ended_only:
        raise WatcherTooSlowError(watcher.dropped)
    if watcher.ended is not None:
        raise _ended(*watcher.ended)


async def answer_stream(hub: WatchHub, context: Any, stream: Callable[[], Awaitable[None]]) -> None:
    """Run a watch stream to its end, and end the call with a status that says why.

    The server's shutdown ends it at once (UNAVAILABLE), wherever it waits (a delay, a stalled
    write, a database read); an arena error ends it with its status; anything else is logged
    and ends it with INTERNAL naming it. A client that left first (CANCELLED on its side)
    needs no status: nothing is logged for it.
    """
    work = asyncio.ensure_future(stream())
    closing = asyncio.ensure_future(hub.closing.wait())
    try:
        await asyncio.wait({work, closing}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        closing.cancel()
        if not work.done():  # the server shuts down, or this call was cancelled
            work.cancel()
            with contextlib.suppress(BaseException):
                await work
    try:
        if work.cancelled():
            raise _ended(EndKind.STOPPING, SHUTTING_DOWN)
        work.result()
    except ArenaError as exc:
        await abort_with(context, exc)
    except Exception as exc:
        log.exception("watch stream failed")
        failed = ArenaError(
            f"the watch stream failed on the server ({type(exc).__name__}); "
            "its operator's log has the details"
        )
        failed.grpc_status = grpc.StatusCode.INTERNAL  # type: ignore[attr-defined]
        await abort_with(context, failed)


def _client(hub: WatchHub, context: Any) -> str | None:
    """The client address a watch stream counts against (None: the server's own web pages)."""
    if hub.relay_token is not None:
        for key, value in context.invocation_metadata() or ():
            if key == RELAY_METADATA and hmac.compare_digest(str(value), hub.relay_token):
                return None
    return peer_host(context.peer() or "?")


@contextmanager
def _stream_slot(hub: WatchHub, context: Any) -> Iterator[None]:
    """Count one open watch stream (TooManyWatchersError beyond the server's bound, or beyond
    one client address's)."""
    if hub.open_streams >= hub.settings.max_watchers:
        raise TooManyWatchersError(
            f"this server has {hub.open_streams} watch streams open, its limit; try again later"
        )
    client = _client(hub, context)
    if client is not None and hub.by_client.get(client, 0) >= hub.settings.max_watchers_per_client:
        raise TooManyWatchersError(
            f"{hub.settings.max_watchers_per_client} watch streams of this address are open "
            "already: close some first"
        )
    hub.open_streams += 1
    if client is not None:
        hub.by_client[client] = hub.by_client.get(client, 0) + 1
    try:
        yield
    finally:
        hub.open_streams -= 1
        if client is not None:
            left = hub.by_client.get(client, 1) - 1
            if left:
                hub.by_client[client] = left
            else:
                hub.by_client.pop(client, None)


async def _write(context: Any, message: Any, timeout_s: float) -> None:
    try:
        await asyncio.wait_for(context.write(message), timeout_s)
    except TimeoutError:
        raise WatcherTooSlowError(
            f"a write stalled for more than {timeout_s:g} s: this watcher does not read"
        ) from None


async def watch_match(state: ServerState, request: pb.WatchMatchRequest, context: Any) -> None:
    """Stream a match's public updates (live: from its feed; finished: from its record)."""
    check_text("match_id", request.match_id, 64)
    if not 0 <= request.delay_ms <= MAX_DELAY_MS:
        raise LimitError(f"delay_ms must be 0 to {MAX_DELAY_MS}")
    hub = state.watch
    timeout = hub.settings.send_timeout_s
    delay_s = request.delay_ms / 1000.0

    following: list[Watcher] = []  # the live feed's watcher, once there is one

    async def send(item: Timed) -> None:
        wait = item[0] + delay_s - time.monotonic()
        if item[0] and wait > 0:
            # A delayed stream still ends at once when its match is cancelled or the server
            # stops (nothing about that is withheld); it shows what was played only late.
            ending = following[0].ending.wait() if following else asyncio.sleep(wait)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(ending, wait)
            if following:
                _check_end(following[0], ended_only=True)
        await _write(context, item[1], timeout)

    stored: list[Timed] = []
    with _stream_slot(hub, context):
        await context.send_initial_metadata(())
        feed = hub.feed(request.match_id)
        if feed is not None and feed.ended:
            # Over: its record (as stored, and with what its tournament shows now) is the
            # replay every reader gets; the feed only serves until the record is stored.
            with contextlib.suppress(UnknownMatchError):
                stored = await asyncio.to_thread(finished_updates, state, request.match_id)
                feed = None
        if feed is None and not stored and hub.elsewhere is not None:
            remote = hub.elsewhere.watch_remote(request.match_id, request.from_now)
            if remote is not None:
                following.append(remote.watcher)
            if remote is not None and await _follow_remote(state, remote, send):
                return
        if feed is None:
            updates = stored or await asyncio.to_thread(finished_updates, state, request.match_id)
            for item in updates[-1:] if request.from_now else updates:
                await send(item)
            return
        watcher = Watcher(hub.settings.max_queued)
        following[:] = [watcher]
        backlog = feed.subscribe(watcher)
        if feed.ended:  # over already: a replay, sent at once
            backlog = [(0.0, _replayed(update)) for _, update in backlog]
        try:
            for item in backlog[-1:] if request.from_now else backlog:
                await send(item)
            while watcher in feed.watchers or not watcher.queue.empty():
                next_item = await watcher.queue.get()
                if next_item is None:
                    break
                await send(next_item)
        finally:
            feed.watchers.discard(watcher)
        _check_end(watcher)


async def _follow_remote(
    state: ServerState, remote: RemoteWatch, send: Callable[[Timed], Awaitable[None]]
) -> bool:
    """Stream a match another worker plays, as it relays it; False if that worker no longer
    had it live and nothing was sent (the caller then replays the stored record)."""
    relay = state.mesh.watches if state.mesh is not None else None
    sent = False
    try:
        while True:
            item = await remote.watcher.queue.get()
            if item is None:
                break
            await send(item)
            sent = True
    finally:
        if relay is not None:
            relay.unsubscribe(remote)
    _check_end(remote.watcher)
    return sent or remote.found


def _replayed(update: pb.MatchUpdate) -> pb.MatchUpdate:
    copy = pb.MatchUpdate()
    copy.CopyFrom(update)
    copy.live = False
    return copy


def finished_updates(state: ServerState, match_id: str) -> list[Timed]:
    """A finished match's public updates, replayed from its record (blocking)."""
    record = state.recent_record(match_id)
    if record is not None:  # outside any tournament: public once over
        replay = record_replay(record, header_of(Disclosure(record)))
    else:
        store = state.store
        try:
            if store is None:
                raise UnknownMatchError(match_id)
            replay = stored_replay(store, match_id, Audience.PUBLIC)
        except UnknownMatchError:
            raise UnknownMatchError(
                f"no live or finished match {match_id!r} on this server"
            ) from None
    h = replay.header
    header = MatchHeader(match_id, h.game, h.options, h.players, None, h.tournament_id)
    return frames_to_updates(header, replay.frames)


async def watch_tournament(
    state: ServerState, request: pb.WatchTournamentRequest, context: Any
) -> None:
    """Stream a tournament's state whenever it changes, until it is no longer played."""
    hub = state.watch
    tid = request.tournament_id
    state.require_store()
    with _stream_slot(hub, context):
        await context.send_initial_metadata(())
        changed = hub.listen(tid)
        try:
            await _follow_tournament(state, tid, changed, context)
        finally:
            hub.unlisten(tid, changed)


async def _follow_tournament(
    state: ServerState, tid: int, changed: asyncio.Event, context: Any
) -> None:
    hub = state.watch
    after: tuple[float, str] | None = None
    last_key: tuple[Any, ...] | None = None
    while True:
        if hub.closing.is_set():
            raise _ended(EndKind.STOPPING, SHUTTING_DOWN)
        changed.clear()
        message, finished, after = await asyncio.to_thread(_read_tournament, state, tid, after)
        live = hub.live_matches(tid)
        away = tuple(a.bot for a in message.away) + tuple(message.withdrawn)
        key = (message.status, message.fixtures_done, tuple(live), message.error, away)
        if key != last_key or finished:
            update = pb.TournamentUpdate(tournament=message, finished=finished, live_matches=live)
            await _write(context, update, hub.settings.send_timeout_s)
            last_key = key
        running_here = state.host is not None and tid in state.host.runs
        if _status_over(message.status) and not live and not running_here:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), hub.settings.tournament_poll_s)


def _status_over(status: int) -> bool:
    return status in (
        pb.TOURNAMENT_STATUS_FINISHED,
        pb.TOURNAMENT_STATUS_INTERRUPTED,
        pb.TOURNAMENT_STATUS_ABANDONED,
    )


def _read_tournament(
    state: ServerState, tid: int, after: tuple[float, str] | None
) -> tuple[pb.Tournament, list[pb.MatchSummary], tuple[float, str] | None]:
    """The tournament now, and its matches finished after `after` (blocking)."""
    store = state.require_store()
    message = state.tournament_pb(tid)
    finished: list[pb.MatchSummary] = []
    while True:
        page = store.match_summaries(tournament_id=tid, after=after, limit=SUMMARY_PAGE)
        finished.extend(match_row_to_pb(m) for m in public_match_rows(store, page))
        if page:
            after = (page[-1].finished_at, page[-1].match_id)
        if len(page) < SUMMARY_PAGE:
            return message, finished, after


__all__ = ["answer_stream", "finished_updates", "watch_match", "watch_tournament"]
