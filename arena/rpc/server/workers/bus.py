"""The workers' message bus: PostgreSQL LISTEN/NOTIFY over the store's own database.

Several referee processes that share one PostgreSQL database (`arena serve --workers N`, or
referees on several machines) tell each other which bots they hold, relay decisions, and fan
out watch streams through it. Nothing home-made travels between them but JSON notifications.

One connection listens, read by the event loop when its socket is readable (never blocking
it); another publishes, from a thread of its own that sends whatever is queued in one
transaction (so a burst costs one round trip). Notifications from one publisher arrive in the
order they were sent. A message longer than a notification may be (8000 bytes) travels in
parts, put back together by the receiver.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa

from arena.errors import ConfigError

log = logging.getLogger("arena.rpc.server.workers.bus")

MAX_PAYLOAD = 7_900  # PostgreSQL refuses a notification of 8000 bytes or more
MAX_PARTS = 1_024  # a message of at most ~8 MB; a bigger one is refused when sent
MAX_ASSEMBLING = 256  # messages in parts being put together at once (oldest dropped beyond)
BATCH = 64  # notifications sent in one transaction at most

Message = dict[str, Any]
Handler = Callable[[str, Message], None]


def channel_name(text: str) -> str:
    """A valid channel identifier (lower case letters, digits and underscores)."""
    return "".join(c if c.isalnum() else "_" for c in text.lower())[:63]


class PgBus:
    """LISTEN/NOTIFY on a PostgreSQL database: `publish` from the event loop, a handler per
    message received (called on the event loop)."""

    def __init__(self, engine: sa.Engine, sender: str) -> None:
        if engine.dialect.name != "postgresql":
            raise ConfigError("several referee workers need a PostgreSQL database (--db URL)")
        self.engine = engine
        self.sender = sender  # this worker's id: parts of its long messages carry it
        self.handler: Handler = lambda _channel, _message: None
        self.on_lost: Callable[[str], None] = lambda _why: None
        self._listener: Any = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outgoing: queue.SimpleQueue[tuple[str, str] | None] = queue.SimpleQueue()
        self._publisher: threading.Thread | None = None
        self._parts: dict[tuple[str, int], tuple[float, list[str | None]]] = {}
        self._part_ids = itertools.count(1)
        self.sent = 0
        self.received = 0
        self.closed = False

    def _connect(self) -> Any:
        """A DBAPI connection of the store's engine, out of its pool, in autocommit."""
        proxied = self.engine.raw_connection()
        conn = proxied.dbapi_connection
        proxied.detach()  # ours for good: LISTEN state must not go back to the pool
        assert conn is not None
        conn.autocommit = True
        return conn

    async def start(self, channels: list[str]) -> None:
        """Listen on `channels` and start the publisher."""
        self._loop = asyncio.get_running_loop()
        self._listener = await asyncio.to_thread(self._connect)
        publisher_conn = await asyncio.to_thread(self._connect)
        with self._listener.cursor() as cursor:
            for channel in channels:
                cursor.execute(f'LISTEN "{channel_name(channel)}"')
        with publisher_conn.cursor() as cursor:
            # Notifications are ephemeral: their transactions need not wait for the disk.
            cursor.execute("SET synchronous_commit = off")
        self._loop.add_reader(self._listener.fileno(), self._readable)
        self._publisher = threading.Thread(
            target=self._publish_loop, args=(publisher_conn,), name="arena-bus", daemon=True
        )
        self._publisher.start()

    def publish(self, channel: str, message: Message) -> None:
        """Queue one message for `channel` (never blocks; parts if it is long)."""
        if self.closed:
            return
        text = json.dumps(message, separators=(",", ":"))
        target = channel_name(channel)
        if len(text.encode()) <= MAX_PAYLOAD:
            self._outgoing.put((target, text))
            return
        size = MAX_PAYLOAD // 4  # characters: safe whatever their UTF-8 length (at most 4)
        chunks = [text[i : i + size] for i in range(0, len(text), size)]
        if len(chunks) > MAX_PARTS:
            log.error("a bus message of %d characters is too long: not sent", len(text))
            return
        part_id = next(self._part_ids)
        for index, chunk in enumerate(chunks):
            envelope = {"k": "part", "w": self.sender, "p": part_id, "i": index,
                        "n": len(chunks), "d": chunk}  # fmt: skip
            self._outgoing.put((target, json.dumps(envelope, separators=(",", ":"))))

    def _publish_loop(self, conn: Any) -> None:
        cursor = conn.cursor()
        stop = False
        while not stop:
            item = self._outgoing.get()
            if item is None:
                break
            batch = [item]
            while len(batch) < BATCH:
                try:
                    more = self._outgoing.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            calls = ", ".join(["pg_notify(%s, %s)"] * len(batch))
            try:
                cursor.execute(f"SELECT {calls}", [v for pair in batch for v in pair])
                self.sent += len(batch)
            except Exception as exc:  # noqa: BLE001 - the database is gone: say so once
                self._lost(f"publishing failed: {type(exc).__name__}: {exc}")
                break
        with contextlib.suppress(Exception):
            conn.close()

    def _readable(self) -> None:
        conn = self._listener
        try:
            conn.poll()
        except Exception as exc:  # noqa: BLE001 - the listening connection is lost
            self._lost(f"listening failed: {type(exc).__name__}: {exc}")
            return
        notifies = list(conn.notifies)
        conn.notifies.clear()
        for notify in notifies:
            self.received += 1
            try:
                message = json.loads(notify.payload)
            except ValueError:
                log.warning("an unreadable bus message on %s: ignored", notify.channel)
                continue
            if not isinstance(message, dict):
                continue
            if message.get("k") == "part":
                message = self._assemble(message)
                if message is None:
                    continue
            try:
                self.handler(notify.channel, message)
            except Exception:  # a bad message never stops the bus
                log.exception("bus message %r not handled", message.get("k"))

    def _assemble(self, part: Message) -> Message | None:
        """The whole message once its last part is in, else None."""
        try:
            key = (str(part["w"]), int(part["p"]))
            index, count, chunk = int(part["i"]), int(part["n"]), str(part["d"])
        except (KeyError, TypeError, ValueError):
            return None
        if not 0 <= index < count <= MAX_PARTS:
            return None
        started, chunks = self._parts.setdefault(key, (time.monotonic(), [None] * count))
        if len(chunks) != count:
            return None
        chunks[index] = chunk
        if any(c is None for c in chunks):
            while len(self._parts) > MAX_ASSEMBLING:
                self._parts.pop(next(iter(self._parts)))
            return None
        del self._parts[key]
        try:
            message = json.loads("".join(c or "" for c in chunks))
        except ValueError:
            return None
        return message if isinstance(message, dict) else None

    def _lost(self, why: str) -> None:
        if self.closed:
            return
        log.error("the workers' bus is lost: %s", why)
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.on_lost, why)

    async def close(self) -> None:
        """Send what is queued, stop listening and close both connections."""
        if self.closed:
            return
        self.closed = True
        self._outgoing.put(None)
        if self._publisher is not None:
            await asyncio.to_thread(self._publisher.join, 5.0)
        if self._listener is not None:
            if self._loop is not None:
                with contextlib.suppress(Exception):
                    self._loop.remove_reader(self._listener.fileno())
            with contextlib.suppress(Exception):
                self._listener.close()
