"""`arena check-bot`: drive one bot through the compliance checklist and report line by line.

Two targets: a bot command that this process launches against its own embedded referee (every
check), or a bot already connected to a running server (`--server`), checked through
ArenaService with self-play matches (the checks that need control of the server are skipped).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from arena.compliance.verdicts import CheckResult
from arena.core.game import parse_options
from arena.core.players import Player
from arena.core.registry import get_game
from arena.core.values import MatchRecord
from arena.errors import ArenaError, BotError
from arena.match.clock import Clock
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match
from arena.match.strategies import make_policy
from arena.rpc.client.arena_client import ArenaClient
from arena.rpc.embedded import EmbeddedReferee
from arena.rpc.server.sessions import SessionClosed
from arena.v1 import arena_pb2 as pb

DEFAULT_NAME = "checked-bot"
MAX_PARALLEL = 4  # "several matches at once" plays min(Hello.max_matches, this) matches
SETTLE_S = 0.3  # after a match, time for a bot that mishandles MatchEnded to fall over
ALIVE_WAIT_S = 3.0  # before a step, how long a briefly disconnected bot may take to come back
REMOTE_POLL_S = 0.2
# A reconnect gets more time than a first connect: bots back off (the SDK doubles up to 10 s).
RECONNECT_FACTOR = 1.7
UNKNOWN_PING_NONCE = 424242

Report = Callable[[CheckResult], None]


@dataclass(frozen=True, slots=True)
class CheckSettings:
    """What the checklist runs: the bot's name, which games, the clock and seeds."""

    name: str = DEFAULT_NAME
    games: tuple[str, ...] = ()  # empty: every game the bot claims
    per_move_ms: int = 1000
    seed: int = 1
    connect_timeout_s: float = 15.0
    reconnect_timeout_s: float = 25.0  # the Python SDK's backoff reaches 10 s

    @property
    def clock(self) -> Clock:
        """The clock of every check match: a budget per decision and no time bank."""
        return Clock(per_move_ms=self.per_move_ms)


@dataclass(frozen=True, slots=True)
class BotHello:
    """What the server knows of the connected bot."""

    name: str
    games: tuple[str, ...]
    max_matches: int
    version: str
    session_id: str


class Target(Protocol):
    """Where the checked bot plays; None / False answers mean "cannot tell here"."""

    name: str
    controls_server: bool  # can drop streams, inject messages and count stray decisions

    async def hello(self) -> BotHello | None:
        """The bot's current connection, or None when it is not connected."""
        ...

    async def wait_connected(self, timeout_s: float) -> BotHello | None:
        """The bot's connection, waiting up to `timeout_s` for one."""
        ...

    async def play(self, game: str, count: int, seat: int, seed: int) -> MatchRecord:
        """One match of `count` players with the bot in `seat` (ArenaError if it cannot start)."""
        ...

    async def connected_names(self) -> list[str]:
        """The names of every bot connected now (to say who did connect)."""
        ...

    async def stray_decisions(self) -> int:
        """Decisions the bot sent for request ids the server never sent."""
        ...

    async def send_unknown(self) -> None:
        """Send messages carrying fields this protocol version does not define."""
        ...

    async def drop(self) -> None:
        """End the bot's stream from the server side (and be ready for a reconnect)."""
        ...


