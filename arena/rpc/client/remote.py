"""Calls to a running referee (`arena serve`): play a match, fetch one, list bots.

A `Remote` names the server and how to reach it: TLS with a CA file, and the organizer token
sent as `authorization: Bearer ...` on every call (organizer calls need it on a server with
credentials; reads ignore it).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import grpc

from arena.addresses import plaintext_allowed, refuse_token_in_clear
from arena.core import MatchRecord
from arena.referee import Clock
from arena.rpc.client.bot_client import open_channel
from arena.rpc.client.connect_errors import call_failure_cause
from arena.rpc.wire.convert import clock_settings_to_pb, options_to_pb, record_from_pb
from arena.rpc.wire.protocol import RELAY_METADATA, bearer
from arena.rpc.wire.status import error_from_rpc
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

TOKEN_ENV = "ARENA_ORGANIZER_TOKEN"
TLS_CA_ENV = "ARENA_TLS_CA"
CALL_TIMEOUT_S = 30.0  # reads and creations; PlayMatch waits for the whole match


@dataclass(frozen=True, slots=True)
class Remote:
    """A referee server and the credentials to use with it."""

    address: str
    token: str | None = field(default=None, repr=False)  # an organizer token: never shown
    tls_ca: str | None = None  # a CA file: TLS ("" = the system's CAs); None: plaintext
    relay: str | None = field(default=None, repr=False)  # `serve --web`'s own pages: never shown
    allow_plaintext: bool = False  # may the token travel in clear beyond loopback

    @classmethod
    def of(
        cls,
        address: str,
        token: str | None = None,
        tls_ca: str | None = None,
        allow_plaintext: bool | None = None,
    ) -> Remote:
        """A Remote with the token and CA from the arguments, else $ARENA_ORGANIZER_TOKEN and
        $ARENA_TLS_CA (and $ARENA_ALLOW_PLAINTEXT)."""
        return cls(
            address,
            token if token is not None else os.environ.get(TOKEN_ENV) or None,
            tls_ca if tls_ca is not None else os.environ.get(TLS_CA_ENV),
            allow_plaintext=plaintext_allowed(allow_plaintext),
        )

    def check_transport(self) -> None:
        """ConfigError when this Remote would send its token in clear beyond loopback."""
        if self.token:
            refuse_token_in_clear(self.address, self.tls_ca, allowed=self.allow_plaintext)

    def metadata(self) -> tuple[tuple[str, str], ...]:
        """The call metadata: the organizer token, if any (and the relay token of a server's
        own web pages)."""
        out: tuple[tuple[str, str], ...] = ()
        if self.token:
            out += (bearer(self.token),)
        if self.relay:
            out += ((RELAY_METADATA, self.relay),)
        return out


def _remote(target: Remote | str) -> Remote:
    return target if isinstance(target, Remote) else Remote.of(target)


async def _failure(exc: grpc.aio.AioRpcError, remote: Remote) -> Exception:
    """The arena error of a failed call, its likely cause added when the server could not be
    reached (gRPC says only "Socket closed" to a plaintext client at a TLS port): as the bot
    SDK and the web pages name it (connect_errors)."""
    error = error_from_rpc(exc, remote.address)
    cause = await call_failure_cause(error, remote.address, remote.tls_ca)
    if cause is None:
        return error
    out = type(error)(f"{error} ({cause})")
    out.grpc_status = error.grpc_status  # type: ignore[attr-defined]
    return out


async def _call(target: Remote | str, method: str, request: Any, timeout: float | None) -> Any:
    remote = _remote(target)
    remote.check_transport()
    async with open_channel(remote.address, remote.tls_ca) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        try:
            return await getattr(stub, method)(request, metadata=remote.metadata(), timeout=timeout)
        except grpc.aio.AioRpcError as exc:
            raise await _failure(exc, remote) from None


async def play_remote_match(
    target: Remote | str,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    bots: list[str],
    *,
    clock: Clock | None = None,
    match_id: str | None = None,
    store: bool = True,
) -> MatchRecord:
    """Play a match between bots connected to the server; its record.

    `store=False` asks the server not to store the record in its database (the caller does).
    """
    request = pb.PlayMatchRequest(
        game=game,
        options=options_to_pb(options),
        seed=seed,
        bots=bots,
        match_id=match_id or "",
        store=store,
    )
    if clock is not None:
        request.clock.CopyFrom(clock_settings_to_pb(clock))
    return record_from_pb(await _call(target, "PlayMatch", request, None))


async def get_remote_match(target: Remote | str, match_id: str) -> MatchRecord:
    """The record of a finished match kept by the server (its public form)."""
    request = pb.GetMatchRequest(match_id=match_id)
    return record_from_pb(await _call(target, "GetMatch", request, CALL_TIMEOUT_S))


async def list_remote_bots(target: Remote | str) -> list[pb.BotInfo]:
    """The bots connected to the server."""
    reply = await _call(target, "ListBots", pb.ListBotsRequest(), CALL_TIMEOUT_S)
    return list(reply.bots)


async def cancel_remote_tournament(target: Remote | str, tournament_id: int) -> pb.Tournament:
    """Stop a tournament the server plays (an organizer call)."""
    request = pb.CancelTournamentRequest(tournament_id=tournament_id)
    tournament: pb.Tournament = await _call(target, "CancelTournament", request, CALL_TIMEOUT_S)
    return tournament


async def get_remote_disclosed(
    target: Remote | str, match_id: str
) -> tuple[MatchRecord, bool, bool]:
    """A finished match as the server shows it: (record, seed withheld, moves withheld)."""
    request = pb.GetMatchRequest(match_id=match_id)
    message = await _call(target, "GetMatch", request, CALL_TIMEOUT_S)
    return record_from_pb(message), message.seed_withheld, message.moves_withheld


async def list_remote_matches(
    target: Remote | str, *, tournament_id: int | None = None, game: str = ""
) -> list[pb.MatchSummary]:
    """Every stored match the server lists (all pages), oldest finished first."""
    out: list[pb.MatchSummary] = []
    token = ""
    while True:
        request = pb.ListMatchesRequest(game=game, page_size=500, page_token=token)
        if tournament_id is not None:
            request.tournament_id = tournament_id
        reply = await _call(target, "ListMatches", request, CALL_TIMEOUT_S)
        out.extend(reply.matches)
        token = reply.next_page_token
        if not token:
            return out


async def get_remote_tournament(target: Remote | str, tournament_id: int) -> pb.Tournament:
    """A tournament the server keeps, as it shows it (the seed withheld until finished)."""
    request = pb.GetTournamentRequest(tournament_id=tournament_id)
    tournament: pb.Tournament = await _call(target, "GetTournament", request, CALL_TIMEOUT_S)
    return tournament


async def read_remote(target: Remote | str, method: str, request: Any) -> Any:
    """One public read of ArenaService (GetLeaderboard, GetTournament, ListMatches ...)."""
    return await _call(target, method, request, CALL_TIMEOUT_S)


async def follow_remote(target: Remote | str, method: str, request: Any) -> AsyncIterator[Any]:
    """The messages of a public stream (WatchMatch, WatchTournament) as they arrive."""
    remote = _remote(target)
    remote.check_transport()
    async with open_channel(remote.address, remote.tls_ca) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        try:
            async for message in getattr(stub, method)(request, metadata=remote.metadata()):
                yield message
        except grpc.aio.AioRpcError as exc:
            raise await _failure(exc, remote) from None
