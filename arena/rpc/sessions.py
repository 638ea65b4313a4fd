"""Bot sessions: one per Connect stream. Hello/Welcome, request routing, pings, disconnects."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import re
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from arena.errors import ProtocolError
from arena.rpc.status import MalformedMessageError, NameTakenError, TokenError
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.sessions")

PROTOCOL_VERSION = 1
NAME_PATTERN = re.compile(r"[!-~][ -~]{0,63}")  # 1-64 printable ASCII, not starting with a blank
MAX_MATCHES_LIMIT = 1024  # a Hello asking for more is malformed, not ambitious


class SessionClosed(Exception):
    """The session's stream is gone; carries why."""


@dataclass(frozen=True, slots=True)
class SessionSettings:
    """Liveness settings shared by every session of a server."""

    ping_interval_s: float = 5.0
    missed_pings: int = 3  # silence for this many intervals closes the session


@dataclass(slots=True)
class Reply:
    """A decision as it arrived, with the server's clock at arrival (perf_counter seconds)."""

    decision: pb.Decision
    received_at: float


@dataclass(eq=False)
class BotSession:
    """One connected bot: its Hello, its stream, its pending requests and its matches."""

    name: str
    token: str
    games: tuple[str, ...]
    max_matches: int
    version: str
    write: Callable[[pb.ServerMessage], Any]  # the stream's write coroutine function
    settings: SessionSettings = field(default_factory=SessionSettings)
    session_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])
    connected_unix_ms: int = field(default_factory=lambda: int(time.time() * 1000))
    handler: asyncio.Task[Any] | None = None  # the Connect handler task, cancelled on close
    close_reason: str = ""
    ignored_decisions: int = 0
    unknown_ids: int = 0  # of those, decisions naming a request id never sent (not just late)
    last_request_id: int = 0
    active: dict[str, set[int]] = field(default_factory=dict)  # match id -> seats held
    _pending: dict[int, asyncio.Future[Reply]] = field(default_factory=dict)
    _ids: Iterator[int] = field(default_factory=lambda: itertools.count(1))
    _write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _closed: asyncio.Event = field(default_factory=asyncio.Event)
    _last_seen: float = field(default_factory=time.monotonic)
    _pings_out: dict[int, float] = field(default_factory=dict)  # nonce -> perf_counter at send
    ping_rtt_ms: float = 0.0  # the last measured ping round trip (transport + bot's loop)

    @property
    def closed(self) -> bool:
        """True once the stream is gone."""
        return self._closed.is_set()

    async def send(self, message: pb.ServerMessage) -> None:
        """Write one message; SessionClosed if the stream is gone."""
        if self.closed:
            raise SessionClosed(self.close_reason)
        async with self._write_lock:  # grpc.aio allows one write in flight per call
            try:
                await self.write(message)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.close(f"write failed: {type(exc).__name__}: {exc}")
                raise SessionClosed(self.close_reason) from exc

    async def request(self, build: Callable[[int], pb.DecisionRequest]) -> Reply:
        """Send the DecisionRequest made by `build(request_id)` and wait for its Decision."""
        request_id = next(self._ids)
        self.last_request_id = request_id
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self.send(pb.ServerMessage(decision_request=build(request_id)))
            return await future
        finally:
            self._pending.pop(request_id, None)  # a late reply is then ignored, not misrouted

    def on_message(self, message: pb.BotMessage) -> pb.ServerMessage | None:
        """Handle one incoming message; returns an immediate answer (a Pong) if any."""
        self._last_seen = time.monotonic()
        kind = message.WhichOneof("kind")
        if kind == "decision":
            self._on_decision(message.decision)
        elif kind == "ping":
            return pb.ServerMessage(pong=pb.Pong(nonce=message.ping.nonce))
        elif kind == "pong":
            sent = self._pings_out.pop(message.pong.nonce, None)
            if sent is not None:
                self.ping_rtt_ms = (time.perf_counter() - sent) * 1000.0
        elif kind == "hello":
            raise ProtocolError("Hello may only be the first message")
        elif kind is None:
            raise MalformedMessageError("the message sets none of hello, decision, ping, pong")
        return None

    def _on_decision(self, decision: pb.Decision) -> None:
        future = self._pending.pop(decision.request_id, None)
        if future is None or future.done():
            # Documented in arena.proto: unknown or late replies are ignored, the request they
            # were meant for runs out of time like any unanswered one.
            self.ignored_decisions += 1
            never_sent = not 0 < decision.request_id <= self.last_request_id
            self.unknown_ids += never_sent
            log.warning(
                "bot %s: ignored a decision for unknown request id %d (match %r): %s",
                self.name,
                decision.request_id,
                decision.match_id,
                "no request has this id" if never_sent else "answered late or twice",
            )
            return
        future.set_result(Reply(decision, time.perf_counter()))

    def close(self, reason: str) -> None:
        """Mark the session gone: fail every pending request, end the stream's handler."""
        if self.closed:
            return
        self.close_reason = reason
        self._closed.set()
        for future in self._pending.values():
            if not future.done():
                future.set_exception(SessionClosed(reason))
        if self.handler is not None and self.handler is not asyncio.current_task():
            self.handler.cancel()

    async def wait_closed(self) -> None:
        """Wait until the session is gone."""
        await self._closed.wait()

    async def keep_alive(self) -> None:
        """Ping every interval; close the session after too long a silence."""
        interval = self.settings.ping_interval_s
        nonce = itertools.count(1)
        while not self.closed:
            await asyncio.sleep(interval)
            silence = time.monotonic() - self._last_seen
            if silence > interval * self.settings.missed_pings:
                self.close(f"no message for {silence:.1f} s (ping timeout)")
                return
            ping = pb.Ping(nonce=next(nonce), sent_unix_ms=int(time.time() * 1000))
            self._pings_out = {ping.nonce: time.perf_counter()}  # only the latest is awaited
            with contextlib.suppress(SessionClosed):
                await self.send(pb.ServerMessage(ping=ping))

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
        """The session as ListBots shows it."""
        return pb.BotInfo(
            name=self.name,
            games=self.games,
            max_matches=self.max_matches,
            active_matches=len(self.active),
            version=self.version,
            connected_unix_ms=self.connected_unix_ms,
            session_id=self.session_id,
            ping_rtt_ms=self.ping_rtt_ms,
        )


