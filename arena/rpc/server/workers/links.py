"""Direct links between workers on one machine: the fast path of relayed decisions.

A notification through PostgreSQL costs a transaction and wakes three processes per hop (the
sender's backend, the listener's backend, the listener): milliseconds on a busy machine, paid
twice per relayed decision. So each worker also serves one gRPC stream method on a loopback
port of its own, announced on the bus with a per-process token (the bus is readable by the
database's users only; the token keeps any other local process from speaking on a link). A
worker sends its direct messages to a peer over one stream it opens to it, written by one task
with a deadline per write; while a link is down (not up yet, broken, or a peer on another
machine) the same messages go through the bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
from collections import deque
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc

log = logging.getLogger("arena.rpc.server.workers.links")

METHOD = "/arena.relay.v1.Relay/Link"
TOKEN_METADATA = "arena-link-token"
WRITE_TIMEOUT_S = 5.0  # a link whose write stalls this long is dropped (the bus takes over)
MAX_QUEUED = 10_000  # messages waiting for a link's writer beyond this drop the link
MAX_FRAME_BYTES = 16 * 1024 * 1024

Message = dict[str, Any]


def _identity(data: bytes) -> bytes:
    return data


class LinkServer:
    """This worker's end of the links: a gRPC server on loopback, one method."""

    def __init__(self, deliver: Callable[[Message], None]) -> None:
        self.deliver = deliver
        self.token = secrets.token_urlsafe(24)
        self.address = ""
        self._server: grpc.aio.Server | None = None

    async def start(self) -> str:
        """Listen on a free loopback port; the address peers connect to."""
        options = [("grpc.max_receive_message_length", MAX_FRAME_BYTES), ("grpc.so_reuseport", 0)]
        server = grpc.aio.server(options=options)
        handler = grpc.stream_unary_rpc_method_handler(
            self._link, request_deserializer=_identity, response_serializer=_identity
        )
        service, method = METHOD.rsplit("/", 1)
        server.add_generic_rpc_handlers(
            (grpc.method_handlers_generic_handler(service.strip("/"), {method: handler}),)
        )
        port = server.add_insecure_port("127.0.0.1:0")
        await server.start()
        self._server = server
        self.address = f"127.0.0.1:{port}"
        return self.address

    async def _link(self, frames: AsyncIterator[bytes], context: Any) -> bytes:
        given = dict(context.invocation_metadata() or ()).get(TOKEN_METADATA, "")
        if not hmac.compare_digest(str(given), self.token):
            await context.abort(grpc.StatusCode.PERMISSION_DENIED, "wrong link token")
        async for frame in frames:
            try:
                message = json.loads(frame)
            except ValueError:
                continue
            if isinstance(message, dict):
                try:
                    self.deliver(message)
                except Exception:  # a bad message never ends the link
                    log.exception("link message %r not handled", message.get("k"))
        return b""

    async def stop(self) -> None:
        """Stop serving links."""
        if self._server is not None:
            await self._server.stop(0.5)


class Link:
    """This worker's stream to one peer, with its outbox and its one writer."""

    def __init__(self, address: str, token: str, on_broken: Callable[[Link], None]) -> None:
        self.address = address
        self.token = token
        self.on_broken = on_broken
        self.up = True
        self._queue: deque[bytes] = deque()
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._run())

    def send(self, message: Message) -> bool:
        """Queue a message; False if the link is down (the caller uses the bus)."""
        if not self.up:
            return False
        if len(self._queue) >= MAX_QUEUED:
            self._broken("its peer does not read")
            return False
        self._queue.append(json.dumps(message, separators=(",", ":")).encode())
        self._wake.set()
        return True

    async def _run(self) -> None:
        options = [("grpc.max_send_message_length", MAX_FRAME_BYTES)]
        try:
            async with grpc.aio.insecure_channel(self.address, options=options) as channel:
                call = channel.stream_unary(
                    METHOD, request_serializer=_identity, response_deserializer=_identity
                )(metadata=((TOKEN_METADATA, self.token),))
                writes: asyncio.Task[None] = asyncio.create_task(self._write(call))
                await asyncio.wait({writes, asyncio.ensure_future(call)},
                                   return_when=asyncio.FIRST_COMPLETED)  # fmt: skip
                writes.cancel()
                call.cancel()
        except Exception as exc:  # noqa: BLE001 - the peer is gone or unreachable
            log.debug("link to %s ended: %r", self.address, exc)
        self._broken("the stream ended")

    async def _write(self, call: Any) -> None:
        while self.up:
            while self._queue:
                await asyncio.wait_for(call.write(self._queue.popleft()), WRITE_TIMEOUT_S)
            self._wake.clear()
            await self._wake.wait()

    def leftovers(self) -> list[Message]:
        """What was queued and not written when the link went down (for the bus to send)."""
        out = [json.loads(frame) for frame in self._queue]
        self._queue.clear()
        return out

    def _broken(self, why: str) -> None:
        if self.up:
            self.up = False
            log.debug("link to %s down: %s", self.address, why)
            self.on_broken(self)

    async def close(self) -> None:
        """Stop the link."""
        self.up = False
        self._wake.set()
        self._task.cancel()
        with contextlib.suppress(BaseException):
            await self._task
