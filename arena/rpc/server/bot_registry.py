"""The registry of connected bots: who may connect under which name, and waiting for a bot."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections.abc import Awaitable, Callable, Collection, Iterable
from typing import Any, Protocol

from arena.errors import (
    MalformedMessageError,
    NameTakenError,
    ProtocolError,
    TokenError,
    TooManyBotsError,
)
from arena.match.limits import check_hello_fields, check_max_matches, check_text
from arena.rpc.server.sessions import BotSession, CloseKind, Seatable, SessionSettings
from arena.rpc.wire.protocol import PROTOCOL_VERSION
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.listen")

MAX_INSTANCE_CHARS = 64  # Hello.instance_id
MAX_BOUND_NAMES = 10_000  # names an open (credential-less) server remembers the tokens of
NAME_GRACE_S = 30.0  # an open server keeps a name for its token this long after it leaves

BotAuthenticator = Callable[[str, str], "bool | None"]
"""(name, token) -> may this bot connect under this name, or None on a server without
credentials (open rules apply); may block (a database look-up)."""


class Elsewhere(Protocol):
    """The bots other workers of the same referee hold (arena/rpc/server/workers/mesh.py)."""

    def seat(self, name: str) -> Seatable | None:
        """A session to seat a bot another worker holds (None if none does)."""

    def names(self) -> list[str]:
        """The bots other workers hold."""

    def infos(self) -> list[pb.BotInfo]:
        """The bots other workers hold, as ListBots shows them."""

    def active_elsewhere(self, name: str, known: Collection[str] = ()) -> int:
        """The matches other workers play with this bot, but those in `known`."""


def same_run(a: BotSession, instance_id: str, token: str) -> bool:
    """A stream of the same running bot as session `a` (the same token and the same non-empty
    Hello.instance_id): a sibling, kept beside it, never a replacement."""
    return (
        bool(instance_id)
        and a.instance_id == instance_id
        and hmac.compare_digest(a.token.encode(), token.encode())
    )


class SessionRegistry:
    """The connected bots by name, who may use which name, and waiting for a bot to connect.

    Who may connect under a name, in order: a per-launch token the embedded referee expects;
    else, on a server with credentials, the authenticator (a registered bot's token); else (an
    open server, loopback only) the first token a name was used with binds it until restart,
    and an empty token never replaces a connected bot.

    A bot has one seated session here per name. A second stream of the same run (same token,
    same Hello.instance_id: an SDK bot opening one stream per worker that landed twice on this
    one, or reconnecting before its old stream was seen to end) is kept as a spare behind it
    and takes the seat when the older one ends; the bot leaves only with its last stream.
    """

    def __init__(
        self,
        known_games: Iterable[str],
        settings: SessionSettings | None = None,
        authenticator: BotAuthenticator | None = None,
    ) -> None:
        self.known_games = tuple(sorted(known_games))
        self.settings = settings or SessionSettings()
        self.authenticator = authenticator
        self._sessions: dict[str, BotSession] = {}  # the seated session of each name
        self._spares: dict[str, list[BotSession]] = {}  # newer streams of the same run
        self._tokens: dict[str, str] = {}  # per-launch tokens of the embedded referee
        # open server: name -> (token it is held with, when its last session left or None)
        self._bound: dict[str, tuple[str, float | None]] = {}
        self._changed = asyncio.Condition()
        self._notifying: set[asyncio.Future[None]] = set()
        # called with (name, connected) when a bot connects here or its last session leaves
        self.listeners: list[Callable[[str, bool], None]] = []
        # called with (name, seatable) when a bot can be seated, here or elsewhere, or not
        self.seat_listeners: list[Callable[[str, bool], None]] = []
        self.elsewhere: Elsewhere | None = None  # the other workers, if any
        self.seats_local = 0  # seats taken by this worker's matches on a stream held here...
        self.seats_relayed = 0  # ...and through another worker's stream (relay.py)

    def expect(self, name: str, token: str) -> None:
        """Only accept a bot called `name` if it presents `token`."""
        self._tokens[name] = token

    def get(self, name: str) -> BotSession | None:
        """The live session of that bot, if connected."""
        session = self._sessions.get(name)
        if session is not None and not session.closed:
            return session
        return next((s for s in self._spares.get(name, ()) if not s.closed), None)

    def seat(self, name: str) -> Seatable | None:
        """The bot's session to seat it in a match: here, else on another worker."""
        local = self.get(name)
        if local is not None or self.elsewhere is None:
            return local
        return self.elsewhere.seat(name)

    def take_seat(self, name: str, match_id: str) -> Seatable | None:
        """`seat`, for a match about to seat the bot: counted as local or relayed (the relay
        is the fallback for a bot with no stream on this worker)."""
        local = self.get(name)
        if local is not None:
            self.seats_local += 1
            return local
        remote = self.elsewhere.seat(name) if self.elsewhere is not None else None
        if remote is not None:
            self.seats_relayed += 1
            log.info("bot %s seated in match %s through another worker (relayed)", name, match_id)
        return remote

    def seat_names(self) -> list[str]:
        """Every bot that can be seated (here or on another worker), sorted."""
        elsewhere = self.elsewhere.names() if self.elsewhere is not None else []
        return sorted({*self.names(), *elsewhere})

    def listed(self) -> list[pb.BotInfo]:
        """The connected bots (here and on the other workers) as ListBots shows them."""
        here = [s.info() for s in self.sessions()]
        if self.elsewhere is None:
            return here
        for info, session in zip(here, self.sessions(), strict=True):
            info.active_matches += self.elsewhere.active_elsewhere(info.name, session.active)
        names = {b.name for b in here}
        there = [b for b in self.elsewhere.infos() if b.name not in names]
        return sorted([*here, *there], key=lambda b: b.name)

    def seat_changed(self, name: str) -> None:
        """A bot became seatable or stopped being so (another worker said): tell who waits."""
        seatable = self.seat(name) is not None
        for listener in list(self.seat_listeners):
            listener(name, seatable)
        task = asyncio.ensure_future(self._notify())
        self._notifying.add(task)
        task.add_done_callback(self._notifying.discard)

    def names(self) -> list[str]:
        """The connected bots' names, sorted."""
        return sorted(name for name, s in self._sessions.items() if not s.closed)

    def sessions(self) -> list[BotSession]:
        """The live sessions, by name."""
        return [self._sessions[name] for name in self.names()]

    def check_hello(self, hello: pb.Hello) -> tuple[str, ...]:
        """Validate a Hello's fields; returns the games the bot will play (ArenaError if bad)."""
        from arena.core.registry import get_game

        if hello.protocol_version not in (0, PROTOCOL_VERSION):
            raise ProtocolError(
                f"protocol version {hello.protocol_version} is not supported "
                f"(this server speaks {PROTOCOL_VERSION})"
            )
        check_hello_fields(hello.name, hello.token, hello.version, list(hello.games))
        check_max_matches(hello.max_matches)
        check_text("instance_id", hello.instance_id, MAX_INSTANCE_CHARS)
        if not hello.games:
            return self.known_games
        named = dict.fromkeys(get_game(g).name for g in hello.games)  # NOT_FOUND if unknown
        playable = tuple(g for g in named if g in self.known_games)
        if not playable:
            raise MalformedMessageError(
                f"none of {', '.join(named)} can be played on this server "
                f"(it plays {', '.join(self.known_games)})"
            )
        return playable

    async def _check_identity(self, hello: pb.Hello) -> None:
        name, token = hello.name, hello.token
        expected = self._tokens.get(name)
        if expected is not None:
            if not hmac.compare_digest(token.encode(), expected.encode()):
                raise TokenError(f"wrong token for bot {name!r}")
            return
        allowed = None
        if self.authenticator is not None:
            allowed = await asyncio.to_thread(self.authenticator, name, token)
        if allowed is not None:
            if not allowed:
                raise TokenError(
                    f"bot {name!r} is not registered here or its token is wrong or revoked "
                    "(the organizer registers bots with `arena bot add NAME`)"
                )
            return
        self._expire_bindings()
        bound = self._bound.get(name)
        if bound is not None and token != bound[0]:
            raise NameTakenError(
                f"the name {name!r} is held by another bot on this server (it connected with "
                f"another token; a name is kept {NAME_GRACE_S:g} s after its bot leaves)"
            )
        connected = self.get(name)
        if connected is not None and not token and not same_run(connected, hello.instance_id, ""):
            raise NameTakenError(
                f"a bot named {name!r} is connected already; a bot without a token cannot "
                "replace it (give a token to take over an old connection of your own)"
            )
        if bound is None and len(self._bound) >= MAX_BOUND_NAMES:
            raise TooManyBotsError("this server holds too many bot names; try again later")
        self._bound[name] = (token, None)

    def _expire_bindings(self) -> None:
        now = time.monotonic()
        for name, (_token, left) in list(self._bound.items()):
            if left is not None and now - left > NAME_GRACE_S:
                del self._bound[name]

    async def admit(
        self, hello: pb.Hello, write: Callable[[pb.ServerMessage], Awaitable[Any]]
    ) -> BotSession:
        """Register a bot whose Hello passes the checks, replacing its older connection."""
        games = self.check_hello(hello)
        await self._check_identity(hello)
        old = self.get(hello.name)
        session = BotSession(
            name=hello.name,
            token=hello.token,
            games=games,
            max_matches=hello.max_matches or 1,
            version=hello.version,
            write=write,
            settings=self.settings,
            compact_legal_moves=hello.compact_legal_moves,
            instance_id=hello.instance_id,
        )
        if old is not None and same_run(old, hello.instance_id, hello.token):
            self._spares.setdefault(hello.name, []).append(session)  # the older one stays
            return session
        self.close_name(hello.name, "replaced by a newer connection of the same bot")
        self._sessions[hello.name] = session
        self._tell(hello.name, True)
        await self._notify()
        return session

    async def remove(self, session: BotSession, reason: str) -> None:
        """Forget a session whose stream ended."""
        session.close(reason)
        spares = self._spares.get(session.name, [])
        if session in spares:
            spares.remove(session)
        if not spares:
            self._spares.pop(session.name, None)
        if self._sessions.get(session.name) is session:
            del self._sessions[session.name]
            successor = next((s for s in spares if not s.closed), None)
            if successor is not None:  # a stream of the same run takes the seat
                spares.remove(successor)
                if not spares:
                    self._spares.pop(session.name, None)
                self._sessions[session.name] = successor
                await self._notify()
                return
            bound = self._bound.get(session.name)
            if bound is not None:
                self._bound[session.name] = (bound[0], time.monotonic())
            self._tell(session.name, False)
        await self._notify()

    def _tell(self, name: str, connected: bool) -> None:
        for listener in list(self.listeners):
            listener(name, connected)
        seatable = self.seat(name) is not None
        for listener in list(self.seat_listeners):
            listener(name, seatable)

    async def wait_for(self, name: str, timeout_s: float) -> BotSession:
        """The session of `name`, waiting up to `timeout_s` for it to connect (TimeoutError)."""
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: self.get(name) is not None), timeout_s
            )
        session = self.get(name)
        assert session is not None
        return session

    async def wait_for_seat(self, name: str, timeout_s: float) -> Seatable:
        """A session to seat `name` (here or on another worker), waiting up to `timeout_s`
        for the bot to connect (TimeoutError)."""
        async with self._changed:
            await asyncio.wait_for(
                self._changed.wait_for(lambda: self.seat(name) is not None), timeout_s
            )
        session = self.seat(name)
        assert session is not None
        return session

    def credentialed(self) -> list[tuple[str, str]]:
        """(name, token) of the live sessions admitted by a registered credential (the
        embedded referee's per-launch tokens are its launcher's, never revoked)."""
        return [(s.name, s.token) for s in self.sessions() if s.name not in self._tokens]

    def close_revoked(self, names: Iterable[str]) -> None:
        """End the sessions of bots whose token was revoked or rotated (UNAUTHENTICATED);
        their matches are adjudicated as disconnects."""
        for name in names:
            self.close_name(name, "its token was revoked or rotated", CloseKind.REVOKED)

    def close_name(self, name: str, reason: str, kind: CloseKind = CloseKind.REPLACED) -> None:
        """End every stream held here under `name` (the seated one and its spares)."""
        for session in [self._sessions.get(name), *self._spares.get(name, ())]:
            if session is not None:
                session.close(reason, kind)

    def close_all(self, reason: str) -> None:
        """Close every session (server shutdown)."""
        for name in {*self._sessions, *self._spares}:
            self.close_name(name, reason, CloseKind.DROPPED)

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()
