"""What a referee server holds: its settings, access rules, bot sessions and running matches.

Memory stays bounded: a finished match is handed to the database and forgotten; only matches
that are not stored (no database, or the caller stores them) stay in a small recent cache.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from arena.app.access import AccessPolicy, Caller
from arena.core.game import check_player_count, options_to_dict, parse_options
from arena.core.players import Player
from arena.core.registry import get_game, list_games
from arena.core.values import MatchRecord
from arena.errors import (
    BotBusyError,
    BotError,
    ConfigError,
    MatchExistsError,
    NoDatabaseError,
    StoreError,
)
from arena.match.clock import Clock
from arena.match.limits import (
    DEFAULT_STREAMS_PER_CONNECTION,
    ServerLimits,
    check_match_id,
    check_name,
    check_options,
    check_seed,
)
from arena.match.referee import play_match
from arena.rpc.server.auth_limits import FailureLimiter
from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.catalog import tournament_to_pb
from arena.rpc.server.hosting import TournamentHost, check_connected
from arena.rpc.server.remote_player import RemotePlayer
from arena.rpc.server.sessions import SessionSettings
from arena.rpc.server.watching import MatchHeader, WatchHub, WatchSettings
from arena.rpc.server.workers.mesh import Mesh
from arena.rpc.wire.convert import game_wire
from arena.rpc.wire.protocol import MAX_MESSAGE_BYTES
from arena.store import Store
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.listen")

RECENT_RECORDS = 256  # unstored finished matches kept for GetMatch
CREDENTIALS_POLL_S = 1.0  # how soon a revoked token's live sessions end


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """A referee server's settings."""

    clock: Clock = Clock()  # the default clock of PlayMatch calls that name none
    startup_timeout_s: float = 15.0  # how long PlayMatch, CreateTournament wait for a bot
    max_message_bytes: int = MAX_MESSAGE_BYTES
    sessions: SessionSettings = field(default_factory=SessionSettings)
    limits: ServerLimits = field(default_factory=ServerLimits)
    recent_records: int = RECENT_RECORDS
    watch: WatchSettings = field(default_factory=WatchSettings)
    max_streams: int = DEFAULT_STREAMS_PER_CONNECTION  # concurrent calls on one connection


PlayerFactory = Callable[[str], Player]


