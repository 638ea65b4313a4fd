"""The servicers: thin adapters that decode, call the domain, encode, and map errors once."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable
from typing import Any, TypeVar

import grpc
from google.protobuf.message import DecodeError

from arena import __version__
from arena.errors import ArenaError, ProtocolError
from arena.game import option_choices, option_fields
from arena.registry import list_games
from arena.rpc.catalog import leaderboard, list_matches, tournament_to_pb
from arena.rpc.convert import clock_settings_from_pb, option_text, record_to_pb, wire_module
from arena.rpc.hosting import order_from_pb
from arena.rpc.sessions import PROTOCOL_VERSION, BotSession
from arena.rpc.state import ServerState
from arena.rpc.status import MalformedMessageError, abort_with
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

log = logging.getLogger("arena.rpc.server")

T = TypeVar("T")

HELLO_TIMEOUT_S = 10.0  # a connection that says nothing this long after opening is dropped


class Malformed:
    """What the tolerant deserializer yields for bytes that are not a BotMessage."""

    def __init__(self, problem: str) -> None:
        self.problem = problem


def parse_bot_message(data: bytes) -> pb.BotMessage | Malformed:
    """Deserialize a BotMessage, turning garbage into a Malformed marker (INVALID_ARGUMENT)."""
    try:
        return pb.BotMessage.FromString(data)
    except DecodeError as exc:
        return Malformed(f"the message is not a BotMessage: {exc}")


class BotServicer:
    """BotService.Connect: one session per stream."""

    def __init__(self, state: ServerState) -> None:
        self.state = state

    async def Connect(self, request_iterator: Any, context: grpc.aio.ServicerContext) -> None:  # noqa: N802
        """Run one bot connection from Hello to disconnect."""
        registry = self.state.registry
        try:
            hello = await self._read_hello(context)
            if hello is None:
                return
            session = await registry.admit(hello, context.write)
        except ArenaError as exc:
            log.info("refused a bot connection from %s: %s", context.peer(), exc)
            await abort_with(context, exc)
            return
        log.info(
            "bot %s connected (games %s, %d at once, version %r, session %s)",
            session.name,
            ",".join(session.games),
            session.max_matches,
            session.version,
            session.session_id,
        )
        await self._serve(session, context)

    async def _read_hello(self, context: grpc.aio.ServicerContext) -> pb.Hello | None:
        try:
            first = await asyncio.wait_for(context.read(), HELLO_TIMEOUT_S)
        except TimeoutError:
            raise ProtocolError(f"no Hello within {HELLO_TIMEOUT_S:g} s") from None
        if first is grpc.aio.EOF:
            return None
        if isinstance(first, Malformed):
            raise MalformedMessageError(first.problem)
        if first.WhichOneof("kind") != "hello":
            raise ProtocolError(
                "the first message on a connection must be a Hello, "
                f"not a {first.WhichOneof('kind') or 'message with no kind set'}"
            )
        return first.hello

    async def _serve(self, session: BotSession, context: grpc.aio.ServicerContext) -> None:
        welcome = pb.Welcome(
            session_id=session.session_id,
            server_version=__version__,
            protocol_version=PROTOCOL_VERSION,
            ping_interval_ms=int(session.settings.ping_interval_s * 1000),
            games=session.games,
            max_message_bytes=self.state.config.max_message_bytes,
        )
        reason = "the bot closed its stream"
        pinger = asyncio.create_task(session.keep_alive())
        try:
            await session.send(pb.ServerMessage(welcome=welcome))
            reason = await self._read_loop(session, context)
        except asyncio.CancelledError:
            reason = session.close_reason or "the connection was lost"
            raise
        except ArenaError as exc:
            reason = f"protocol error: {exc}"
            await abort_with(context, exc)
        except Exception as exc:  # a write on a dead stream and the like: a disconnect
            reason = f"{type(exc).__name__}: {exc}"
        finally:
            pinger.cancel()
            with contextlib.suppress(BaseException):
                await pinger
            log.info("bot %s disconnected: %s", session.name, reason)
            await self.state.registry.remove(session, reason)

    async def _read_loop(self, session: BotSession, context: grpc.aio.ServicerContext) -> str:
        while True:
            message = await context.read()
            if message is grpc.aio.EOF:
                return "the bot closed its stream"
            if isinstance(message, Malformed):
                raise MalformedMessageError(message.problem)
            answer = session.on_message(message)
            if answer is not None:
                await session.send(answer)


class ArenaServicer(arena_pb2_grpc.ArenaServiceServicer):
    """ArenaService: games, bots, playing and fetching matches."""

    def __init__(self, state: ServerState) -> None:
        self.state = state

    async def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:  # noqa: N802
        """The games this server referees."""
        games = []
        for game in list_games():
            options = []
            for f in option_fields(game):
                default = "" if f.default is dataclasses.MISSING else option_text(f.default)
                choices = option_choices(game, f.name) or ()
                options.append(pb.GameOption(name=f.name, default=default, choices=choices))
            wire = wire_module(game.name)
            games.append(
                pb.GameInfo(
                    name=game.name,
                    title=game.title,
                    min_players=game.min_players,
                    max_players=game.max_players,
                    options=options,
                    view_field=wire.VIEW_FIELD if wire is not None else "",
                )
            )
        return pb.ListGamesResponse(games=games)

    async def ListBots(self, request: pb.ListBotsRequest, context: Any) -> pb.ListBotsResponse:  # noqa: N802
        """The bots connected now."""
        return pb.ListBotsResponse(bots=[s.info() for s in self.state.registry.sessions()])

    async def PlayMatch(self, request: pb.PlayMatchRequest, context: Any) -> pb.MatchRecord:  # noqa: N802
        """Play one match between connected bots and return its record."""
        clock = clock_settings_from_pb(request.clock) if request.HasField("clock") else None
        try:
            record = await self.state.play(
                request.game,
                dict(request.options),
                request.seed,
                list(request.bots),
                clock=clock,
                match_id=request.match_id or None,
                store=request.store if request.HasField("store") else True,
            )
        except ArenaError as exc:
            await abort_with(context, exc)
            raise  # unreachable: abort raises
        return record_to_pb(record)

    async def GetMatch(self, request: pb.GetMatchRequest, context: Any) -> pb.MatchRecord:  # noqa: N802
        """The record of a finished match, from memory or the database."""
        return await _answer(context, lambda: record_to_pb(self.state.record(request.match_id)))

    async def CreateTournament(  # noqa: N802
        self, request: pb.CreateTournamentRequest, context: Any
    ) -> pb.CreateTournamentResponse:
        """Store a tournament between connected bots and start playing it here."""

        def create() -> pb.CreateTournamentResponse:
            host = self.state.require_host()
            order = order_from_pb(request, self.state.config.clock)
            tournament = host.create(order)
            return pb.CreateTournamentResponse(
                tournament_id=tournament.id, fixtures=tournament.fixtures, seed=order.spec.seed
            )

        return await _answer(context, create)

    async def GetTournament(self, request: pb.GetTournamentRequest, context: Any) -> pb.Tournament:  # noqa: N802
        """A stored tournament: status, progress, standings and ladder."""

        def get() -> pb.Tournament:
            store = self.state.require_store()
            tid = request.tournament_id
            error = self.state.host.errors.get(tid, "") if self.state.host else ""
            return tournament_to_pb(store, store.tournament(tid), error)

        return await _answer(context, get)

    async def ListMatches(  # noqa: N802
        self, request: pb.ListMatchesRequest, context: Any
    ) -> pb.ListMatchesResponse:
        """One page of stored match summaries."""
        return await _answer(context, lambda: list_matches(self.state.require_store(), request))

    async def GetLeaderboard(  # noqa: N802
        self, request: pb.GetLeaderboardRequest, context: Any
    ) -> pb.Leaderboard:
        """A game's TrueSkill ladder over every stored match."""
        return await _answer(context, lambda: leaderboard(self.state.require_store(), request.game))


async def _answer(context: Any, compute: Callable[[], T]) -> T:
    """The reply of `compute`, or the call aborted with the status of the arena error it raised."""
    try:
        return compute()
    except ArenaError as exc:
        await abort_with(context, exc)
        raise  # unreachable: abort raises
