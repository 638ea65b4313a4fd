"""ArenaClient: a referee server's ArenaService as typed Python calls over one gRPC channel.

Every method is one RPC. It takes Python values and returns the application layer's values
(arena.app: TournamentReport, MatchRow, LadderEntry, RatingChange, StatsReport, MatchRecord...),
decoded by arena/rpc/wire, so a script reads what `arena ... --server` prints. Where no such
value exists the typed protobuf message is returned, and the method says so.

The channel is opened on the first call and reused until `close()` (or the end of `async
with`); it belongs to the event loop it was opened on, so a client used from another loop (a
new asyncio.run) opens one there; with `channel_per_stream` each watch has one of its own.
Unary calls have a deadline (`timeout_s`), except PlayMatch, which waits for the whole match;
streams last as long as the server sends. Every call carries the organizer token (organizer
calls need it on a server with credentials; reads ignore it) and the relay token of `serve
--web`'s own pages; neither ever appears in a repr.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar

import grpc

from arena.app.door import Deleted, TournamentUpdate
from arena.app.matches import Replay, header_of
from arena.app.reports import MatchRow, TournamentReport, TournamentSummary, in_fixture_order
from arena.app.stats import StatsReport
from arena.app.tournaments import TournamentRequest
from arena.app.values import Disclosure, LadderEntry, RatingChange
from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.match.clock import Clock
from arena.rpc.client.bot_client import open_channel
from arena.rpc.client.connect_errors import call_failure_cause
from arena.rpc.client.remote import CALL_TIMEOUT_S, Remote
from arena.rpc.wire.convert import clock_settings_to_pb, options_to_pb, record_from_pb
from arena.rpc.wire.reports import (
    frame_from_pb,
    history_from_pb,
    ladder_from_pb,
    match_row_from_pb,
    report_from_pb,
    request_to_pb,
    stats_from_pb,
    summary_from_pb,
)
from arena.rpc.wire.status import error_from_rpc
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

if TYPE_CHECKING:
    from arena.v1.arena_pb2_grpc import ArenaServiceAsyncStub

Q = TypeVar("Q")
R = TypeVar("R")
PAGE_SIZE = 500  # match summaries per ListMatches call (the server caps a page too)


class ArenaClient:
    """A referee server's ArenaService, one typed method per RPC, over one channel."""

    def __init__(
        self,
        server: str | Remote,
        *,
        token: str | None = None,
        tls_ca: str | None = None,
        allow_plaintext: bool | None = None,
        timeout_s: float = CALL_TIMEOUT_S,
        channel_per_stream: bool = False,
    ) -> None:
        """`server` is an address (the token and CA default to $ARENA_ORGANIZER_TOKEN and
        $ARENA_TLS_CA) or a Remote; ConfigError if the token would travel in clear.

        `channel_per_stream`: each watch on a channel of its own, closed with it. A server
        takes at most 64 streams per connection (the rest wait), so a process that relays
        many watches at once (the web pages) needs more than the one channel of the calls."""
        if isinstance(server, Remote):
            if token is not None or tls_ca is not None or allow_plaintext is not None:
                raise TypeError("give the token and TLS settings in the Remote")
            self.remote = server
        else:
            self.remote = Remote.of(server, token, tls_ca, allow_plaintext)
        self.remote.check_transport()
        self.timeout_s = timeout_s
        self.channel_per_stream = channel_per_stream
        self._channel: grpc.aio.Channel | None = None
        self._stub_of: ArenaServiceAsyncStub | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def __repr__(self) -> str:
        return f"ArenaClient({self.remote!r})"  # Remote's repr hides the tokens

    @property
    def address(self) -> str:
        """The server's address."""
        return self.remote.address

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the channel (a later call opens a new one)."""
        channel, self._channel, self._stub_of = self._channel, None, None
        if channel is not None and self._loop is asyncio.get_running_loop():
            await channel.close()

    def _stub(self) -> ArenaServiceAsyncStub:
        loop = asyncio.get_running_loop()
        if self._stub_of is None or self._loop is not loop:
            self._channel = open_channel(self.remote.address, self.remote.tls_ca)
            self._stub_of = arena_pb2_grpc.ArenaServiceStub(self._channel)
            self._loop = loop
        return self._stub_of

    async def _failure(self, exc: grpc.aio.AioRpcError) -> Exception:
        """The arena error of a failed call, its likely cause added when the server could not
        be reached (gRPC says only "Socket closed" to a plaintext client at a TLS port), as
        the bot SDK and the web pages name it (connect_errors)."""
        error = error_from_rpc(exc, self.remote.address)
        cause = await call_failure_cause(error, self.remote.address, self.remote.tls_ca)
        if cause is None:
            return error
        out = type(error)(f"{error} ({cause})")
        out.grpc_status = error.grpc_status  # type: ignore[attr-defined]
        return out

    async def _unary(
        self, call: grpc.aio.UnaryUnaryMultiCallable[Q, R], request: Q, deadline: bool = True
    ) -> R:
        try:
            return await call(
                request,
                metadata=self.remote.metadata(),
                timeout=self.timeout_s if deadline else None,
            )
        except grpc.aio.AioRpcError as exc:
            raise await self._failure(exc) from None

    async def _stream(
        self,
        method: Callable[[ArenaServiceAsyncStub], grpc.aio.UnaryStreamMultiCallable[Q, R]],
        request: Q,
    ) -> AsyncIterator[R]:
        own = (
            open_channel(self.remote.address, self.remote.tls_ca)
            if self.channel_per_stream
            else None
        )
        stub = self._stub() if own is None else arena_pb2_grpc.ArenaServiceStub(own)
        stream = method(stub)(request, metadata=self.remote.metadata())
        try:
            async for message in stream:
                yield message
        except grpc.aio.AioRpcError as exc:
            raise await self._failure(exc) from None
        finally:
            stream.cancel()  # a follower that stops early ends the call on the server too
            if own is not None:
                await own.close()

    # -- the server and its bots -----------------------------------------------------------

    async def list_games(self) -> list[pb.GameInfo]:
        """The games the server referees, with their player counts and options (GameInfo
        messages: no application value describes a game's wire options)."""
        reply = await self._unary(self._stub().ListGames, pb.ListGamesRequest())
        return list(reply.games)

    async def list_bots(self) -> list[pb.BotInfo]:
        """The bots connected now (BotInfo messages: connections, not application values)."""
        reply = await self._unary(self._stub().ListBots, pb.ListBotsRequest())
        return list(reply.bots)

    # -- matches ---------------------------------------------------------------------------

    async def play_match(
        self,
        game: str,
        bots: Sequence[str],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        clock: Clock | None = None,
        match_id: str | None = None,
        store: bool = True,
    ) -> MatchRecord:
        """Play a match between connected bots (an organizer call); its record, once over.

        No deadline: it lasts the match. `store=False` asks the server not to store it (the
        caller does)."""
        request = pb.PlayMatchRequest(
            game=game,
            options=options_to_pb(options or {}),
            seed=seed,
            bots=list(bots),
            match_id=match_id or "",
            store=store,
        )
        if clock is not None:
            request.clock.CopyFrom(clock_settings_to_pb(clock))
        return record_from_pb(await self._unary(self._stub().PlayMatch, request, deadline=False))

    async def get_match(self, match_id: str) -> Disclosure:
        """A finished match as the server shows it: its record, and whether its seed and moves
        are withheld (until its tournament is finished)."""
        request = pb.GetMatchRequest(match_id=match_id)
        message = await self._unary(self._stub().GetMatch, request)
        return Disclosure(record_from_pb(message), message.seed_withheld, message.moves_withheld)

    async def list_matches(
        self, *, tournament_id: int | None = None, game: str = "", page_size: int = PAGE_SIZE
    ) -> AsyncIterator[MatchRow]:
        """Every stored match (of a tournament, or a game), oldest finished first, read a page
        at a time as the iteration goes."""
        token = ""
        while True:
            request = pb.ListMatchesRequest(game=game, page_size=page_size, page_token=token)
            if tournament_id is not None:
                request.tournament_id = tournament_id
            page = await self._unary(self._stub().ListMatches, request)
            for summary in page.matches:
                yield match_row_from_pb(summary)
            token = page.next_page_token
            if not token:
                return

    async def watch_match(
        self, match_id: str, *, from_now: bool = False, delay_ms: int = 0
    ) -> AsyncIterator[pb.MatchUpdate]:
        """A match's public updates as they come, live or replayed (MatchUpdate messages: the
        board text, clocks and players a spectator's screen draws have no application value;
        arena.rpc.wire.reports.frame_from_pb makes a replay Frame of one)."""
        request = pb.WatchMatchRequest(match_id=match_id, from_now=from_now, delay_ms=delay_ms)
        async for update in self._stream(lambda stub: stub.WatchMatch, request):
            yield update

    async def get_replay(self, match_id: str, seat: int | None = None) -> Replay:
        """A finished match frame by frame as the server shows it: its record's header, then
        its WatchMatch frames (replayed there from the record, with the seed that stays there).
        Not an RPC of its own; ConfigError for a seat's view (a server shows the spectator's)."""
        if seat is not None:
            raise ConfigError("a server shows the spectator's view only: drop --seat")
        shown = await self.get_match(match_id)
        frames = [frame_from_pb(u) async for u in self.watch_match(match_id)]
        withheld = len(frames) == 1 and not frames[0].view_json
        return Replay(header_of(shown), tuple(frames), moves_withheld=withheld)

    # -- tournaments -----------------------------------------------------------------------

    async def create_tournament(self, request: TournamentRequest) -> pb.CreateTournamentResponse:
        """Create a tournament between connected bots, played by the server from now (an
        organizer call): its id, match count and seed (a CreateTournamentResponse message)."""
        return await self._unary(self._stub().CreateTournament, request_to_pb(request))

    async def get_tournament(
        self, tournament_id: int, *, with_matches: bool = False
    ) -> TournamentReport:
        """A tournament's report (its seed withheld until finished); `with_matches`: with its
        match rows in fixture order (ListMatches, every page)."""
        request = pb.GetTournamentRequest(tournament_id=tournament_id)
        message = await self._unary(self._stub().GetTournament, request)
        rows = None
        if with_matches:
            rows = in_fixture_order(
                [m async for m in self.list_matches(tournament_id=tournament_id)]
            )
        return report_from_pb(message, rows)

    async def list_tournaments(self, limit: int = 0) -> list[TournamentSummary]:
        """The newest tournaments in brief, newest first (0: the server's default count)."""
        request = pb.ListTournamentsRequest(limit=limit)
        reply = await self._unary(self._stub().ListTournaments, request)
        return [summary_from_pb(t) for t in reply.tournaments]

    async def cancel_tournament(self, tournament_id: int) -> TournamentReport:
        """Stop a tournament the server plays, resumable (an organizer call); its report."""
        request = pb.CancelTournamentRequest(tournament_id=tournament_id)
        return report_from_pb(await self._unary(self._stub().CancelTournament, request))

    async def resume_tournament(self, tournament_id: int, concurrency: int = 1) -> TournamentReport:
        """Play the rest of a stopped tournament, `concurrency` matches at once (an organizer
        call); its report."""
        request = pb.ResumeTournamentRequest(tournament_id=tournament_id, concurrency=concurrency)
        return report_from_pb(await self._unary(self._stub().ResumeTournament, request))

    async def delete_tournament(self, tournament_id: int, *, force: bool = False) -> Deleted:
        """Delete a tournament and its matches (an organizer call): how many matches went, and
        what it did to the ladder."""
        request = pb.DeleteTournamentRequest(tournament_id=tournament_id, force=force)
        reply = await self._unary(self._stub().DeleteTournament, request)
        return Deleted(int(reply.matches), reply.ladder)

    async def watch_tournament(self, tournament_id: int) -> AsyncIterator[TournamentUpdate]:
        """A tournament at each change until it is no longer played; the first update lists
        every match finished so far."""
        request = pb.WatchTournamentRequest(tournament_id=tournament_id)
        async for update in self._stream(lambda stub: stub.WatchTournament, request):
            yield TournamentUpdate(
                report_from_pb(update.tournament),
                tuple(match_row_from_pb(m) for m in update.finished),
                tuple(update.live_matches),
            )

    # -- ratings and statistics ------------------------------------------------------------

    async def get_leaderboard(self, game: str | None) -> tuple[str, list[LadderEntry]]:
        """(the game's name, its ladder best first); ConfigError without a game (a server
        keeps a ladder per game)."""
        request = pb.GetLeaderboardRequest(game=_game(game))
        board = await self._unary(self._stub().GetLeaderboard, request)
        return board.game, ladder_from_pb(board.entries)

    async def get_rating_history(
        self, game: str | None, bot: str, *, last: int = 0
    ) -> tuple[str, list[RatingChange]]:
        """(the game's name, a bot's rated matches oldest first; `last`: only that many);
        ConfigError without a game."""
        request = pb.GetRatingHistoryRequest(game=_game(game), bot=bot, last=last)
        reply = await self._unary(self._stub().GetRatingHistory, request)
        return reply.game, history_from_pb(reply.points)

    async def get_stats(
        self, *, tournament_id: int | None = None, game: str | None = None
    ) -> StatsReport:
        """The statistics of a tournament, or of a game's stored matches (ConfigError with
        neither: a server does not guess the game)."""
        if tournament_id is None and game is None:
            raise ConfigError("with --server give --tournament or --game")
        request = pb.GetStatsRequest(game=game or "")
        if tournament_id is not None:
            request.tournament_id = tournament_id
        return stats_from_pb(await self._unary(self._stub().GetStats, request))


def _game(game: str | None) -> str:
    if not game:
        raise ConfigError("a server keeps one ladder per game: give the game (--game)")
    return game


__all__ = ["PAGE_SIZE", "ArenaClient"]
