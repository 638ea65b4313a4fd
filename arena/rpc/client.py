"""Calls to a running referee (`arena serve`): play a match, fetch one, list bots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import grpc

from arena.core import MatchRecord
from arena.referee import Clock
from arena.rpc.convert import clock_settings_to_pb, options_to_pb, record_from_pb
from arena.rpc.status import error_from_rpc
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc


async def play_remote_match(
    address: str,
    game: str,
    options: Mapping[str, Any],
    seed: int,
    bots: list[str],
    *,
    clock: Clock | None = None,
    match_id: str | None = None,
    store: bool = True,
) -> MatchRecord:
    """Play a match between bots connected to the server at `address`; its record.

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
    async with grpc.aio.insecure_channel(address) as channel:
        try:
            reply = await arena_pb2_grpc.ArenaServiceStub(channel).PlayMatch(request)
        except grpc.aio.AioRpcError as exc:
            raise error_from_rpc(exc, address) from None
    return record_from_pb(reply)


async def get_remote_match(address: str, match_id: str) -> MatchRecord:
    """The record of a finished match kept by the server at `address`."""
    async with grpc.aio.insecure_channel(address) as channel:
        try:
            reply = await arena_pb2_grpc.ArenaServiceStub(channel).GetMatch(
                pb.GetMatchRequest(match_id=match_id)
            )
        except grpc.aio.AioRpcError as exc:
            raise error_from_rpc(exc, address) from None
    return record_from_pb(reply)


async def list_remote_bots(address: str) -> list[pb.BotInfo]:
    """The bots connected to the server at `address`."""
    async with grpc.aio.insecure_channel(address) as channel:
        try:
            reply = await arena_pb2_grpc.ArenaServiceStub(channel).ListBots(pb.ListBotsRequest())
        except grpc.aio.AioRpcError as exc:
            raise error_from_rpc(exc, address) from None
    return list(reply.bots)
