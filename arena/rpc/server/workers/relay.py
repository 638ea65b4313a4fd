"""Seats relayed between workers: a bot whose stream is on worker A, seated by worker B.

The fallback, and rare: an SDK bot holds a stream on every worker (Hello.instance_id), so a
match seats it locally wherever it runs; a seat is relayed only for a bot with no stream on
the playing worker (bots that send no instance_id: the JS and C++ starters, bots written from
the .proto files alone), or while an SDK bot is still opening its streams.

B holds a RelayedSession for the bot: it sends each message for the bot to A over the bus,
and waits for A's answer to each DecisionRequest. A forwards what arrives to the bot's own
session (its outbox, its writer: nothing of B ever waits on A's bot directly) and sends the
Decision back. Every wait ends: B's with the referee's own clock (a timeout, then A is told
to stop waiting), with the bot's departure (A says so), or with A's death (its heartbeats
stop: the seat is lost as a disconnect, and the crash policy applies). A's wait ends with the
decision's clock, the bot's departure or B's death.

A slow relay costs no bot its clock: the time of the hop (the round trip minus what A
measured for the bot itself) is the transport's share, not charged, as a ping round trip is.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from arena.rpc.server.sessions import BotSession, Reply, SessionClosed
from arena.v1 import arena_pb2 as pb

SendTo = Callable[[str, dict[str, object]], None]
"""(worker, message): a direct message to one worker (over its link, else the bus)."""
ASK_MARGIN_S = 5.0  # A waits for a relayed decision this much longer than its clock allows


def encode(message: pb.ServerMessage | pb.Decision | pb.MatchUpdate) -> str:
    """A protobuf message as text for the bus."""
    return base64.b64encode(message.SerializeToString()).decode()


def decode_server_message(text: str) -> pb.ServerMessage:
    """The ServerMessage of `encode` (DecodeError, binascii.Error if garbled)."""
    return pb.ServerMessage.FromString(base64.b64decode(text, validate=True))


def decode_decision(text: str) -> pb.Decision:
    """The Decision of `encode` (DecodeError, binascii.Error if garbled)."""
    return pb.Decision.FromString(base64.b64decode(text, validate=True))


@dataclass(frozen=True, slots=True)
class RemoteBot:
    """A bot connected to another worker, as that worker announced it."""

    worker: str
    name: str
    games: tuple[str, ...]
    max_matches: int
    version: str
    compact_legal_moves: bool
    connected_unix_ms: int
    token_hash: str = field(repr=False)
    rtt_ms: float = 0.0
    instance_id: str = field(default="", repr=False)  # its run (Hello.instance_id), if it says

    def info(self, active: int) -> pb.BotInfo:
        """The bot as ListBots shows it."""
        return pb.BotInfo(
            name=self.name,
            games=self.games,
            max_matches=self.max_matches,
            active_matches=active,
            version=self.version,
            connected_unix_ms=self.connected_unix_ms,
            ping_rtt_ms=self.rtt_ms,
        )


class RelayedSession:
    """A bot held by another worker, seated here: its messages and requests go over the bus."""

    def __init__(self, bot: RemoteBot, me: str, send_to: SendTo) -> None:
        self.bot = bot
        self.name = bot.name
        self.games = bot.games
        self.max_matches = bot.max_matches
        self.version = bot.version
        self.compact_legal_moves = bot.compact_legal_moves
        self.active: dict[str, set[int]] = {}
        self.close_reason = ""
        self._me = me
        self._send_to = send_to
        self._pending: dict[int, tuple[asyncio.Future[Reply], float]] = {}  # id -> (, sent at)
        self._ids = itertools.count(1)
        self._closed = False
        self.hop_ms = 0.0  # the last measured relay hop (round trip minus the bot's own time)

    @property
    def closed(self) -> bool:
        """True once the bot left its worker, or the worker is gone."""
        return self._closed

    @property
    def ping_rtt_ms(self) -> float:
        """The bot's own round trip on its worker plus the relay's hop (ms)."""
        return self.bot.rtt_ms + self.hop_ms

    def send(self, message: pb.ServerMessage) -> None:
        """Relay one message to the bot (SessionClosed if it is gone)."""
        if self._closed:
            raise SessionClosed(self.close_reason)
        self._send_to(self.bot.worker, {"k": "send", "w": self._me, "b": self.name,
                                     "m": encode(message)})  # fmt: skip

    async def request(self, build: Callable[[int], pb.ServerMessage]) -> Reply:
        """Relay a DecisionRequest and wait for the bot's Decision (cancelled: A is told)."""
        if self._closed:
            raise SessionClosed(self.close_reason)
        rid = next(self._ids)
        message = build(rid)
        clock = message.decision_request.clock
        limit_ms = clock.budget_ms + clock.bank_ms if clock.budget_ms else 0
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._pending[rid] = (future, time.perf_counter())
        try:
            self._send_to(self.bot.worker, {"k": "ask", "w": self._me, "b": self.name, "r": rid,
                                         "t": limit_ms, "m": encode(message)})  # fmt: skip
            reply = await future
        except asyncio.CancelledError:
            if not self._closed:
                self._send_to(self.bot.worker, {"k": "cancel", "w": self._me, "r": rid})
            raise
        finally:
            self._pending.pop(rid, None)
        return reply

    def answered(self, rid: int, decision: pb.Decision, bot_ms: float, rtt_ms: float) -> None:
        """A's answer to request `rid` arrived."""
        pending = self._pending.get(rid)
        if pending is None or pending[0].done():
            return
        future, sent = pending
        now = time.perf_counter()
        self.hop_ms = max(0.0, (now - sent) * 1000.0 - bot_ms)
        self.bot = _with_rtt(self.bot, rtt_ms)
        future.set_result(Reply(decision, now))

    def failed(self, rid: int, why: str) -> None:
        """A could not get an answer for request `rid`: the seat is lost as a disconnect."""
        pending = self._pending.get(rid)
        if pending is not None and not pending[0].done():
            pending[0].set_exception(SessionClosed(why))

    def close(self, reason: str) -> None:
        """The bot left, or its worker died: every pending request fails (a disconnect)."""
        if self._closed:
            return
        self._closed = True
        self.close_reason = reason
        for future, _sent in self._pending.values():
            if not future.done():
                future.set_exception(SessionClosed(reason))

    def join(self, match_id: str, seat: int) -> None:
        """Note that the bot holds `seat` in a match of this worker."""
        self.active.setdefault(match_id, set()).add(seat)

    def leave(self, match_id: str, seat: int) -> None:
        """Note that the bot's seat in a match of this worker is over."""
        seats = self.active.get(match_id)
        if seats is not None:
            seats.discard(seat)
            if not seats:
                del self.active[match_id]

    def info(self) -> pb.BotInfo:
        """The bot as ListBots shows it (matches of this worker only)."""
        return self.bot.info(len(self.active))