class ServerState:
    """The bots connected to one server, the matches it plays, its database and access rules."""

    def __init__(
        self,
        config: ServerConfig | None = None,
        store: Store | None = None,
        access: AccessPolicy | None = None,
    ) -> None:
        self.config = config or ServerConfig()
        self.store = store
        self.access = access or AccessPolicy(None)
        wired = [g.name for g in list_games() if game_wire(g.name) is not None]
        self.registry = SessionRegistry(wired, self.config.sessions, self._authenticate_bot)
        self.recent: OrderedDict[str, MatchRecord] = OrderedDict()  # unstored, newest last
        self.running: dict[str, asyncio.Task[MatchRecord]] = {}
        self._reserved: set[str] = set()  # ids of matches being set up or running
        self.player_factory: PlayerFactory = lambda name: RemotePlayer(self.registry, name)
        self.watch = WatchHub(self.config.watch)
        self.background: list[asyncio.Task[None]] = []  # the server's own tasks (shutdown ends)
        self.failures = FailureLimiter()  # back-off for wrong credentials, per guessed name
        self._recovering: set[asyncio.Task[list[int]]] = set()
        self.host = (
            TournamentHost(
                store,
                self.registry,
                lambda name: self.player_factory(name),
                self.watch,
                startup_timeout_s=self.config.startup_timeout_s,
            )
            if store is not None
            else None
        )
        self.mesh: Mesh | None = None  # the other workers of this referee (join_workers)
        self.worker_id = ""  # this worker's id in the mesh, known before it listens

    async def join_workers(self, worker_id: str | None = None) -> Mesh:
        """Work with the other referee processes on the same PostgreSQL database: bots,
        tournaments and watch streams are shared through its notifications."""
        from arena.rpc.server.workers.bus import PgBus

        store = self.require_store()
        self.worker_id = worker_id or self.worker_id or Mesh.new_worker_id()
        bus = PgBus(store.engine, self.worker_id)
        mesh = Mesh(bus, self.registry, self.watch)
        await mesh.start()
        self.mesh = mesh
        host = self.host
        if host is not None:

            def recover(_worker: str) -> None:
                task = asyncio.create_task(host.recover())
                self._recovering.add(task)
                task.add_done_callback(self._recovering.discard)

            mesh.on_peer_gone.append(recover)
        return mesh

    def _authenticate_bot(self, name: str, token: str) -> bool | None:
        """None on an open server (no credentials); else whether the token is the bot's."""
        if not self.access.secured():
            return None
        return self.access.bot_may_connect(name, token)

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

    async def watch_credentials(self) -> None:
        """Until cancelled: when a token is revoked or rotated, end its live sessions at once
        (within CREDENTIALS_POLL_S); a secured server stays secured when the last one goes."""
        last = await asyncio.to_thread(self.access.fingerprint)
        while True:
            await asyncio.sleep(CREDENTIALS_POLL_S)
            try:
                now = await asyncio.to_thread(self.access.fingerprint)
                if now == last:
                    continue
                last = now
                await asyncio.to_thread(self.access.secured)  # stays secured once it was
                revoked = await asyncio.to_thread(self._revoked, self.registry.credentialed())
            except StoreError as exc:  # a database hiccup: keep watching
                log.warning("credentials not checked: %s", exc)
                continue
            for name in revoked:
                log.info("bot %s: its token was revoked or rotated, session ended", name)
            self.registry.close_revoked(revoked)

    def _revoked(self, connected: list[tuple[str, str]]) -> list[str]:
        """The connected bots whose token is no longer their active one (blocking)."""
        return [name for name, token in connected if not self.access.bot_still_valid(name, token)]

    def tournament_pb(self, tid: int, caller: Caller | None = None) -> pb.Tournament:
        """A tournament's report as the caller may see it (None: the public), with what this
        server's run of it knows (blocking)."""
        store = self.require_store()
        if self.host is None:
            return tournament_to_pb(store, tid, caller=caller)
        run = self.host.run_info(tid)
        return tournament_to_pb(store, tid, run.error, run.away, run.withdrawn, caller)

    def recent_record(self, match_id: str) -> MatchRecord | None:
        """A finished, unstored match still in memory."""
        return self.recent.get(match_id)

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

        With a database and `store`, the record is stored there, outside any tournament, and not
        kept in memory; otherwise it stays in the recent cache for GetMatch.
        """
        game = get_game(game_name)
        if game.name not in self.registry.known_games:
            raise ConfigError(
                f"{game.name} has no wire format yet, so bots cannot play it remotely"
            )
        check_player_count(game, len(bots))
        for name in bots:
            check_name("bot name", name)
        check_options(options)
        parsed = parse_options(game, options)
        check_seed(seed)
        if match_id:
            check_match_id(match_id)
        match_id = match_id or uuid.uuid4().hex[:12]
        # A caller that stores the record itself names it in its own database; on this server
        # (and to the bots, who key matches by id) it runs under an id no other caller can take.
        caller_stores = not store
        wire_id = f"{match_id}.{uuid.uuid4().hex[:8]}" if caller_stores else match_id
        store = store and self.store is not None
        if wire_id in self._reserved or wire_id in self.recent:
            raise MatchExistsError(f"match {match_id!r} exists already")
        self._reserved.add(wire_id)  # from here on no other call can take this id
        try:
            if store and await asyncio.to_thread(self.require_store().has_match, match_id):
                raise MatchExistsError(f"match {match_id!r} is already stored in the database")
            await self._check_bots(game.name, bots)
        except BaseException:
            self._reserved.discard(wire_id)
            raise
        players = [self.player_factory(name) for name in bots]
        clock = clock or self.config.clock
        # Spectators know a match by the id its caller gave, even when it runs under another.
        watch_id = wire_id if self.watch.feed(match_id) else match_id
        header = MatchHeader(watch_id, game.name, options_to_dict(parsed), tuple(bots), clock)
        on_event = self.watch.sink(header, game)
        task = asyncio.create_task(
            play_match(
                game, parsed, seed, players, clock=clock, match_id=wire_id, on_event=on_event
            )
        )
        self.running[wire_id] = task

        def forget(_task: asyncio.Task[MatchRecord]) -> None:
            self.running.pop(wire_id, None)
            self._reserved.discard(wire_id)
            self.watch.forget(watch_id)  # a cancelled match never sent its end

        task.add_done_callback(forget)
        log.info("match %s started: %s, %s", wire_id, game.name, ", ".join(bots))
        # A caller that goes away does not stop the match: its record is still kept.
        record = await asyncio.shield(self._finish(task, store=store))
        return replace(record, match_id=match_id) if caller_stores else record

    async def _finish(self, task: asyncio.Task[MatchRecord], *, store: bool) -> MatchRecord:
        record = await task
        if store and self.store is not None:
            try:  # one transaction, as a tournament's matches; off the event loop
                await asyncio.to_thread(self.store.save_match, record)
            except StoreError as exc:  # kept in memory all the same: GetMatch still finds it
                log.error("match %s not stored: %s", record.match_id, exc)
                self._remember(record)
        else:
            self._remember(record)
        outcome = record.outcome
        log.info(
            "match %s ended (%s): ranks %s",
            record.match_id,
            outcome.termination.value,
            list(outcome.ranks),
        )
        return record

    def _remember(self, record: MatchRecord) -> None:
        self.recent[record.match_id] = record
        self.recent.move_to_end(record.match_id)
        while len(self.recent) > self.config.recent_records:
            self.recent.popitem(last=False)

    async def _check_bots(self, game: str, bots: Sequence[str]) -> None:
        """Wait for each bot to connect, then the checks every match of this server makes
        (hosting.check_connected), then that none is at its capacity."""
        names = list(dict.fromkeys(bots))
        for name in names:
            try:
                await self.registry.wait_for_seat(name, self.config.startup_timeout_s)
            except TimeoutError:
                connected = ", ".join(self.registry.seat_names()) or "none"
                raise BotError(
                    f"bot {name!r} did not connect within {self.config.startup_timeout_s:g} s "
                    f"(connected: {connected})"
                ) from None
        capacity = check_connected(self.registry, game, names)
        for name in names:
            session = self.registry.seat(name)
            if session is None:
                continue
            busy = len(session.active)  # here, and on the other workers' own streams
            busy += self.mesh.active_elsewhere(name, session.active) if self.mesh else 0
            if busy >= capacity[name]:
                raise BotBusyError(f"bot {name!r} already plays {busy} matches")

    async def shutdown(self) -> None:
        """Stop tournament runs, cancel running matches and close every session."""
        if self.mesh is not None:
            registry = self.registry
            log.info(
                "seats taken by this worker's matches: %d local, %d relayed from another worker",
                registry.seats_local,
                registry.seats_relayed,
            )
        # Watch streams first: each ends saying the server shuts down (not as its match is
        # cancelled, nor as its tournament is interrupted).
        self.watch.close()
        # Tournaments next: their matches in flight must be cancelled (left unstored and
        # resumable), not ended as disconnects by the closing sessions and stored.
        for own in self.background:
            own.cancel()
        if self.host is not None:
            await self.host.shutdown()
        for task in list(self.running.values()):
            task.cancel()
        self.registry.close_all("the server is shutting down")
        if self.mesh is not None:
            await self.mesh.stop()
