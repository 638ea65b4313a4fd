"""One table from arena errors to gRPC status codes, and the transport's own error classes."""

from __future__ import annotations

import logging
from typing import Any

import grpc

from arena.errors import (
    ArenaError,
    AuthenticationError,
    BotBusyError,
    BotError,
    ConfigError,
    ConflictError,
    ForbiddenError,
    GameError,
    LimitError,
    MalformedMessageError,
    MatchExistsError,
    NameTakenError,
    NoDatabaseError,
    NotFoundError,
    OverloadError,
    ProtocolError,
    StoreError,
    TokenError,
    TooManyBotsError,
    TooManyFailuresError,
    TooManyWatchersError,
    TournamentError,
    UnavailableError,
    UnknownMatchError,
    UnknownTournamentError,
    WatcherTooSlowError,
)
from arena.match.limits import clip

log = logging.getLogger("arena.rpc.server.listen")

# Defined with the rest of the tree in arena.errors; importable from here as they always were.
__all__ = [
    "BotBusyError",
    "MalformedMessageError",
    "MatchExistsError",
    "NameTakenError",
    "NoDatabaseError",
    "TokenError",
    "TooManyBotsError",
    "TooManyFailuresError",
    "TooManyWatchersError",
    "WatcherTooSlowError",
    "abort_with",
    "error_from_rpc",
    "public_message",
    "status_for",
]

# Most specific first: the first class in an error's MRO found here decides its status.
STATUS_BY_ERROR: dict[type[ArenaError], grpc.StatusCode] = {
    MalformedMessageError: grpc.StatusCode.INVALID_ARGUMENT,  # bad input, though a protocol one
    NotFoundError: grpc.StatusCode.NOT_FOUND,
    ConflictError: grpc.StatusCode.ALREADY_EXISTS,
    AuthenticationError: grpc.StatusCode.UNAUTHENTICATED,
    ForbiddenError: grpc.StatusCode.PERMISSION_DENIED,
    OverloadError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    GameError: grpc.StatusCode.INVALID_ARGUMENT,
    ConfigError: grpc.StatusCode.INVALID_ARGUMENT,
    ProtocolError: grpc.StatusCode.FAILED_PRECONDITION,
    UnavailableError: grpc.StatusCode.FAILED_PRECONDITION,
    TournamentError: grpc.StatusCode.FAILED_PRECONDITION,
    BotError: grpc.StatusCode.UNAVAILABLE,
    StoreError: grpc.StatusCode.INTERNAL,
    ArenaError: grpc.StatusCode.UNKNOWN,
}


def status_for(error: ArenaError) -> grpc.StatusCode:
    """The gRPC status code of an arena error (an error that came from a call keeps the code
    it came with: a client's error maps back to the server's status without loss)."""
    carried = getattr(error, "grpc_status", None)
    if isinstance(carried, grpc.StatusCode):
        return carried
    for cls in type(error).__mro__:
        if cls in STATUS_BY_ERROR:
            return STATUS_BY_ERROR[cls]
    return grpc.StatusCode.UNKNOWN


async def abort_with(context: grpc.aio.ServicerContext[Any, Any], error: ArenaError) -> None:
    """End the call with the error's status and a one-line public message (raises, as
    context.abort does). Database failures are not described to callers (paths, SQL): the
    server's log has them."""
    await context.abort(status_for(error), public_message(error))


def public_message(error: ArenaError) -> str:
    """What a remote caller is told of an error: one line, bounded, no server internals."""
    if isinstance(error, UnknownMatchError | UnknownTournamentError):
        text = str(error).split(" in ", 1)[0]  # "no match 'x' in <database>": keep the first part
    elif isinstance(error, StoreError):
        log.error("database error answered as INTERNAL: %s", error)
        text = "the server's database failed; its operator's log has the details"
    else:
        text = str(error)
    return clip(" ".join(text.split()), 500)


# The client side: a failed call becomes the arena error a user of the CLI expects; every code
# has one, and the error remembers the code it came with.
ERROR_BY_STATUS: dict[grpc.StatusCode, type[ArenaError]] = {
    grpc.StatusCode.CANCELLED: BotError,
    grpc.StatusCode.UNKNOWN: ArenaError,
    grpc.StatusCode.INVALID_ARGUMENT: ConfigError,
    grpc.StatusCode.DEADLINE_EXCEEDED: BotError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.ALREADY_EXISTS: ConflictError,
    grpc.StatusCode.PERMISSION_DENIED: ForbiddenError,
    grpc.StatusCode.RESOURCE_EXHAUSTED: OverloadError,
    grpc.StatusCode.FAILED_PRECONDITION: ProtocolError,
    grpc.StatusCode.ABORTED: BotError,
    grpc.StatusCode.OUT_OF_RANGE: LimitError,
    grpc.StatusCode.UNIMPLEMENTED: ProtocolError,
    grpc.StatusCode.INTERNAL: StoreError,
    grpc.StatusCode.UNAVAILABLE: BotError,
    grpc.StatusCode.DATA_LOSS: StoreError,
    grpc.StatusCode.UNAUTHENTICATED: AuthenticationError,
}


def error_from_rpc(error: grpc.RpcError, address: str) -> ArenaError:
    """The arena error for a failed call to the server at `address` (it keeps the code)."""
    code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
    details = error.details() if hasattr(error, "details") else str(error)
    cls = ERROR_BY_STATUS.get(code, ArenaError)
    out = cls(f"{address}: {code.name.lower()}: {details}")
    out.grpc_status = code  # type: ignore[attr-defined]
    return out
