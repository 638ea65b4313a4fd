"""Bot sessions: one per Connect stream. Hello/Welcome, request routing, the writer, pings.

Every message to a bot goes through its session's outbox, written in order by one task per
stream: nothing ever cancels a write in flight (a cancelled write breaks a grpc.aio stream), and
every write has a deadline. A bot that stops reading is dropped once a write stalls past it or its
outbox overflows, and its matches are adjudicated as disconnects; nobody else waits on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import itertools
import logging
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from arena.errors import ProtocolError
from arena.match.limits import MAX_NOTICE_CHARS, clip
from arena.rpc.server.logs import RateLimitedLog
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.sessions")


# How a bot's stream was seen to end. Which of the two a bot whose process died gets is a race
# of the transport, so a record's crash detail names neither (arena/rpc/embedded.py).
STREAM_CLOSED = "the bot closed its stream"
CONNECTION_LOST = "the connection was lost"
TRANSPORT_ENDS = frozenset({STREAM_CLOSED, CONNECTION_LOST})


class SessionClosed(Exception):
    """The session's stream is gone; carries why."""


class CloseKind(enum.Enum):
    """Why a stream is ended by the server: decides the gRPC status the bot sees."""

    REPLACED = "replaced"  # a newer connection of the same bot: ABORTED
    REVOKED = "revoked"  # its token was revoked or rotated while it was connected: UNAUTHENTICATED
    DROPPED = "dropped"  # the server gave up on it (stalled writes, shutdown): UNAVAILABLE
    ENDED = "ended"  # the bot ended it, or the transport did: no status to send


@dataclass(frozen=True, slots=True)
class SessionSettings:
    """Liveness and flow settings shared by every session of a server."""

    ping_interval_s: float = 5.0  # server Pings measure the round trip (transport allowance)
    # Application silence never ends a session by default: a bot thinking under its clock may
    # be silent for long, and liveness is the transport's (HTTP/2 keepalive). Set a count to
    # also drop sessions silent for that many ping intervals.
    missed_pings: int | None = None
    send_timeout_s: float = 10.0  # a write to the bot stalled this long drops the session
    max_queued: int = 1024  # messages waiting for the writer beyond this drop the session


class Outbox:
    """Messages waiting for a stream's one writer, in order: a deque and the writer's wake-up.

    What asyncio.Queue does for one consumer, without its bookkeeping for many putters,
    getters and `join` (this is on every decision's path).
    """

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[pb.ServerMessage | None] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def __len__(self) -> int:
        return len(self._items)

    def put(self, item: pb.ServerMessage | None) -> None:
        """Queue `item` (None tells the writer to stop) and wake the writer if it waits."""
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> pb.ServerMessage | None:
        """The next item, once there is one (one caller at a time: the writer)."""
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        return self._items.popleft()


@dataclass(slots=True)
class Reply:
    """A decision as it arrived, with the server's clock at arrival (perf_counter seconds)."""

    decision: pb.Decision
    received_at: float


class Seatable(Protocol):
    """What a seated bot's player needs of its session: a local stream (BotSession) or one
    held by another worker of the same referee (relay.RelayedSession)."""

    name: str
    games: tuple[str, ...]
    max_matches: int
    version: str
    compact_legal_moves: bool
    active: dict[str, set[int]]

    @property
    def closed(self) -> bool:
        """True once the bot is gone."""

    @property
    def ping_rtt_ms(self) -> float:
        """The measured round trip to the bot (ms)."""

    def send(self, message: pb.ServerMessage) -> None:
        """Queue one message for the bot (SessionClosed if it is gone)."""

    async def request(self, build: Callable[[int], pb.ServerMessage]) -> Reply:
        """Send a request and wait for its Decision (SessionClosed if the bot goes)."""

    def join(self, match_id: str, seat: int) -> None:
        """Note that the bot holds `seat` in a match."""

    def leave(self, match_id: str, seat: int) -> None:
        """Note that the bot's seat in a match is over."""

    def info(self) -> pb.BotInfo:
        """The bot as ListBots shows it."""