def _with_rtt(bot: RemoteBot, rtt_ms: float) -> RemoteBot:
    if rtt_ms == bot.rtt_ms:
        return bot
    return RemoteBot(bot.worker, bot.name, bot.games, bot.max_matches, bot.version,
                     bot.compact_legal_moves, bot.connected_unix_ms, bot.token_hash,
                     rtt_ms, bot.instance_id)  # fmt: skip


def worker_channel(worker: str) -> str:
    """The bus channel of one worker's direct messages."""
    return f"arena_worker_{worker}"


class RelayDesk:
    """The other side: requests of other workers for the bots connected here."""

    def __init__(self, me: str, send_to: SendTo, local: Callable[[str], BotSession | None]):
        self.me = me
        self.send_to = send_to
        self.local = local
        self.asks: dict[tuple[str, int], asyncio.Task[None]] = {}
        self.seated: dict[str, set[tuple[str, str, int]]] = {}  # worker -> (bot, match, seat)

    def on_send(self, worker: str, bot: str, text: str) -> None:
        """Forward one message of another worker's match to a bot here."""
        session = self.local(bot)
        if session is None:
            self.send_to(worker, {"k": "down", "w": self.me, "b": bot})
            return
        message = decode_server_message(text)
        kind = message.WhichOneof("kind")
        held = self.seated.setdefault(worker, set())
        if kind == "match_started":
            started = message.match_started
            session.join(started.match_id, started.seat)
            held.add((bot, started.match_id, started.seat))
        elif kind == "match_ended":
            ended = message.match_ended
            session.leave(ended.match_id, ended.seat)
            held.discard((bot, ended.match_id, ended.seat))
        with contextlib.suppress(SessionClosed):  # its departure is announced anyway
            session.send(message)

    def on_ask(self, worker: str, bot: str, rid: int, limit_ms: int, text: str) -> None:
        """Ask a bot here for a decision on another worker's behalf; answer when it comes."""
        session = self.local(bot)
        reply_to = worker
        if session is None:
            self.send_to(reply_to, {"k": "lost", "w": self.me, "b": bot, "r": rid,
                                    "y": f"bot {bot!r} is not connected"})  # fmt: skip
            return
        message = decode_server_message(text)
        timeout = limit_ms / 1000.0 + ASK_MARGIN_S if limit_ms > 0 else None
        task = asyncio.create_task(self._answer(session, worker, rid, message, timeout))
        self.asks[(worker, rid)] = task
        task.add_done_callback(lambda _t: self.asks.pop((worker, rid), None))

    async def _answer(
        self,
        session: BotSession,
        worker: str,
        rid: int,
        message: pb.ServerMessage,
        timeout: float | None,
    ) -> None:
        def build(request_id: int) -> pb.ServerMessage:
            message.decision_request.request_id = request_id
            return message

        reply_to = worker
        started = time.perf_counter()
        try:
            reply = await asyncio.wait_for(session.request(build), timeout)
        except SessionClosed as exc:
            self.send_to(reply_to, {"k": "lost", "w": self.me, "b": session.name, "r": rid,
                                    "y": str(exc)})  # fmt: skip
            return
        except TimeoutError:
            self.send_to(reply_to, {"k": "lost", "w": self.me, "b": session.name, "r": rid,
                                    "y": "no decision within the clock"})  # fmt: skip
            return
        bot_ms = (reply.received_at - started) * 1000.0
        self.send_to(reply_to, {"k": "answer", "w": self.me, "b": session.name, "r": rid,
                                "d": encode(reply.decision), "ms": round(bot_ms, 3),
                                "p": round(session.ping_rtt_ms, 3)})  # fmt: skip

    def on_cancel(self, worker: str, rid: int) -> None:
        """The asking worker stopped waiting (its clock ran out): so do we."""
        task = self.asks.pop((worker, rid), None)
        if task is not None:
            task.cancel()

    def worker_gone(self, worker: str) -> None:
        """A worker died: its requests are dropped, its seats here are over."""
        for (asker, rid), task in list(self.asks.items()):
            if asker == worker:
                task.cancel()
                self.asks.pop((asker, rid), None)
        for bot, match_id, seat in self.seated.pop(worker, set()):
            session = self.local(bot)
            if session is not None:
                session.leave(match_id, seat)

    def close(self) -> None:
        """Stop every relayed request (shutdown)."""
        for task in self.asks.values():
            task.cancel()
        self.asks.clear()
