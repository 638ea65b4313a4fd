"""ArenaService: thin adapters that check access, decode, call the domain off the event loop,
encode, and map errors once. Who may call what is `arena.app.access`'s; what is public about a match
or a tournament is `arena.app.publicity`'s."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import grpc

from arena.app.access import Caller, bearer_token
from arena.app.matches import disclosed_match_for
from arena.app.reports import announced_matches
from arena.app.values import UnknownMatchError
from arena.core.game import option_choices, option_fields
from arena.core.registry import list_games
from arena.errors import ArenaError, LimitError
from arena.match.limits import MAX_OPTION_CHARS, check_clock, check_text
from arena.rpc.server.auth_limits import ORGANIZER_KEY, is_credential_failure
from arena.rpc.server.catalog import (
    leaderboard,
    list_matches,
    list_tournaments,
    rating_history,
    stats_of,
)
from arena.rpc.server.hosting import order_from_pb
from arena.rpc.server.state import ServerState
from arena.rpc.server.watch_streams import watch_match, watch_tournament
from arena.rpc.wire.convert import (
    clock_settings_from_pb,
    game_wire,
    legal_moves_rule,
    option_text,
    record_to_pb,
)
from arena.rpc.wire.protocol import AUTHORIZATION
from arena.rpc.wire.status import abort_with
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

T = TypeVar("T")

# Re-exported for the server module, which registers the bot service by hand.
from arena.rpc.server.bot_service import BotServicer, parse_bot_message  # noqa: E402

__all__ = ["ArenaServicer", "BotServicer", "parse_bot_message"]


class ArenaServicer(arena_pb2_grpc.ArenaServiceServicer):
    """ArenaService: public reads, and organizer calls behind a credential."""

    def __init__(self, state: ServerState) -> None:
        self.state = state

    async def ListGames(self, request: pb.ListGamesRequest, context: Any) -> pb.ListGamesResponse:  # noqa: N802
        """The games this server referees."""
        return pb.ListGamesResponse(games=[_game_info(game) for game in list_games()])

    async def ListBots(self, request: pb.ListBotsRequest, context: Any) -> pb.ListBotsResponse:  # noqa: N802
        """The bots connected now."""
        return pb.ListBotsResponse(bots=self.state.registry.listed())

    async def PlayMatch(self, request: pb.PlayMatchRequest, context: Any) -> pb.MatchRecord:  # noqa: N802
        """Play one match between connected bots and return its record (organizers only)."""

        async def play() -> pb.MatchRecord:
            await self._organizer(context)
            clock = None
            if request.HasField("clock"):
                clock = clock_settings_from_pb(request.clock)
                limits = self.state.config.limits
                check_clock(clock.per_move_ms, clock.bank_ms, clock.increment_ms, limits)
            check_text("game", request.game, MAX_OPTION_CHARS)
            record = await self.state.play(
                request.game,
                dict(request.options),
                request.seed,
                list(request.bots),
                clock=clock,
                match_id=request.match_id or None,
                store=request.store if request.HasField("store") else True,
            )
            return record_to_pb(record)

        return await _answer(context, play)

    async def GetMatch(self, request: pb.GetMatchRequest, context: Any) -> pb.MatchRecord:  # noqa: N802
        """A finished match, from memory or the database: whole for its tournament's owner or an
        admin who gives a token, else its public form."""

        async def get() -> pb.MatchRecord:
            check_text("match_id", request.match_id, 64)
            caller = await self._reader(context)
            recent = self.state.recent_record(request.match_id)
            if recent is not None:
                return record_to_pb(recent)  # outside any tournament: public once over
            return await asyncio.to_thread(self._stored_match, request.match_id, caller)

        return await _answer(context, get)

    def _stored_match(self, match_id: str, caller: Caller | None) -> pb.MatchRecord:
        store = self.state.store
        if store is None:
            raise UnknownMatchError(f"no finished match {match_id!r} on this server")
        try:
            shown = disclosed_match_for(store, match_id, caller)
        except UnknownMatchError:
            raise UnknownMatchError(f"no finished match {match_id!r} on this server") from None
        message = record_to_pb(shown.record)
        message.seed_withheld = shown.seed_withheld
        message.moves_withheld = shown.moves_withheld
        return message

    async def CreateTournament(  # noqa: N802
        self, request: pb.CreateTournamentRequest, context: Any
    ) -> pb.CreateTournamentResponse:
        """Store a tournament between connected bots and start playing it here (organizers)."""

        async def create() -> pb.CreateTournamentResponse:
            caller = await self._organizer(context)
            host = self.state.require_host()
            config = self.state.config
            order = await asyncio.to_thread(order_from_pb, request, config.clock, config.limits)
            tournament = await host.create(order, caller)
            return pb.CreateTournamentResponse(
                tournament_id=tournament.id,
                fixtures=announced_matches(tournament),
                seed=request.seed if request.HasField("seed") else 0,
            )

        return await _answer(context, create)

    async def CancelTournament(  # noqa: N802
        self, request: pb.CancelTournamentRequest, context: Any
    ) -> pb.Tournament:
        """Stop a tournament this server plays (organizers)."""

        async def cancel() -> pb.Tournament:
            caller = await self._organizer(context)
            await self.state.require_host().cancel(request.tournament_id, caller)
            return await asyncio.to_thread(self._tournament, request.tournament_id, caller)

        return await _answer(context, cancel)

    async def GetTournament(self, request: pb.GetTournamentRequest, context: Any) -> pb.Tournament:  # noqa: N802
        """A stored tournament: status, progress, standings and ladder (its seed once finished,
        or at once for its owner or an admin who gives a token)."""

        async def get() -> pb.Tournament:
            caller = await self._reader(context)
            return await asyncio.to_thread(self._tournament, request.tournament_id, caller)

        return await _answer(context, get)

    def _tournament(self, tid: int, caller: Caller | None) -> pb.Tournament:
        return self.state.tournament_pb(tid, caller)

    async def ResumeTournament(  # noqa: N802
        self, request: pb.ResumeTournamentRequest, context: Any
    ) -> pb.Tournament:
        """Play what an interrupted tournament of this server left (organizers)."""

        async def resume() -> pb.Tournament:
            caller = await self._organizer(context)
            limits = self.state.config.limits
            if not 0 <= request.concurrency <= limits.max_concurrency:
                raise LimitError(f"concurrency must be 0 to {limits.max_concurrency}")
            host = self.state.require_host()
            await host.resume(request.tournament_id, caller, request.concurrency or 1)
            return await asyncio.to_thread(self._tournament, request.tournament_id, caller)

        return await _answer(context, resume)

    async def DeleteTournament(  # noqa: N802
        self, request: pb.DeleteTournamentRequest, context: Any
    ) -> pb.DeleteTournamentResponse:
        """Delete a tournament with its matches (organizers)."""

        async def delete() -> pb.DeleteTournamentResponse:
            caller = await self._organizer(context)
            host = self.state.require_host()
            deleted = await host.delete(request.tournament_id, caller, request.force)
            return pb.DeleteTournamentResponse(
                tournament_id=request.tournament_id, matches=deleted.matches, ladder=deleted.ladder
            )

        return await _answer(context, delete)

    async def GetStats(self, request: pb.GetStatsRequest, context: Any) -> pb.Stats:  # noqa: N802
        """Statistics of a tournament or a game (a public read)."""

        def read() -> pb.Stats:
            check_text("game", request.game, MAX_OPTION_CHARS)
            return stats_of(self.state.require_store(), request)

        return await _answer(context, lambda: asyncio.to_thread(read))

    async def ListMatches(  # noqa: N802
        self, request: pb.ListMatchesRequest, context: Any
    ) -> pb.ListMatchesResponse:
        """One page of stored match summaries."""
        return await _answer(
            context,
            lambda: asyncio.to_thread(list_matches, self.state.require_store(), request),
        )

    async def GetLeaderboard(  # noqa: N802
        self, request: pb.GetLeaderboardRequest, context: Any
    ) -> pb.Leaderboard:
        """A game's TrueSkill ladder."""

        def read() -> pb.Leaderboard:
            check_text("game", request.game, MAX_OPTION_CHARS)
            return leaderboard(self.state.require_store(), request.game)

        return await _answer(context, lambda: asyncio.to_thread(read))

    # The two watch streams write their updates through context.write, so they return None.
    async def WatchMatch(  # type: ignore[override]  # noqa: N802
        self, request: pb.WatchMatchRequest, context: Any
    ) -> None:
        """A match's public updates, live or replayed (a public read)."""
        await _answer(context, lambda: watch_match(self.state, request, context))

    async def WatchTournament(  # type: ignore[override]  # noqa: N802
        self, request: pb.WatchTournamentRequest, context: Any
    ) -> None:
        """A tournament's progress and standings whenever they change (a public read)."""
        await _answer(context, lambda: watch_tournament(self.state, request, context))

    async def ListTournaments(  # noqa: N802
        self, request: pb.ListTournamentsRequest, context: Any
    ) -> pb.ListTournamentsResponse:
        """The stored tournaments, newest first."""
        return await _answer(
            context,
            lambda: asyncio.to_thread(list_tournaments, self.state.require_store(), request.limit),
        )

    async def GetRatingHistory(  # noqa: N802
        self, request: pb.GetRatingHistoryRequest, context: Any
    ) -> pb.RatingHistory:
        """One bot's rating after each of its rated matches."""

        def read() -> pb.RatingHistory:
            check_text("game", request.game, MAX_OPTION_CHARS)
            check_text("bot", request.bot, MAX_OPTION_CHARS)
            return rating_history(
                self.state.require_store(), request.game, request.bot, request.last
            )

        return await _answer(context, lambda: asyncio.to_thread(read))

    async def _reader(self, context: Any) -> Caller | None:
        """Who reads: None without a token (the public); with one, the organizer it names, as
        checked for organizer calls (a wrong token is refused, never read as the public)."""
        if not bearer_token(_metadata(context).get(AUTHORIZATION)):
            return None
        return await self._organizer(context)

    async def _organizer(self, context: Any) -> Caller:
        """The organizer behind this call (AuthenticationError / ForbiddenError if none). The
        token is checked first, so a right one is admitted whatever others guess; a wrong one is
        answered only after the organizer tokens' back-off (arena/rpc/server/auth_limits.py)."""
        token = bearer_token(_metadata(context).get(AUTHORIZATION))
        try:
            return await asyncio.to_thread(self.state.access.organizer, token)
        except ArenaError as exc:
            if token and is_credential_failure(exc):
                await self.state.failures.failed(ORGANIZER_KEY)
            raise


def _game_info(game: Any) -> pb.GameInfo:
    options = []
    for f in option_fields(game):
        default = "" if f.default is dataclasses.MISSING else option_text(f.default)
        choices = option_choices(game, f.name) or ()
        options.append(pb.GameOption(name=f.name, default=default, choices=choices))
    wire = game_wire(game.name)
    return pb.GameInfo(
        name=game.name,
        title=game.title,
        min_players=game.min_players,
        max_players=game.max_players,
        options=options,
        view_field=wire.field if wire is not None else "",
        legal_moves_rule=legal_moves_rule(game.name),
    )


def _metadata(context: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in context.invocation_metadata() or ():
        if isinstance(value, str) and len(value) <= 1024:
            out[key.lower()] = value
    return out


async def _answer(
    context: grpc.aio.ServicerContext[Any, Any], compute: Callable[[], Awaitable[T]]
) -> T:
    """The reply of `compute`, or the call aborted with the status of the arena error it raised."""
    try:
        return await compute()
    except ArenaError as exc:
        await abort_with(context, exc)
        raise  # unreachable: abort raises