class SessionRegistry:
    """The connected bots by name, expected tokens, and waiting for a bot to connect."""

    def __init__(self, known_games: Iterable[str], settings: SessionSettings | None = None) -> None:
        self.known_games = tuple(sorted(known_games))
        self.settings = settings or SessionSettings()
        self._sessions: dict[str, BotSession] = {}
        self._tokens: dict[str, str] = {}
        self._changed = asyncio.Condition()

    def expect(self, name: str, token: str) -> None:
        """Only accept a bot called `name` if it presents `token`."""
        self._tokens[name] = token

    def get(self, name: str) -> BotSession | None:
        """The live session of that bot, if connected."""
        session = self._sessions.get(name)
        return session if session is not None and not session.closed else None

    def names(self) -> list[str]:
        """The connected bots' names, sorted."""
        return sorted(name for name, s in self._sessions.items() if not s.closed)

    def sessions(self) -> list[BotSession]:
        """The live sessions, by name."""
        return [self._sessions[name] for name in self.names()]

    def check_hello(self, hello: pb.Hello) -> tuple[str, ...]:
        """Validate a Hello; returns the games the bot will play. Raises an ArenaError if bad."""
        from arena.registry import get_game

        if hello.protocol_version not in (0, PROTOCOL_VERSION):
            raise ProtocolError(
                f"protocol version {hello.protocol_version} is not supported "
                f"(this server speaks {PROTOCOL_VERSION})"
            )
        if not NAME_PATTERN.fullmatch(hello.name):
            raise MalformedMessageError(
                f"bot name {hello.name[:80]!r} ({len(hello.name)} characters) must be 1-64 "
                "printable ASCII characters, not starting with a space"
            )
        if not 0 <= hello.max_matches <= MAX_MATCHES_LIMIT:
            raise MalformedMessageError(
                f"max_matches must be 0..{MAX_MATCHES_LIMIT}, not {hello.max_matches}"
            )
        expected = self._tokens.get(hello.name)
        if expected is not None and hello.token != expected:
            raise TokenError(f"wrong token for bot {hello.name!r}")
        current = self._sessions.get(hello.name)
        if current is not None and not current.closed and current.token != hello.token:
            raise NameTakenError(f"a bot named {hello.name!r} is already connected")
        if not hello.games:
            return self.known_games
        named = dict.fromkeys(get_game(g).name for g in hello.games)  # NOT_FOUND if unknown
        playable = tuple(g for g in named if g in self.known_games)
        if not playable:
            raise MalformedMessageError(
                f"none of {', '.join(named)} can be played on this server "
                f"(it plays {', '.join(self.known_games)})"
            )
        return playable

    async def admit(self, hello: pb.Hello, write: Callable[[pb.ServerMessage], Any]) -> BotSession:
        """Register a bot whose Hello passed `check_hello`, replacing its older connection."""
        games = self.check_hello(hello)
        old = self._sessions.get(hello.name)
        if old is not None:
            old.close("replaced by a new connection of the same bot")
        session = BotSession(
            name=hello.name,
            token=hello.token,
            games=games,
            max_matches=hello.max_matches or 1,
            version=hello.version,
            write=write,
            settings=self.settings,
            handler=asyncio.current_task(),
        )
        self._sessions[hello.name] = session
        await self._notify()
        return session

    async def remove(self, session: BotSession, reason: str) -> None:
        """Forget a session whose stream ended."""
        session.close(reason)
        if self._sessions.get(session.name) is session:
            del self._sessions[session.name]
        await self._notify()

    async def wait_for(self, name: str, timeout_s: float) -> BotSession:
        """The session of `name`, waiting up to `timeout_s` for it to connect (TimeoutError)."""
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: self.get(name) is not None), timeout_s
            )
        session = self.get(name)
        assert session is not None
        return session

    def close_all(self, reason: str) -> None:
        """Close every session (server shutdown)."""
        for session in list(self._sessions.values()):
            session.close(reason)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()
