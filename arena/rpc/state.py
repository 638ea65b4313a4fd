"""What a referee server holds: its settings, the bot sessions, running and finished matches."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.core import MatchRecord
from arena.errors import BotError, ConfigError, StoreError
from arena.game import check_player_count, parse_options
from arena.players import Player
from arena.referee import Clock, play_match
from arena.registry import get_game, list_games
from arena.rpc.convert import wire_module
from arena.rpc.hosting import TournamentHost
from arena.rpc.remote_player import RemotePlayer
from arena.rpc.sessions import SessionRegistry, SessionSettings
from arena.rpc.status import BotBusyError, MatchExistsError, MatchNotFoundError, NoDatabaseError
from arena.store import Store, UnknownMatchError

log = logging.getLogger("arena.rpc.server")

MAX_MESSAGE_BYTES = 1 << 20  # 1 MiB: far above any view or decision, far below a memory problem


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """A referee server's settings."""

    clock: Clock = Clock()  # the default clock of PlayMatch calls that name none
    startup_timeout_s: float = 15.0  # how long PlayMatch waits for a named bot to connect
    max_message_bytes: int = MAX_MESSAGE_BYTES
    sessions: SessionSettings = field(default_factory=SessionSettings)


PlayerFactory = Callable[[str], Player]


class ServerState:
    """The bots connected to one server, the matches it plays and remembers, its database."""

    def __init__(self, config: ServerConfig | None = None, store: Store | None = None) -> None:
        self.config = config or ServerConfig()
        wired = [g.name for g in list_games() if wire_module(g.name) is not None]
        self.registry = SessionRegistry(wired, self.config.sessions)
        self.records: dict[str, MatchRecord] = {}  # finished PlayMatch matches, also stored
        self.running: dict[str, asyncio.Task[MatchRecord]] = {}
        self.player_factory: PlayerFactory = lambda name: RemotePlayer(self.registry, name)
        self.store = store
        self.host = (
            TournamentHost(store, self.registry, lambda name: self.player_factory(name))
            if store is not None
            else None
        )

    def require_store(self) -> Store:
        """The server's database (NoDatabaseError when it runs without one)."""
        if self.store is None:
            raise NoDatabaseError("this server runs without a database (start it with --db)")
        return self.store

    def require_host(self) -> TournamentHost:
        """What plays this server's tournaments (NoDatabaseError without a database)."""
        self.require_store()
        assert self.host is not None  # created with the store
        return self.host

    def record(self, match_id: str) -> MatchRecord:
        """A finished match by id, from memory, else from the database (MatchNotFoundError)."""
        if match_id in self.records:
            return self.records[match_id]
        if self.store is not None:
            try:
                return self.store.match(match_id)
            except UnknownMatchError:
                pass
        raise MatchNotFoundError(f"no finished match {match_id!r} on this server")

    async def play(
        self,
        game_name: str,
        options: Mapping[str, Any],
        seed: int,
        bots: Sequence[str],
        *,
        clock: Clock | None = None,
        match_id: str | None = None,
        store: bool = True,
    ) -> MatchRecord:
        """Play a match between connected bots (waiting for them to connect) and keep its record.

        With a database and `store`, the record is also stored there, outside any tournament.
        """
        game = get_game(game_name)
        if game.name not in self.registry.known_games:
            raise ConfigError(
                f"{game.name} has no wire format yet, so bots cannot play it remotely"
            )
        check_player_count(game, len(bots))
        parsed = parse_options(game, options)
        if seed < 0:
            raise ConfigError("the seed must be zero or positive")
        match_id = match_id or uuid.uuid4().hex[:12]
        store = store and self.store is not None
        if match_id in self.records or match_id in self.running:
            raise MatchExistsError(f"match {match_id!r} exists already")
        if store and self.require_store().has_match(match_id):
            raise MatchExistsError(f"match {match_id!r} is already stored in the database")
        await self._check_bots(game.name, bots)
        players = [self.player_factory(name) for name in bots]
        task = asyncio.create_task(
            play_match(
                game, parsed, seed, players, clock=clock or self.config.clock, match_id=match_id
            )
        )
        self.running[match_id] = task
        task.add_done_callback(lambda t: self._finished(match_id, t, store=store))
        log.info("match %s started: %s seed %d, %s", match_id, game.name, seed, ", ".join(bots))
        # A caller that goes away does not stop the match: its record is kept for GetMatch.
        return await asyncio.shield(task)

    async def _check_bots(self, game: str, bots: Sequence[str]) -> None:
        for name in dict.fromkeys(bots):
            try:
                session = await self.registry.wait_for(name, self.config.startup_timeout_s)
            except TimeoutError:
                connected = ", ".join(self.registry.names()) or "none"
                raise BotError(
                    f"bot {name!r} did not connect within {self.config.startup_timeout_s:g} s "
                    f"(connected: {connected})"
                ) from None
            if game not in session.games:
                raise ConfigError(
                    f"bot {name!r} does not play {game} (it plays {', '.join(session.games)})"
                )
            if len(session.active) >= session.max_matches:
                raise BotBusyError(f"bot {name!r} already plays {len(session.active)} matches")

    def _finished(self, match_id: str, task: asyncio.Task[MatchRecord], *, store: bool) -> None:
        self.running.pop(match_id, None)
        if task.cancelled() or task.exception() is not None:
            log.error(
                "match %s failed: %r", match_id, None if task.cancelled() else task.exception()
            )
            return
        record = task.result()
        self.records[match_id] = record
        if store and self.store is not None:
            try:
                self.store.save_match(record)  # one transaction, as a tournament's matches
            except StoreError as exc:  # kept in memory all the same: GetMatch still finds it
                log.error("match %s not stored: %s", match_id, exc)
        outcome = record.outcome
        log.info(
            "match %s ended (%s%s): ranks %s, scores %s",
            match_id,
            outcome.termination.value,
            f", {outcome.detail}" if outcome.detail else "",
            list(outcome.ranks),
            list(outcome.scores),
        )

    async def shutdown(self) -> None:
        """Stop tournament runs, cancel running matches and close every session."""
        # Tournaments first: their matches in flight must be cancelled (left unstored and
        # resumable), not ended as disconnects by the closing sessions and stored.
        if self.host is not None:
            await self.host.shutdown()
        for task in list(self.running.values()):
            task.cancel()
        self.registry.close_all("the server is shutting down")
