"""One table from arena errors to gRPC status codes, and the transport's own error classes."""

from __future__ import annotations

import logging

import grpc

from arena.errors import (
    ArenaError,
    AuthenticationError,
    BotError,
    ConfigError,
    ForbiddenError,
    GameError,
    InvalidMoveError,
    NotFoundError,
    OptionError,
    PlayerCountError,
    ProtocolError,
    StoreError,
    TournamentError,
    UnknownGameError,
)
from arena.limits import clip
from arena.store import UnknownMatchError, UnknownTournamentError

log = logging.getLogger("arena.rpc.server")


class MalformedMessageError(ProtocolError):
    """A message that does not parse, or a Hello with bad fields."""


class TokenError(BotError):
    """The bot presented a token other than the one expected for its name."""


class NameTakenError(BotError):
    """Another connection already uses this bot name with a different token."""


class BotBusyError(BotError):
    """The bot already plays as many matches as its Hello allows."""


class TooManyFailuresError(ArenaError):
    """This address presented too many wrong credentials just now: it waits a little."""


class TooManyBotsError(BotError):
    """The server cannot take another bot now."""


class MatchNotFoundError(ArenaError):
    """No finished match has that id on this server."""


class MatchExistsError(ArenaError):
    """A match with that id exists already."""


class TooManyWatchersError(ArenaError):
    """The server has as many watch streams open as it allows."""


class WatcherTooSlowError(ArenaError):
    """A watcher fell too far behind its match (queue overflow or a stalled write): dropped."""


class NoDatabaseError(ArenaError):
    """The call needs the server's database and the server runs without one."""


# Most specific first: the first class in an error's MRO found here decides its status.
STATUS_BY_ERROR: dict[type[ArenaError], grpc.StatusCode] = {
    MalformedMessageError: grpc.StatusCode.INVALID_ARGUMENT,
    TokenError: grpc.StatusCode.UNAUTHENTICATED,
    NameTakenError: grpc.StatusCode.ALREADY_EXISTS,
    BotBusyError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    TooManyBotsError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    TooManyFailuresError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    AuthenticationError: grpc.StatusCode.UNAUTHENTICATED,
    ForbiddenError: grpc.StatusCode.PERMISSION_DENIED,
    MatchNotFoundError: grpc.StatusCode.NOT_FOUND,
    TooManyWatchersError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    WatcherTooSlowError: grpc.StatusCode.RESOURCE_EXHAUSTED,
    MatchExistsError: grpc.StatusCode.ALREADY_EXISTS,
    UnknownTournamentError: grpc.StatusCode.NOT_FOUND,
    UnknownMatchError: grpc.StatusCode.NOT_FOUND,
    NoDatabaseError: grpc.StatusCode.FAILED_PRECONDITION,
    UnknownGameError: grpc.StatusCode.NOT_FOUND,
    OptionError: grpc.StatusCode.INVALID_ARGUMENT,
    PlayerCountError: grpc.StatusCode.INVALID_ARGUMENT,
    InvalidMoveError: grpc.StatusCode.INVALID_ARGUMENT,
    GameError: grpc.StatusCode.INVALID_ARGUMENT,
    ConfigError: grpc.StatusCode.INVALID_ARGUMENT,
    ProtocolError: grpc.StatusCode.FAILED_PRECONDITION,
    BotError: grpc.StatusCode.UNAVAILABLE,
    StoreError: grpc.StatusCode.INTERNAL,
    TournamentError: grpc.StatusCode.FAILED_PRECONDITION,
    ArenaError: grpc.StatusCode.UNKNOWN,
}


def status_for(error: ArenaError) -> grpc.StatusCode:
    """The gRPC status code of an arena error."""
    for cls in type(error).__mro__:
        if cls in STATUS_BY_ERROR:
            return STATUS_BY_ERROR[cls]
    return grpc.StatusCode.UNKNOWN


async def abort_with(context: grpc.aio.ServicerContext, error: ArenaError) -> None:
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


# The client side: a failed call becomes the arena error a user of the CLI expects.
_ERROR_BY_STATUS: dict[grpc.StatusCode, type[ArenaError]] = {
    grpc.StatusCode.INVALID_ARGUMENT: ConfigError,
    grpc.StatusCode.NOT_FOUND: NotFoundError,
    grpc.StatusCode.ALREADY_EXISTS: ConfigError,
    grpc.StatusCode.FAILED_PRECONDITION: ProtocolError,
    grpc.StatusCode.UNAVAILABLE: BotError,
    grpc.StatusCode.DEADLINE_EXCEEDED: BotError,
    grpc.StatusCode.RESOURCE_EXHAUSTED: BotError,
    grpc.StatusCode.UNAUTHENTICATED: AuthenticationError,
    grpc.StatusCode.PERMISSION_DENIED: ForbiddenError,
}


def error_from_rpc(error: grpc.RpcError, address: str) -> ArenaError:
    """The arena error for a failed call to the server at `address`."""
    code = error.code() if hasattr(error, "code") else grpc.StatusCode.UNKNOWN
    details = error.details() if hasattr(error, "details") else str(error)
    cls = _ERROR_BY_STATUS.get(code, ProtocolError)
    return cls(f"{address}: {code.name.lower()}: {details}")
