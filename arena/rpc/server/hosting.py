"""Tournaments a server plays itself: CreateTournament stores one and runs it in the background.

The run is `arena tournament run`'s: the same store calls (one transaction per finished match,
ratings folded in fixture order), the same local runner and per-bot limit; only the players
differ: the bots connected to this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from arena.app.access import Caller
from arena.app.door import Deleted, LocalArena
from arena.app.owners import check_may_delete, check_may_manage, owner_of
from arena.app.publicity import moves_public
from arena.app.reports import AwayBot
from arena.app.running import create_tournament, play_tournament
from arena.app.tournaments import DEFAULT_RECONNECT_GRACE_MS, TournamentOrder, plan
from arena.core.players import Player
from arena.core.values import MatchRecord
from arena.errors import (
    ArenaError,
    BotError,
    ConfigError,
    TournamentBusyError,
    TournamentError,
)
from arena.match.clock import Clock
from arena.match.limits import ServerLimits
from arena.match.referee import EventSink
from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.watching import MatchHeader, WatchHub
from arena.rpc.wire.reports import request_from_pb
from arena.store import Store, StoredTournament
from arena.tournament import Fixture, TournamentSpec
from arena.tournament.entrants import AbsentPlayer, local_runner
from arena.tournament.formats import planned_matches
from arena.tournament.lease import runner_gone, runner_id
from arena.tournament.manage import game_and_options, spec_clock
from arena.tournament.presence import Presence
from arena.tournament.runner import MatchRunner, limit_per_bot
from arena.tournament.schedule import Status
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.listen")
RECOVER_POLL_S = 1.0  # how often a tournament left running checks for its bots


def order_from_pb(
    request: pb.CreateTournamentRequest, default_clock: Clock, limits: ServerLimits | None = None
) -> TournamentOrder:
    """Decode a CreateTournamentRequest and plan it (ConfigError / LimitError,
    UnknownGameError): every bound is the application layer's, checked before anything is
    stored, so a stored tournament can be played."""
    ask = request_from_pb(request)
    return plan(ask, limits=limits or ServerLimits(), default_clock=default_clock, server_run=True)


@dataclass(frozen=True, slots=True)
class RunInfo:
    """What this server knows of a tournament it plays: why it stopped, who is away."""

    error: str = ""
    away: tuple[AwayBot, ...] = ()
    withdrawn: tuple[str, ...] = ()


class TournamentHost:
    """Creates tournaments between this server's connected bots and plays them in the background.

    A bot whose connection drops gets the tournament's reconnect grace: its fixtures wait while
    the others go on, and it plays them if it comes back in time; else it is withdrawn and the
    rest of its fixtures are forfeited (arena/tournament/presence.py).
    """

    def __init__(
        self,
        store: Store,
        registry: SessionRegistry,
        player: Callable[[str], Player],
        watch: WatchHub | None = None,
        startup_timeout_s: float = 0.0,
    ) -> None:
        self.store = store
        # how long creating or resuming waits for a named bot to connect (as PlayMatch does)
        self.startup_timeout_s = startup_timeout_s
        self.registry = registry
        self.player = player  # a fresh seat player for a connected bot, by name
        self.watch = watch or WatchHub()  # spectators of the matches being played
        self.runs: dict[int, asyncio.Task[None]] = {}
        self.errors: dict[int, str] = {}  # why a run stopped early
        self.presence: dict[int, Presence] = {}  # who is away, per tournament being played
        # who stayed away past the grace in a run that ended (kept while this server runs)
        self.withdrawn: dict[int, tuple[str, ...]] = {}
        registry.seat_listeners.append(self._bot_changed)

    def _bot_changed(self, name: str, connected: bool) -> None:
        for presence in self.presence.values():
            if connected:
                presence.arrived(name)
            else:
                presence.left(name)

    def run_info(self, tid: int) -> RunInfo:
        """What this server's run of a tournament knows now: its error, bots away, withdrawn."""
        presence = self.presence.get(tid)
        if presence is None:
            return RunInfo(self.errors.get(tid, ""), withdrawn=self.withdrawn.get(tid, ()))
        away = tuple(AwayBot(a.bot, a.since, round(a.grace_left_s * 1000)) for a in presence.away())
        return RunInfo(self.errors.get(tid, ""), away, tuple(sorted(presence.withdrawn)))

    async def create(self, order: TournamentOrder, caller: Caller) -> StoredTournament:
        """Store the tournament (off the event loop), owned by the caller, and start playing
        it; returns at once."""
        spec = order.spec
        capacity = await self._bots_ready(spec)
        tournament = await asyncio.to_thread(self._store_running, spec, owner_of(caller))
        self._start(tournament.id, order.concurrency, capacity)
        log.info(
            "tournament %d started: %s, %d matches, bots %s",
            tournament.id,
            spec.game,
            planned_matches(tournament.spec),  # its whole count: a round format stores round 0
            ", ".join(spec.bot_names),
        )
        return tournament

    def _start(self, tid: int, concurrency: int, capacity: dict[str, int]) -> None:
        task = asyncio.create_task(self._run(tid, concurrency, capacity))
        self.runs[tid] = task
        task.add_done_callback(functools.partial(self._forget, tid))

    async def _bots_ready(self, spec: TournamentSpec) -> dict[str, int]:
        """_check_bots, once each bot is connected or the startup timeout has passed (a bot
        started a moment before the organizer's command is still connecting)."""
        deadline = asyncio.get_running_loop().time() + self.startup_timeout_s
        for name in dict.fromkeys(spec.bot_names):
            left = deadline - asyncio.get_running_loop().time()
            if self.registry.get(name) is None and left > 0:
                with contextlib.suppress(TimeoutError):
                    await self.registry.wait_for(name, left)
        return self._check_bots(spec)

    def _check_bots(self, spec: TournamentSpec) -> dict[str, int]:
        """Every bot is connected now and plays the game: how many matches each plays at once."""
        return check_connected(self.registry, spec.game, spec.bot_names)

    def _store_running(self, spec: TournamentSpec, owner: str | None) -> StoredTournament:
        """Store the tournament as running: its run starts right after (blocking)."""
        tournament = create_tournament(self.store, spec, owner=owner)
        # The lease first: a running tournament without a runner would read as abandoned.
        self.store.claim_runner(tournament.id, runner_id())
        self.store.set_status(tournament.id, Status.RUNNING)
        return self.store.tournament(tournament.id)

    async def cancel(self, tid: int, caller: Caller) -> None:
        """Stop a tournament this server is playing (its owner or an admin only); TournamentError
        if it plays none by that id.

        Matches in flight are not stored; the tournament is left interrupted (resumable).
        """
        stored = await asyncio.to_thread(self.store.tournament, tid)
        check_may_manage(caller, stored, "cancel")
        await self._stop(tid, stored)

    async def _stop(self, tid: int, stored: StoredTournament) -> None:
        task = self.runs.get(tid)
        if task is None:
            if stored.status is Status.FINISHED:
                raise TournamentError(f"tournament {tid} is finished: nothing to cancel")
            raise TournamentError(
                f"tournament {tid} is not being played on this server (it is "
                f"{stored.status.value}); resume it with `arena tournament resume {tid} --server`"
            )
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        self.errors[tid] = "cancelled by an organizer"
        # A run cancelled before it began never marked itself interrupted.
        stored = await asyncio.to_thread(self.store.tournament, tid)
        if stored.status is not Status.FINISHED:
            await asyncio.to_thread(self.store.set_status, tid, Status.INTERRUPTED)

    async def resume(self, tid: int, caller: Caller, concurrency: int = 1) -> None:
        """Play what a tournament left, here (its owner or an admin only); nothing to do if this
        server plays it already."""
        stored = await asyncio.to_thread(self.store.tournament, tid)
        check_may_manage(caller, stored, "resume")
        if tid in self.runs:
            return
        if stored.status is Status.FINISHED and (
            stored.played >= stored.fixtures or stored.verdict is not None
        ):
            raise TournamentError(f"tournament {tid} is finished: nothing to resume")
        if any(b.command for b in stored.spec.bots):
            raise TournamentError(
                f"tournament {tid} plays bot processes of an organizer's own run: resume it "
                "there with `arena tournament resume`"
            )
        if stored.status is Status.RUNNING and not runner_gone(
            stored.runner, stored.heartbeat_at, time.time()
        ):
            raise TournamentBusyError(f"tournament {tid} is being played by {stored.runner}")
        capacity = await self._bots_ready(stored.spec)
        self.errors.pop(tid, None)
        self._start(tid, concurrency, capacity)
        log.info("tournament %d resumed by an organizer", tid)

    async def delete(self, tid: int, caller: Caller, force: bool = False) -> Deleted:
        """Delete a tournament with its matches, as the door deletes one of a database (its
        owner's or an admin's; arena/app/owners.py), this server's run of it stopped first
        with `force`."""
        if tid in self.runs:  # checked before its run stops: a refused delete stops nothing
            stored = await asyncio.to_thread(self.store.tournament, tid)
            await asyncio.to_thread(check_may_delete, self.store, caller, stored)
            if not force:
                raise TournamentBusyError(
                    f"tournament {tid} is being played: cancel it first, or delete it with --force"
                )
            await self._stop(tid, stored)
        door = LocalArena(self.store, caller)  # the rule and the delete, once more after a stop
        deleted = await asyncio.to_thread(door.delete_tournament, tid, force=force)
        self.errors.pop(tid, None)
        log.info("tournament %d deleted with its %d matches", tid, deleted.matches)
        return deleted

    async def _run(self, tid: int, concurrency: int, capacity: dict[str, int]) -> None:
        spec = (await asyncio.to_thread(self.store.tournament, tid)).spec
        game, options = game_and_options(spec)
        clock = spec_clock(spec)
        grace_ms = spec.reconnect_grace_ms
        presence = Presence(
            spec.bot_names,
            (DEFAULT_RECONNECT_GRACE_MS if grace_ms is None else grace_ms) / 1000.0,
            lambda name: self.registry.seat(name) is not None,
        )
        self.presence[tid] = presence

        def seat_player(fixture: Fixture, seat: int) -> Player:
            name = fixture.seats[seat]
            why = presence.withdrawn.get(name)
            if why is not None:
                return AbsentPlayer(name, f"{name} withdrawn ({why})")
            # A bot gone since the check faults at start (disconnect): it loses this match.
            return self.player(name)

        def events(fixture: Fixture) -> EventSink:
            header = MatchHeader(
                fixture.match_id, spec.game, spec.options, fixture.seats, clock, tid
            )
            public = moves_public((spec, Status.RUNNING))
            return self.watch.sink(header, game, public=public)

        runner = local_runner(game, options, seat_player, clock, events=events, seed_key=spec.seed)
        play = limit_per_bot(self._forgetting(runner), capacity)
        try:
            finished = await play_tournament(
                self.store,
                tid,
                play,
                concurrency=concurrency,
                on_match=lambda _fixture, _record: self.watch.signal(tid),
                gate=_Signalling(presence, lambda: self.watch.signal(tid)),
            )
        except ArenaError as exc:
            self.errors[tid] = str(exc)
            log.error("tournament %d stopped: %s", tid, exc)
        except Exception as exc:  # noqa: BLE001 - a background task must say why it died
            self.errors[tid] = f"{type(exc).__name__}: {exc}"
            log.exception("tournament %d failed", tid)
        else:
            log.info("tournament %d finished: %d matches", tid, finished.played)
        finally:
            self.watch.signal(tid)

    def _forgetting(self, play: MatchRunner) -> MatchRunner:
        """A runner whose cancelled matches end their watchers' streams too."""

        async def run(fixture: Fixture) -> MatchRecord:
            try:
                return await play(fixture)
            finally:
                self.watch.forget(fixture.match_id)

        return run

    async def recover(self) -> list[int]:
        """At start (and when another worker of this referee dies): the tournaments of
        connected bots that a dead server left running are marked interrupted and resumed as
        soon as all their bots are connected again. The lease is taken first, so of several
        workers recovering at once one only resumes each."""
        now = time.time()
        found = []
        for t in await asyncio.to_thread(self.store.tournaments):
            if t.status is not Status.RUNNING or any(b.command for b in t.spec.bots):
                continue
            if t.id in self.runs or not runner_gone(t.runner, t.heartbeat_at, now):
                continue  # another live process plays it
            try:
                await asyncio.to_thread(self.store.claim_runner, t.id, runner_id())
            except TournamentBusyError:
                continue  # another worker took it over first
            await asyncio.to_thread(self.store.set_status, t.id, Status.INTERRUPTED)
            task = asyncio.create_task(self._resume_when_ready(t.id, t.spec))
            self.runs[t.id] = task
            task.add_done_callback(functools.partial(self._forget, t.id))
            found.append(t.id)
            log.info("tournament %d was left running: resumed once its bots connect", t.id)
        return found

    def _forget(self, tid: int, _task: object) -> None:
        self.runs.pop(tid, None)
        presence = self.presence.pop(tid, None)
        if presence is not None and presence.withdrawn:
            self.withdrawn[tid] = tuple(sorted(presence.withdrawn))

    async def _resume_when_ready(self, tid: int, spec: TournamentSpec) -> None:
        while True:
            try:
                capacity = self._check_bots(spec)
                break
            except BotError:  # not all connected yet
                await asyncio.sleep(RECOVER_POLL_S)
            except ConfigError as exc:  # a bot that no longer plays the game
                self.errors[tid] = str(exc)
                log.error("tournament %d cannot resume: %s", tid, exc)
                return
        await asyncio.to_thread(self.store.set_status, tid, Status.RUNNING)
        log.info("tournament %d resumed", tid)
        await self._run(tid, 1, capacity)

    async def shutdown(self) -> None:
        """Stop the runs (matches in flight are not stored; the tournaments stay resumable)."""
        tasks = list(self.runs.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


class _Signalling:
    """A presence gate that also tells the tournament's watchers when who is away changes."""

    def __init__(self, presence: Presence, signal: Callable[[], None]) -> None:
        self.presence = presence
        self.signal = signal

    def ready(self, fixture: Fixture) -> bool:
        """Whether none of the fixture's bots is away within its grace."""
        return self.presence.ready(fixture)

    async def changed(self) -> None:
        """Wait for a change of presence, telling watchers before and after."""
        self.signal()
        await self.presence.changed()
        self.signal()


def check_connected(registry: SessionRegistry, game: str, names: Iterable[str]) -> dict[str, int]:
    """Every named bot is connected and plays `game`: how many matches each plays at once.

    BotError names the missing bots and who is connected; ConfigError a bot that does not
    play the game, or a game bots cannot play here.
    """
    if game not in registry.known_games:
        raise ConfigError(f"{game} has no wire format yet, so bots cannot play it")
    names = list(dict.fromkeys(names))
    missing = [n for n in names if registry.seat(n) is None]
    if missing:
        connected = ", ".join(registry.seat_names()) or "none"
        raise BotError(
            f"not connected: {', '.join(missing)} (connected: {connected}); start each bot "
            "with --name NAME first"
        )
    capacity = {}
    for name in names:
        session = registry.seat(name)
        assert session is not None
        if game not in session.games:
            raise ConfigError(
                f"bot {name!r} does not play {game} (it plays {', '.join(session.games)})"
            )
        capacity[name] = session.max_matches
    return capacity


__all__ = ["RunInfo", "TournamentHost", "check_connected", "order_from_pb"]
