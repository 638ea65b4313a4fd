"""RemotePlayer: the Player protocol over a bot session, so the referee never sees gRPC."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Awaitable, Callable

from arena.core.players import DecisionRequest, MatchInfo, Reply
from arena.core.values import MatchRecord, Termination
from arena.match.clock import Clock
from arena.match.limits import MAX_ERROR_CHARS, clip
from arena.match.referee import BotFault
from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.metrics import OVERHEAD
from arena.rpc.server.sessions import Seatable, SessionClosed
from arena.rpc.wire.convert import (
    clock_settings_to_pb,
    fill_decision_clock,
    fill_view,
    legal_moves_rule,
    options_to_pb,
    outcome_to_pb,
)
from arena.v1 import arena_pb2 as pb

# A bot that answers pings slowly on purpose must not buy itself thinking time: the share of a
# decision put down to transport is at most this (a slow intercontinental round trip).
MAX_TRANSPORT_MS = 300.0

Explain = Callable[[str], Awaitable[BotFault | None]]
"""Turns a lost connection into a more precise fault (e.g. the bot's process crashed)."""


class RemotePlayer:
    """One seat played by a connected bot; faults surface as BotFault for the referee."""

    def __init__(
        self, registry: SessionRegistry, name: str, *, explain: Explain | None = None
    ) -> None:
        self.name = name
        self.registry = registry
        self.explain = explain
        self._session: Seatable | None = None
        self._info: MatchInfo | None = None
        self._omit_legal_moves = False  # the bot derives legal moves from the view (compact)

    @property
    def version(self) -> str:
        """The software version the bot reported in its Hello ("" before it is seated)."""
        return self._session.version if self._session is not None else ""

    @property
    def transport_ms(self) -> float:
        """The connection's last measured ping round trip (ms), capped: not charged to the bot.

        0 before the first pong. The round trip also holds the bot's own loop latency, which
        is as much the connection's cost as the wire's.
        """
        session = self._session or self.registry.seat(self.name)
        rtt = session.ping_rtt_ms if session is not None else 0.0
        return min(rtt, MAX_TRANSPORT_MS)

    async def start(self, info: MatchInfo) -> None:
        """Seat the bot: MatchStarted on its stream."""
        session = self.registry.take_seat(self.name, info.match_id)
        if session is None:
            raise await self._fault(f"bot {self.name!r} is not connected")
        self._session, self._info = session, info
        self._omit_legal_moves = session.compact_legal_moves and legal_moves_rule(info.game) != ""
        session.join(info.match_id, info.seat)
        started = pb.MatchStarted(
            match_id=info.match_id,
            game=info.game,
            options=options_to_pb(info.options),
            seat=info.seat,
            players=info.players,
            clock=clock_settings_to_pb(Clock(info.per_move_ms, info.bank_ms)),
            bot_seed=info.bot_seed,
        )
        await self._send(pb.ServerMessage(match_started=started))

    async def decide(self, request: DecisionRequest) -> Reply:
        """Send a DecisionRequest and wait for the bot's Decision."""
        session = self._require_session()
        omit = self._omit_legal_moves

        def build(request_id: int) -> pb.ServerMessage:
            # Filled in place: nested messages given to constructors are copied at each level.
            message = pb.ServerMessage()
            asked = message.decision_request
            asked.match_id = request.match_id
            asked.request_id = request_id
            asked.seat = request.seat
            asked.game = request.game
            fill_view(asked.view, request.game, request.view)
            if omit:
                asked.legal_moves_omitted = True
            else:
                asked.legal_moves.extend(request.legal_moves)
            fill_decision_clock(asked.clock, request.budget_ms, request.bank_ms)
            asked.legal_move_count = len(request.legal_moves)
            OVERHEAD.request_ready(request.match_id, time.perf_counter())
            return message

        try:
            reply = await session.request(build)
        except SessionClosed as exc:
            raise await self._fault(str(exc)) from None
        OVERHEAD.reply_arrived(request.match_id, reply.received_at)
        return _reply_of(reply.decision)

    async def finish(self, record: MatchRecord) -> None:
        """Tell the bot how the match ended (if it is still there)."""
        session, info = self._session, self._info
        if session is None or info is None:
            return
        session.leave(info.match_id, info.seat)
        OVERHEAD.match_over(info.match_id)
        ended = pb.MatchEnded(
            match_id=info.match_id, seat=info.seat, outcome=outcome_to_pb(record.outcome)
        )
        with contextlib.suppress(SessionClosed):  # queued: no bot can stall the referee here
            session.send(pb.ServerMessage(match_ended=ended))

    def _require_session(self) -> Seatable:
        if self._session is None:
            raise BotFault(Termination.CRASH, "asked to decide before the match started")
        return self._session

    async def _send(self, message: pb.ServerMessage) -> None:
        try:
            self._require_session().send(message)
        except SessionClosed as exc:
            raise await self._fault(str(exc)) from None

    async def _fault(self, reason: str) -> BotFault:
        if self.explain is not None:
            precise = await self.explain(reason)
            if precise is not None:
                return precise
        return BotFault(Termination.DISCONNECT, f"connection lost: {reason}")


def _reply_of(decision: pb.Decision) -> Reply:
    """The referee's Reply in a Decision; BotFault when it carries none or reports an error."""
    choice = decision.WhichOneof("choice")
    if choice == "move":
        return decision.move
    if choice == "index":
        return decision.index
    if choice == "error":
        raise BotFault(
            Termination.CRASH, f"the bot reported an error: {clip(decision.error, MAX_ERROR_CHARS)}"
        )
    raise BotFault(Termination.UNPARSABLE, "the decision carries neither a move nor an index")
