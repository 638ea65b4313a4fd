"""Which door a command goes through: the database (`--db`) or a running server (`--server`).

`arena(db, server)` opens the one interface of arena/app/door.py on either side: the database
through `LocalArena` (its holder's view), or the server through the organizer's client
(arena/client.py, which decodes the replies into the same values: the public view). A command
calls it and prints the value the same way, so both agree row for row. `run` runs a client
coroutine (a follow) with Ctrl-C seen at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine, Iterator
from typing import TYPE_CHECKING, Any, TypeVar

from arena.app import ladders
from arena.app.door import Arena, LocalArena
from arena.app.values import RatingChange

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.remote import Remote
    from arena.rpc.client.sync_client import SyncArenaClient

T = TypeVar("T")
STOP_WAIT_S = 2.0  # after Ctrl-C, how long a client coroutine may take to wind down


def remote_of(
    server: str, tls_ca: str | None = None, token: str | None = None, plaintext: bool = False
) -> Remote:
    """The Remote for a --server address (arena.rpc is imported only when one is given)."""
    from arena.rpc.client.remote import Remote

    return Remote.of(server, token, tls_ca, plaintext or None)


def run(
    coro: Coroutine[Any, Any, T],
    signals: tuple[signal.Signals, ...] = (signal.SIGINT,),
    stop_wait_s: float | None = STOP_WAIT_S,
    on: SyncArenaClient | None = None,
) -> T:
    """Run one coroutine to its end, or raise KeyboardInterrupt on Ctrl-C (`signals`).

    The signals are the event loop's own (`add_signal_handler`, with a wakeup fd), so the loop
    sees one at once whichever thread the kernel hands it to. asyncio.run's SIGINT handler has
    no wakeup fd: a Ctrl-C taken by one of gRPC's threads waited for the loop's next event, and
    a follower of a quiet stream (a bot thinking, a tournament between matches) for the next
    move or match. The coroutine is cancelled and given `stop_wait_s` to wind down (None: as
    long as it takes, as a tournament stopping its bots needs). Meanwhile the handlers from
    before are back: a second Ctrl-C stops the wait as asyncio.run's own handler does.

    `on`: run it on that client's event loop (its channel is bound to it), not a new one.
    """

    async def race() -> tuple[bool, T | None]:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        before: dict[signal.Signals, Any] = {}
        for sig in signals:
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                previous = signal.getsignal(sig)
                loop.add_signal_handler(sig, stop.set)  # the main thread only
                before[sig] = previous
        task = asyncio.ensure_future(coro)
        stopper = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({task, stopper}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for sig, previous in before.items():
                loop.remove_signal_handler(sig)
                if previous is not None:  # None: a handler not set from Python
                    signal.signal(sig, previous)
            stopper.cancel()
        if task.done():
            return False, task.result()
        task.cancel()
        await asyncio.wait({task}, timeout=stop_wait_s)
        if task.done() and not task.cancelled():
            task.exception()  # seen: a failure of the interrupted work is not reported
        return True, None

    interrupted, result = on.run(race()) if on is not None else asyncio.run(race())
    if interrupted:
        raise KeyboardInterrupt
    return result  # type: ignore[return-value]


def client(server: Remote) -> SyncArenaClient:
    """A blocking client of the server, for one command: one channel and one event loop for
    all its calls (grpc is imported only here)."""
    from arena.rpc.client.sync_client import SyncArenaClient

    return SyncArenaClient(server)


@contextlib.contextmanager
def arena(db: str | None, server: Remote | None) -> Iterator[Arena]:
    """The door a command reads through: the database (`--db`, never created by a read) or the
    server (`--server`), closed when the command is done."""
    door: Arena = LocalArena.open(db) if server is None else client(server)
    try:
        yield door
    finally:
        door.close()


def rating_history(
    door: Arena, game: str | None, bot: str, last: int | None
) -> tuple[str, list[RatingChange]]:
    """(the game, a bot's rated matches oldest first); ConfigError when it has none."""
    name, changes = door.get_rating_history(game, bot, last=last or 0)
    if not changes:
        raise ladders.no_history_error(bot, name, door.address)
    return name, changes


__all__ = ["arena", "client", "rating_history", "remote_of", "run"]