@dataclass(eq=False)
class BotSession:
    """One connected bot: its Hello, its outbox and writer, its pending requests and matches."""

    name: str
    token: str = field(repr=False)  # never shown
    games: tuple[str, ...]
    max_matches: int
    version: str
    write: Callable[[pb.ServerMessage], Awaitable[Any]]  # the stream's write coroutine function
    settings: SessionSettings = field(default_factory=SessionSettings)
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    connected_unix_ms: int = field(default_factory=lambda: int(time.time() * 1000))
    compact_legal_moves: bool = False  # the bot derives legal moves from the view where it can
    instance_id: str = ""  # the bot's run (Hello.instance_id): its streams on other workers
    close_reason: str = ""
    close_kind: CloseKind = CloseKind.ENDED
    ignored_decisions: int = 0
    unknown_ids: int = 0  # of those, decisions naming a request id never sent (not just late)
    last_request_id: int = 0
    active: dict[str, set[int]] = field(default_factory=dict)  # match id -> seats held
    problems: RateLimitedLog = field(default_factory=lambda: RateLimitedLog(log))
    _pending: dict[int, asyncio.Future[Reply]] = field(default_factory=dict)
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))
    _outbox: Outbox = field(default_factory=Outbox)
    _closed: asyncio.Event = field(default_factory=asyncio.Event)
    _last_seen: float = field(default_factory=time.monotonic)
    _pings_out: dict[int, float] = field(default_factory=dict)  # nonce -> perf_counter at send
    ping_rtt_ms: float = 0.0  # the last measured ping round trip (transport + bot's loop)
    _writer: asyncio.Task[None] | None = None
    _writing_since: float | None = None  # monotonic start of the write in flight, if any
    _write_stalled: bool = False

    @property
    def closed(self) -> bool:
        """True once the stream is gone."""
        return self._closed.is_set()

    def send(self, message: pb.ServerMessage) -> None:
        """Queue one message for the writer; SessionClosed if the stream is gone or clogged."""
        if self.closed:
            raise SessionClosed(self.close_reason)
        if len(self._outbox) >= self.settings.max_queued:
            self.close(
                f"{len(self._outbox)} messages waiting: the bot does not read its stream",
                CloseKind.DROPPED,
            )
            raise SessionClosed(self.close_reason)
        self._outbox.put(message)

    async def run_writer(self) -> None:
        """Write queued messages in order, one at a time, each within the send deadline.

        Returns once the session is closed, after the write in flight (if any) completes: the
        writer is never cancelled mid-write, which would break the stream, except by
        `watch_writes` once a write has stalled past the deadline (the stream is lost then).
        """
        self._writer = writer = asyncio.current_task()
        assert writer is not None
        while True:
            message = await self._outbox.get()
            if message is None or self.closed:
                return
            # No timer per write: watch_writes checks the write in flight a few times a deadline.
            self._writing_since = time.monotonic()
            try:
                await self.write(message)
            except asyncio.CancelledError:
                if not self._write_stalled:
                    raise
                writer.uncancel()
                timeout = self.settings.send_timeout_s
                self.close(
                    f"a write stalled for more than {timeout:g} s: the bot does not read",
                    CloseKind.DROPPED,
                )
                return
            except Exception as exc:  # noqa: BLE001 - the stream is gone: that is a disconnect
                self.close(f"write failed: {type(exc).__name__}: {clip(str(exc), 200)}")
            finally:
                self._writing_since = None

    async def watch_writes(self) -> None:
        """Drop the session once a write has been in flight for longer than the send deadline
        (checked every quarter deadline, so within 1.25 deadlines)."""
        timeout = self.settings.send_timeout_s
        while not self.closed or self._writing_since is not None:
            await asyncio.sleep(timeout / 4)
            since = self._writing_since
            if since is not None and time.monotonic() - since > timeout and self._writer:
                self._write_stalled = True
                self._writer.cancel()
                return

    async def request(self, build: Callable[[int], pb.ServerMessage]) -> Reply:
        """Send the message (a DecisionRequest) made by `build(request_id)` and wait for its
        Decision.

        Cancelling the wait (a timeout) never touches the write: the request stays queued or
        in flight, and its late answer is refused with a notice.
        """
        request_id = next(self._ids)
        self.last_request_id = request_id
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            self.send(build(request_id))
            return await future
        finally:
            self._pending.pop(request_id, None)  # a late reply is then refused, not misrouted

    def on_message(self, message: pb.BotMessage) -> None:
        """Handle one incoming message (answers are queued on the outbox)."""
        self._last_seen = time.monotonic()
        kind = message.WhichOneof("kind")
        if kind == "decision":
            self._on_decision(message.decision)
        elif kind == "ping":
            self.send(pb.ServerMessage(pong=pb.Pong(nonce=message.ping.nonce)))
        elif kind == "pong":
            sent = self._pings_out.pop(message.pong.nonce, None)
            if sent is not None:
                self.ping_rtt_ms = (time.perf_counter() - sent) * 1000.0
        elif kind == "hello":
            raise ProtocolError("Hello may only be the first message")
        elif kind is None:
            raise ProtocolError("the message sets none of hello, decision, ping, pong")

    def _on_decision(self, decision: pb.Decision) -> None:
        future = self._pending.pop(decision.request_id, None)
        if future is not None and not future.done():
            future.set_result(Reply(decision, time.perf_counter()))
            return
        self.ignored_decisions += 1
        never_sent = not 0 < decision.request_id <= self.last_request_id
        self.unknown_ids += never_sent
        why = "no request was sent with it" if never_sent else "answered already, or too late"
        problem = (
            f"decision for request id {decision.request_id} refused: no request with that id "
            f"is waiting ({why})"
        )
        self.problems.warning(f"bot {self.name}: {problem}")
        notice = pb.Notice(
            request_id=decision.request_id,
            match_id=clip(decision.match_id, 64),
            problem=clip(problem, MAX_NOTICE_CHARS),
        )
        with contextlib.suppress(SessionClosed):
            self.send(pb.ServerMessage(notice=notice))

    def close(self, reason: str, kind: CloseKind = CloseKind.ENDED) -> None:
        """Mark the session gone: fail every pending request; the handler ends the stream."""
        if self.closed:
            return
        self.close_reason = reason
        self.close_kind = kind
        self._closed.set()
        self._outbox.put(None)  # wakes the writer, which then stops
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SessionClosed(reason))

    async def wait_closed(self) -> None:
        """Wait until the session is gone."""
        await self._closed.wait()

    async def keep_alive(self) -> None:
        """Ping every interval to measure the round trip (and, if configured, drop the silent)."""
        interval = self.settings.ping_interval_s
        nonce = itertools.count(1)
        while not self.closed:
            await asyncio.sleep(interval)
            silence = time.monotonic() - self._last_seen
            missed = self.settings.missed_pings
            if missed is not None and silence > interval * missed:
                self.close(f"no message for {silence:.1f} s (ping timeout)", CloseKind.DROPPED)
                return
            ping = pb.Ping(nonce=next(nonce), sent_unix_ms=int(time.time() * 1000))
            self._pings_out = {ping.nonce: time.perf_counter()}  # only the latest is awaited
            with contextlib.suppress(SessionClosed):
                self.send(pb.ServerMessage(ping=ping))

    def join(self, match_id: str, seat: int) -> None:
        """Note that the bot holds `seat` in a match."""
        self.active.setdefault(match_id, set()).add(seat)

    def leave(self, match_id: str, seat: int) -> None:
        """Note that the bot's seat in a match is over."""
        seats = self.active.get(match_id)
        if seats is not None:
            seats.discard(seat)
            if not seats:
                del self.active[match_id]

    def info(self) -> pb.BotInfo:
        """The session as ListBots shows it (public: no session id)."""
        return pb.BotInfo(
            name=self.name,
            games=self.games,
            max_matches=self.max_matches,
            active_matches=len(self.active),
            version=self.version,
            connected_unix_ms=self.connected_unix_ms,
            ping_rtt_ms=self.ping_rtt_ms,
        )
