"""SyncArenaClient: ArenaClient's methods, blocking, for scripts and the CLI.

One event loop (an asyncio.Runner in the calling thread) and so one channel serve every call
for the client's life; a stream is a plain iterator, read a message at a time. The loop is the
calling thread's own, so Ctrl-C reaches it at once (see arena/cli/sources.py: run), and code
already inside an event loop (a notebook, an async program) uses ArenaClient instead.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from types import TracebackType
from typing import Any, Concatenate, ParamSpec, Self, TypeVar

from arena.rpc.client.arena_client import ArenaClient
from arena.rpc.client.remote import CALL_TIMEOUT_S, Remote

P = ParamSpec("P")
T = TypeVar("T")


def _blocking(
    method: Callable[Concatenate[ArenaClient, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[SyncArenaClient, P], T]:
    """ArenaClient's `method`, run to its end on the client's loop."""

    @functools.wraps(method)
    def call(self: SyncArenaClient, /, *args: P.args, **kwargs: P.kwargs) -> T:
        return self.run(method(self.aio, *args, **kwargs))

    return call


def _iterating(
    method: Callable[Concatenate[ArenaClient, P], AsyncIterator[T]],
) -> Callable[Concatenate[SyncArenaClient, P], Iterator[T]]:
    """ArenaClient's stream `method`, as an iterator that reads one message per step."""

    @functools.wraps(method)
    def call(self: SyncArenaClient, /, *args: P.args, **kwargs: P.kwargs) -> Iterator[T]:
        return self._iterate(method(self.aio, *args, **kwargs))

    return call


async def _step(stream: AsyncIterator[T]) -> list[T]:
    """The stream's next message, or nothing at its end (a coroutine for Runner.run)."""
    try:
        return [await anext(stream)]
    except StopAsyncIteration:
        return []


class SyncArenaClient:
    """ArenaClient's methods, blocking, over one channel on one event loop of its own."""

    def __init__(
        self,
        server: str | Remote,
        *,
        token: str | None = None,
        tls_ca: str | None = None,
        allow_plaintext: bool | None = None,
        timeout_s: float = CALL_TIMEOUT_S,
    ) -> None:
        """As ArenaClient: an address (token and CA from the arguments or the environment)
        or a Remote."""
        self.aio = ArenaClient(
            server,
            token=token,
            tls_ca=tls_ca,
            allow_plaintext=allow_plaintext,
            timeout_s=timeout_s,
        )  # its channel lives on this client's loop
        self._runner = asyncio.Runner()
        self._closed = False

    def __repr__(self) -> str:
        return f"SyncArenaClient({self.aio.remote!r})"  # Remote's repr hides the tokens

    @property
    def remote(self) -> Remote:
        """The server and the credentials used with it."""
        return self.aio.remote

    @property
    def address(self) -> str:
        """The server's address."""
        return self.aio.address

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def close(self) -> None:
        """Close the channel and the event loop (the client cannot be used afterwards)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._runner.run(self.aio.close())
        finally:
            self._runner.close()

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine (one using `self.aio`, say) to its end on this client's loop."""
        if self._closed:
            coro.close()
            raise RuntimeError("this SyncArenaClient is closed")
        return self._runner.run(coro)

    def _iterate(self, stream: AsyncIterator[T]) -> Iterator[T]:
        try:
            while items := self.run(_step(stream)):
                yield items[0]
        finally:  # left early (break, an error): end the call on the server
            aclose = getattr(stream, "aclose", None)
            if aclose is not None and not self._closed:
                self._runner.run(aclose())

    list_games = _blocking(ArenaClient.list_games)
    list_bots = _blocking(ArenaClient.list_bots)
    play_match = _blocking(ArenaClient.play_match)
    get_match = _blocking(ArenaClient.get_match)
    get_replay = _blocking(ArenaClient.get_replay)
    list_matches = _iterating(ArenaClient.list_matches)
    watch_match = _iterating(ArenaClient.watch_match)
    create_tournament = _blocking(ArenaClient.create_tournament)
    get_tournament = _blocking(ArenaClient.get_tournament)
    list_tournaments = _blocking(ArenaClient.list_tournaments)
    cancel_tournament = _blocking(ArenaClient.cancel_tournament)
    resume_tournament = _blocking(ArenaClient.resume_tournament)
    delete_tournament = _blocking(ArenaClient.delete_tournament)
    watch_tournament = _iterating(ArenaClient.watch_tournament)
    get_leaderboard = _blocking(ArenaClient.get_leaderboard)
    get_rating_history = _blocking(ArenaClient.get_rating_history)
    get_stats = _blocking(ArenaClient.get_stats)


__all__ = ["SyncArenaClient"]
