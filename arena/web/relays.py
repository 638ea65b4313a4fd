"""One upstream stream per match (or tournament), shared by every viewer of it.

Thousands of viewers of one match cost the referee one WatchMatch stream: the relay reads it
once, turns each update into its server-sent event once, and hands that text to every viewer's
bounded queue. A viewer that falls too far behind is dropped (its page can reconnect); a late
viewer gets what came so far (a match's whole backlog; a tournament's latest state). Viewers are
bounded per client address and in total, so no single client can crowd the others out.

A page drawn on the server reads a relay too (`snapshot`): the latest message and a digest of
each one so far, without becoming a viewer; the relay then keeps reading a few seconds for the
page's own event stream to join, so one page load costs the referee one stream, not two.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from arena.errors import ArenaError, LimitError

Opener = Callable[[], AsyncIterator[Any]]
Render = Callable[[Any], str]
Note = Callable[[Any], Any]  # a message's digest kept for snapshots (None: nothing to keep)

END = "event: end\ndata: {}\n\n"
LINGER_S = 30.0  # a finished relay serves late viewers this long without a new upstream
HOLD_S = 15.0  # a relay read by a page alone keeps going this long for its event stream


@dataclass(frozen=True, slots=True)
class RelaySettings:
    """The web app's bounds on viewers."""

    max_per_client: int = 100  # open event streams of one client address
    max_viewers: int = 20_000  # open event streams in all
    max_queued: int = 4096  # events waiting for one viewer beyond this drop that viewer
    max_relays: int = 2_000  # distinct matches and tournaments followed upstream at once


class _Viewer:
    def __init__(self, max_queued: int) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.max_queued = max_queued
        self.dropped = False

    def offer(self, chunk: str | None) -> None:
        if self.dropped:
            return
        if chunk is not None and self.queue.qsize() >= self.max_queued:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(chunk)


@dataclass(eq=False)
class Relay:
    """One upstream stream and the events it produced, offered to its viewers."""

    key: str
    latest_only: bool  # a tournament: a late viewer needs its current state only
    backlog: list[str] = field(default_factory=list)
    viewers: set[_Viewer] = field(default_factory=set)
    done: bool = False
    ended_at: float = 0.0
    task: asyncio.Task[None] | None = None
    last: Any = None  # the latest upstream message
    notes: list[Any] = field(default_factory=list)  # the digests of the messages so far
    error: str = ""  # why the upstream stream failed, if it did
    leases: int = 0  # pages reading it without being viewers (see Relays.snapshot)
    changed: asyncio.Event = field(default_factory=asyncio.Event)  # set at each message

    async def pump(self, open_stream: Opener, render: Render, note: Note | None = None) -> None:
        """Read the upstream stream to its end, relaying each message."""
        try:
            async for message in open_stream():
                self.last = message
                digest = note(message) if note is not None else None
                if digest is not None:
                    self.notes.append(digest)
                self._publish(render(message))
        except ArenaError as exc:  # e.g. no such match: every viewer is told, once
            from json import dumps

            self.error = str(exc)
            self._publish("event: failure\ndata: " + dumps({"error": str(exc)}) + "\n\n")
        finally:
            self._publish(END)
            self.done, self.ended_at = True, time.monotonic()
            for viewer in self.viewers:
                viewer.offer(None)

    async def until(self, ready: Callable[[Relay], bool], timeout_s: float) -> None:
        """Wait until `ready(self)` holds or the stream is over (at most timeout_s)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout_s):
                while not (self.done or ready(self)):
                    await self.changed.wait()

    def _publish(self, chunk: str) -> None:
        if self.latest_only and chunk != END:
            self.backlog[:] = [chunk]
        else:
            self.backlog.append(chunk)
        for viewer in list(self.viewers):
            viewer.offer(chunk)
            if viewer.dropped:
                self.viewers.discard(viewer)
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()  # wakes every page waiting in `until`, each then waits on the new one


class Relays:
    """Every relay of one web app, and the bounds on its viewers."""

    def __init__(self, settings: RelaySettings | None = None) -> None:
        self.settings = settings or RelaySettings()
        self.relays: dict[str, Relay] = {}
        self.by_client: dict[str, int] = {}
        self.viewers = 0

    def _relay(
        self, key: str, open_stream: Opener, render: Render, latest_only: bool, note: Note | None
    ) -> Relay:
        relay = self.relays.get(key)
        if relay is not None and relay.done and time.monotonic() - relay.ended_at > LINGER_S:
            relay = None  # a stale replay: follow it afresh
        if relay is None:
            self._evict()
            if len(self.relays) >= self.settings.max_relays:
                raise LimitError("this page follows too many matches right now: try again soon")
            relay = Relay(key, latest_only)
            relay.task = asyncio.create_task(relay.pump(open_stream, render, note))
            self.relays[key] = relay
        return relay

    def _evict(self) -> None:
        now = time.monotonic()
        for key, relay in list(self.relays.items()):
            if relay.done and not relay.viewers and now - relay.ended_at > LINGER_S:
                del self.relays[key]

    async def snapshot(
        self,
        key: str,
        open_stream: Opener,
        render: Render,
        *,
        latest_only: bool,
        note: Note | None = None,
        ready: Callable[[Relay], bool] = lambda relay: relay.last is not None,
        timeout_s: float = 5.0,
    ) -> Relay:
        """The relay of `key` once `ready` holds (or its stream is over, or timeout_s passed):
        what a page draws on the server. The relay is held HOLD_S more for the page's events."""
        relay = self._relay(key, open_stream, render, latest_only, note)
        relay.leases += 1
        try:
            await relay.until(ready, timeout_s)
        finally:
            asyncio.get_running_loop().call_later(HOLD_S, self._release, relay)
        return relay

    def _release(self, relay: Relay) -> None:
        relay.leases -= 1
        if relay.viewers or relay.leases or relay.done:
            return
        if relay.task is not None:
            relay.task.cancel()  # read by a page whose events never came: stop reading
        if self.relays.get(relay.key) is relay:
            del self.relays[relay.key]

    async def follow(
        self,
        client: str,
        key: str,
        open_stream: Opener,
        render: Render,
        *,
        latest_only: bool,
        note: Note | None = None,
    ) -> AsyncIterator[str]:
        """The events of `key` for one viewer: what came so far, then what follows."""
        if self.viewers >= self.settings.max_viewers:
            raise LimitError("this page has too many viewers right now: try again soon")
        if self.by_client.get(client, 0) >= self.settings.max_per_client:
            raise LimitError(
                f"{self.settings.max_per_client} pages of this address follow matches already"
            )
        relay = self._relay(key, open_stream, render, latest_only, note)
        viewer = _Viewer(self.settings.max_queued)
        for earlier in relay.backlog:
            viewer.offer(earlier)
        if not relay.done:
            relay.viewers.add(viewer)
        self.viewers += 1
        self.by_client[client] = self.by_client.get(client, 0) + 1
        try:
            while True:
                chunk = await viewer.queue.get()
                if chunk is None:
                    return
                yield chunk
                if chunk == END:
                    return
        finally:
            relay.viewers.discard(viewer)
            self.viewers -= 1
            left = self.by_client.get(client, 1) - 1
            if left:
                self.by_client[client] = left
            else:
                self.by_client.pop(client, None)
            if not relay.viewers and not relay.leases and not relay.done and relay.task:
                relay.task.cancel()  # nobody watches: stop reading upstream
                with contextlib.suppress(BaseException):
                    await relay.task
                if self.relays.get(key) is relay:
                    del self.relays[key]


__all__ = ["END", "RelaySettings", "Relays"]