class EmbeddedTarget:
    """A bot launched by us, on our own referee: seats beside it are random in-process bots."""

    controls_server = True

    def __init__(self, referee: EmbeddedReferee, settings: CheckSettings) -> None:
        self.referee = referee
        self.settings = settings
        self.name = settings.name
        self._matches = 0

    async def hello(self) -> BotHello | None:
        """The bot's live session."""
        session = self.referee.state.registry.get(self.name)
        if session is None:
            return None
        return BotHello(
            session.name, session.games, session.max_matches, session.version, session.session_id
        )

    async def wait_connected(self, timeout_s: float) -> BotHello | None:
        """Wait for the bot's session."""
        try:
            await self.referee.state.registry.wait_for(self.name, timeout_s)
        except TimeoutError:
            return None
        return await self.hello()

    async def play(self, game: str, count: int, seat: int, seed: int) -> MatchRecord:
        """Play on the embedded referee."""
        rules = get_game(game)
        self._matches += 1
        players: list[Player] = [
            PolicyPlayer(f"random-{i}", make_policy(rules.name, "random", seed + i))
            for i in range(count)
        ]
        players[seat] = self.referee.player(self.name)
        return await play_match(
            rules,
            parse_options(rules, {}),
            seed,
            players,
            clock=self.settings.clock,
            match_id=f"check-{self._matches}",
        )

    async def connected_names(self) -> list[str]:
        """The embedded registry's connected bots."""
        return self.referee.connected()

    async def stray_decisions(self) -> int:
        """The server session's count of decisions for request ids it never sent."""
        session = self.referee.state.registry.get(self.name)
        return session.unknown_ids if session is not None else 0

    async def send_unknown(self) -> None:
        """A message of an unknown kind, then a Ping with an unknown field."""
        session = self.referee.state.registry.get(self.name)
        if session is None:
            raise BotError(f"bot {self.name!r} is not connected")
        try:
            for message in unknown_messages():
                session.send(message)  # queued for the stream's writer
        except SessionClosed as exc:  # it fell over at the first one already
            raise BotError(f"the bot's connection ended as they arrived ({exc})") from None

    async def drop(self) -> None:
        """Restart the referee server on the same port."""
        await self.referee.restart_server()


class RemoteTarget:
    """A bot connected to a running server: self-play matches through ArenaService.PlayMatch."""

    controls_server = False

    def __init__(self, address: str, settings: CheckSettings) -> None:
        self.address = address
        self.settings = settings
        self.name = settings.name
        self.client = ArenaClient(address)  # one channel for every check (close() ends it)

    async def close(self) -> None:
        """Close the client's channel."""
        await self.client.close()

    async def hello(self) -> BotHello | None:
        """The bot as ListBots shows it."""
        for bot in await self.client.list_bots():
            if bot.name == self.name:
                return BotHello(
                    bot.name, tuple(bot.games), bot.max_matches, bot.version, bot.session_id
                )
        return None

    async def wait_connected(self, timeout_s: float) -> BotHello | None:
        """Poll ListBots until the bot shows up (the server may still be starting)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while True:
            try:
                found = await self.hello()
            except ArenaError:  # not reachable (yet): only the last attempt's error counts
                if loop.time() >= deadline:
                    raise
                found = None
            if found is not None or loop.time() >= deadline:
                return found
            await asyncio.sleep(REMOTE_POLL_S)

    async def play(self, game: str, count: int, seat: int, seed: int) -> MatchRecord:
        """The bot in every seat (the server's other bots are not ours to use)."""
        return await self.client.play_match(
            game,
            [self.name] * count,
            seed=seed,
            clock=self.settings.clock,
            match_id=f"check-{uuid.uuid4().hex[:10]}",
            store=False,
        )

    async def connected_names(self) -> list[str]:
        """ListBots' names."""
        return [bot.name for bot in await self.client.list_bots()]

    async def stray_decisions(self) -> int:
        """Not visible through ArenaService."""
        raise NotImplementedError

    async def send_unknown(self) -> None:
        """Not possible on somebody else's server."""
        raise NotImplementedError

    async def drop(self) -> None:
        """Not possible on somebody else's server."""
        raise NotImplementedError


def unknown_messages() -> list[pb.ServerMessage]:
    """ServerMessages with fields from a "future" protocol: a bot must skip what it does not know.

    Built from raw wire bytes, so the unknown fields survive parsing and are sent as they are.
    """
    note = _field(1, b"a message kind from a newer server")
    future_kind = pb.ServerMessage.FromString(_field(100, note))
    ping_body = pb.Ping(nonce=UNKNOWN_PING_NONCE).SerializeToString() + _field(15, b"new field")
    return [future_kind, pb.ServerMessage.FromString(_field(5, ping_body))]


def _field(number: int, payload: bytes) -> bytes:
    """A length-delimited protobuf field."""
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)
