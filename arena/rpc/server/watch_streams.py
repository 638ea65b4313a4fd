"""The WatchMatch and WatchTournament streams: one writer per stream, every write on a deadline.

What a frame may show is the application layer's (arena/app/matches.py, which asks
`arena.app.publicity`); this module only moves frames: from a live match's feed (catching up
first), or from a finished match's record, replayed by the application layer.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from arena.app.matches import header_of, record_replay, stored_replay
from arena.app.reports import Audience, public_match_rows
from arena.app.values import Disclosure, UnknownMatchError
from arena.errors import LimitError, TooManyWatchersError, WatcherTooSlowError
from arena.match.limits import check_text
from arena.rpc.server.auth_limits import peer_host
from arena.rpc.server.state import ServerState
from arena.rpc.server.watching import (
    MAX_DELAY_MS,
    MatchHeader,
    RemoteWatch,
    Watcher,
    WatchHub,
    frames_to_updates,
)
from arena.rpc.wire.protocol import RELAY_METADATA
from arena.rpc.wire.reports import match_row_to_pb
from arena.v1 import arena_pb2 as pb

SUMMARY_PAGE = 500  # finished-match summaries read per database query while following

Timed = tuple[float, pb.MatchUpdate]


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

    async def send(item: Timed) -> None:
        wait = item[0] + delay_s - time.monotonic()
        if item[0] and wait > 0:
            await asyncio.sleep(wait)
        await _write(context, item[1], timeout)

    stored: list[Timed] = []
    with _stream_slot(hub, context):
        feed = hub.feed(request.match_id)
        if feed is not None and feed.ended:
            # Over: its record (as stored, and with what its tournament shows now) is the
            # replay every reader gets; the feed only serves until the record is stored.
            with contextlib.suppress(UnknownMatchError):
                stored = await asyncio.to_thread(finished_updates, state, request.match_id)
                feed = None
        if feed is None and not stored and hub.elsewhere is not None:
            remote = hub.elsewhere.watch_remote(request.match_id, request.from_now)
            if remote is not None and await _follow_remote(state, remote, send):
                return
        if feed is None:
            updates = stored or await asyncio.to_thread(finished_updates, state, request.match_id)
            for item in updates[-1:] if request.from_now else updates:
                await send(item)
            return
        watcher = Watcher(hub.settings.max_queued)
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
        if watcher.dropped:
            raise WatcherTooSlowError(watcher.dropped)


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
    if remote.watcher.dropped:
        raise WatcherTooSlowError(remote.watcher.dropped)
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


__all__ = ["finished_updates", "watch_match", "watch_tournament"]
