"""BotService.Connect: one session per stream, from Hello to a status that says why it ended."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import grpc
from google.protobuf.message import DecodeError

from arena import __version__
from arena.errors import ArenaError, MalformedMessageError, ProtocolError, TooManyFailuresError
from arena.match.limits import clip
from arena.rpc.server.auth_limits import bot_key, is_credential_failure
from arena.rpc.server.logs import RateLimitedLog
from arena.rpc.server.sessions import CONNECTION_LOST, STREAM_CLOSED, BotSession, CloseKind
from arena.rpc.server.state import ServerState
from arena.rpc.server.workers.pool import pool_size
from arena.rpc.wire.protocol import PROTOCOL_VERSION
from arena.rpc.wire.status import abort_with
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.listen")

HELLO_TIMEOUT_S = 10.0  # a connection that says nothing this long after opening is dropped
ABORT_TIMEOUT_S = 2.0  # ending a stream with its status may not wait on a bot that never reads
_CLOSE_STATUS = {
    CloseKind.REPLACED: grpc.StatusCode.ABORTED,
    CloseKind.REVOKED: grpc.StatusCode.UNAUTHENTICATED,
    CloseKind.DROPPED: grpc.StatusCode.UNAVAILABLE,
}


class Malformed:
    """What the tolerant deserializer yields for bytes that are not a BotMessage."""

    def __init__(self, problem: str) -> None:
        self.problem = problem


def parse_bot_message(data: bytes) -> pb.BotMessage | Malformed:
    """Deserialize a BotMessage, turning garbage into a Malformed marker (INVALID_ARGUMENT)."""
    try:
        return pb.BotMessage.FromString(data)
    except DecodeError as exc:
        return Malformed(f"the message is not a BotMessage: {clip(str(exc), 200)}")


# A Connect stream, server side. What it reads is a BotMessage, a Malformed marker (see
# parse_bot_message) or grpc.aio.EOF, which the stubs cannot say: hence Any.
Context = grpc.aio.ServicerContext[Any, pb.ServerMessage]


class BotServicer:
    """BotService.Connect: one session per stream."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.refusals = RateLimitedLog(log)  # a flood of bad Hellos logs a few lines and a count

    async def Connect(self, request_iterator: Any, context: Context) -> None:  # noqa: N802
        """Run one bot connection from Hello to disconnect."""
        limiter = self.state.failures
        peer = context.peer()
        hello = None
        try:
            hello = await self._read_hello(context)
            if hello is None:
                return
            # Checked first: a right token is admitted whatever others guess from its address.
            session = await self.state.registry.admit(hello, context.write)
            limiter.succeeded(bot_key(hello.name))
        except ArenaError as exc:
            self.refusals.warning(f"refused a bot connection from {peer}: {exc}")
            if hello is not None and is_credential_failure(exc):
                try:
                    await limiter.failed(bot_key(hello.name))
                except TooManyFailuresError as busy:  # too many wait already: at once
                    exc = busy
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

    async def _read_hello(self, context: Context) -> pb.Hello | None:
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
        hello: pb.Hello = first.hello
        return hello

    async def _serve(self, session: BotSession, context: Context) -> None:
        welcome = pb.Welcome(
            session_id=session.session_id,
            server_version=__version__,
            protocol_version=PROTOCOL_VERSION,
            ping_interval_ms=int(session.settings.ping_interval_s * 1000),
            games=session.games,
            max_message_bytes=self.state.config.max_message_bytes,
        )
        mesh = self.state.mesh
        welcome.worker_id = self.state.worker_id
        welcome.worker_count = mesh.worker_count() if mesh is not None else pool_size()
        session.send(pb.ServerMessage(welcome=welcome))
        writer = asyncio.create_task(session.run_writer())
        watchdog = asyncio.create_task(session.watch_writes())
        pinger = asyncio.create_task(session.keep_alive())
        reader = asyncio.create_task(self._read_loop(session, context))
        closed = asyncio.create_task(session.wait_closed())
        error: ArenaError | None = None
        try:
            await asyncio.wait({reader, closed}, return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and not reader.cancelled():
                exc = reader.exception()
                if isinstance(exc, ArenaError):
                    error = exc
                    session.close(f"protocol error: {clip(str(exc), 200)}")
                else:
                    session.close(
                        reader.result() if exc is None else f"{type(exc).__name__}: {exc}"
                    )
        finally:
            session.close(session.close_reason or CONNECTION_LOST)
            for task in (reader, closed, pinger):
                task.cancel()
            # The writer stops by itself after its write in flight, which has a deadline (the
            # watchdog's); cancelling it mid-write would break the stream we still want to end
            # with a status.
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(writer, session.settings.send_timeout_s + 1.0)
            watchdog.cancel()
            for task in (reader, closed, pinger, watchdog):
                with contextlib.suppress(BaseException):
                    await task
            log.info("bot %s disconnected: %s", session.name, session.close_reason)
            await self.state.registry.remove(session, session.close_reason)
        await self._end(session, context, error)

    async def _read_loop(self, session: BotSession, context: Context) -> str:
        while True:
            message = await context.read()
            if message is grpc.aio.EOF:
                return STREAM_CLOSED
            if isinstance(message, Malformed):
                raise MalformedMessageError(message.problem)
            session.on_message(message)

    async def _end(self, session: BotSession, context: Context, error: ArenaError | None) -> None:
        """End the stream with a status that tells the bot why (never waiting for long)."""
        if error is not None:
            code, details = None, ""
        else:
            code, details = _CLOSE_STATUS.get(session.close_kind), session.close_reason
        if error is None and code is None:
            return
        try:
            if error is not None:
                await asyncio.wait_for(abort_with(context, error), ABORT_TIMEOUT_S)
            else:
                assert code is not None
                await asyncio.wait_for(context.abort(code, clip(details, 300)), ABORT_TIMEOUT_S)
        except grpc.aio.AbortError:
            raise  # how grpc.aio ends the call with the status
        except TimeoutError:
            # A bot that never reads cannot be told either: its status waits behind the data
            # it does not take, until it goes away. It holds no session and no match any more.
            log.info("bot %s does not read: its stream ends without a status", session.name)
        except Exception as exc:  # noqa: BLE001 - the stream is beyond saving: just end it
            log.debug("could not end bot %s's stream with a status: %r", session.name, exc)
