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
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from arena.core import MatchRecord
from arena.errors import ArenaError, BotError, ConfigError, LimitError, TournamentError
from arena.limits import (
    MAX_BOTS_PER_TOURNAMENT,
    MAX_OPTION_CHARS,
    ServerLimits,
    check_clock,
    check_name,
    check_options,
    check_seed,
    check_text,
    shown,
)
from arena.players import Player
from arena.publicity import moves_public
from arena.referee import Clock, EventSink
from arena.registry import get_game
from arena.rpc.bot_registry import SessionRegistry
from arena.rpc.convert import clock_settings_from_pb
from arena.rpc.watching import MatchHeader, WatchHub
from arena.store import Store, StoredTournament
from arena.tournament import BotEntry, Fixture, Format, TournamentSpec
from arena.tournament.lease import runner_gone
from arena.tournament.manage import (
    create_tournament,
    default_table_size,
    game_and_options,
    normalize_spec,
    play_tournament,
    spec_clock,
)
from arena.tournament.players import local_runner
from arena.tournament.runner import MatchRunner, limit_per_bot
from arena.tournament.schedule import DEFAULT_DEALS, Deals, Status, fixture_count
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server")
RECOVER_POLL_S = 1.0  # how often a tournament left running checks for its bots

RANDOM_SEED_BOUND = 2**31  # a seed picked for the caller, as `arena tournament run` picks one


@dataclass(frozen=True, slots=True)
class TournamentOrder:
    """A decoded CreateTournament: the tournament's spec and how many matches to play at once."""

    spec: TournamentSpec
    concurrency: int


def order_from_pb(
    request: pb.CreateTournamentRequest, default_clock: Clock, limits: ServerLimits | None = None
) -> TournamentOrder:
    """Decode and bound a CreateTournamentRequest (ConfigError / LimitError, UnknownGameError).

    Everything is checked here, before anything is stored: a stored tournament can be played.
    """
    limits = limits or ServerLimits()
    check_text("game", request.game, MAX_OPTION_CHARS)
    game = get_game(request.game)
    fmt = _choice(Format, "format", request.format, Format.ROUND_ROBIN)
    deals = _choice(Deals, "deals", request.deals, DEFAULT_DEALS)
    if len(request.bots) > MAX_BOTS_PER_TOURNAMENT:
        raise LimitError(f"{len(request.bots)} bots; at most {MAX_BOTS_PER_TOURNAMENT}")
    for name in request.bots:
        check_name("bot name", name)
    if request.hero:
        check_name("hero", request.hero)
    check_options(request.options)
    if not 0 <= request.concurrency <= limits.max_concurrency:
        raise LimitError(f"concurrency must be 0 to {limits.max_concurrency}")
    if not 0 <= request.cycles <= limits.max_cycles:
        raise LimitError(f"cycles must be 0 to {limits.max_cycles} on this server")
    if request.HasField("seed"):
        check_seed(request.seed)
    seed = (
        request.seed
        if request.HasField("seed")
        else random.SystemRandom().randrange(RANDOM_SEED_BOUND)
    )
    clock = _clock(request, default_clock, limits)
    spec = TournamentSpec(
        game=game.name,
        bots=tuple(BotEntry(name) for name in request.bots),
        seed=seed,
        options=dict(request.options),
        format=fmt,
        table_size=request.table_size or default_table_size(game.name),
        cycles=request.cycles or 1,
        hero=request.hero or None,
        time_per_move_ms=clock.per_move_ms,
        time_bank_ms=clock.bank_ms,
        increment_ms=clock.increment_ms,
        deals=deals,
    )
    count = fixture_count(spec)
    if count > limits.max_fixtures:
        raise LimitError(
            f"the schedule has {count} matches; this server plays at most {limits.max_fixtures} "
            "per tournament (fewer bots, a bigger table or fewer cycles)"
        )
    return TournamentOrder(normalize_spec(spec), request.concurrency or 1)


def _choice(kind: Any, field: str, value: str, default: Any) -> Any:
    try:
        return kind(value or default.value)
    except ValueError:
        choices = ", ".join(k.value for k in kind)
        raise ConfigError(f"{field} {shown(value)} is not one of {choices}") from None


def _clock(
    request: pb.CreateTournamentRequest, default_clock: Clock, limits: ServerLimits
) -> Clock:
    """The tournament's clock: the request's, else the server's default (else the arena's)."""
    clock = clock_settings_from_pb(request.clock) if request.HasField("clock") else default_clock
    check_clock(clock.per_move_ms, clock.bank_ms, clock.increment_ms, limits)
    return clock


class TournamentHost:
    """Creates tournaments between this server's connected bots and plays them in the background."""

    def __init__(
        self,
        store: Store,
        registry: SessionRegistry,
        player: Callable[[str], Player],
        watch: WatchHub | None = None,
    ) -> None:
        self.store = store
        self.registry = registry
        self.player = player  # a fresh seat player for a connected bot, by name
        self.watch = watch or WatchHub()  # spectators of the matches being played
        self.runs: dict[int, asyncio.Task[None]] = {}
        self.errors: dict[int, str] = {}  # why a run stopped early

    async def create(self, order: TournamentOrder) -> StoredTournament:
        """Store the tournament (off the event loop) and start playing it; returns at once."""
        spec = order.spec
        capacity = self._check_bots(spec)
        tournament = await asyncio.to_thread(self._store_running, spec)
        task = asyncio.create_task(self._run(tournament.id, order.concurrency, capacity))
        self.runs[tournament.id] = task
        task.add_done_callback(lambda _t: self.runs.pop(tournament.id, None))
        log.info(
            "tournament %d started: %s, %d matches, bots %s",
            tournament.id,
            spec.game,
            tournament.fixtures,
            ", ".join(spec.bot_names),
        )
        return tournament

    def _check_bots(self, spec: TournamentSpec) -> dict[str, int]:
        """Every bot is connected now and plays the game: how many matches each plays at once."""
        if spec.game not in self.registry.known_games:
            raise ConfigError(f"{spec.game} has no wire format yet, so bots cannot play it")
        capacity = {}
        for name in spec.bot_names:
            session = self.registry.get(name)
            if session is None:
                connected = ", ".join(self.registry.names()) or "none"
                raise BotError(f"bot {name!r} is not connected (connected: {connected})")
            if spec.game not in session.games:
                raise ConfigError(
                    f"bot {name!r} does not play {spec.game} (it plays {', '.join(session.games)})"
                )
            capacity[name] = session.max_matches
        return capacity

    def _store_running(self, spec: TournamentSpec) -> StoredTournament:
        """Store the tournament as running: its run starts right after (blocking)."""
        tournament = create_tournament(self.store, spec)
        self.store.set_status(tournament.id, Status.RUNNING)
        return self.store.tournament(tournament.id)

    async def cancel(self, tid: int) -> None:
        """Stop a tournament this server is playing; TournamentError if it plays none by that id.

        Matches in flight are not stored; the tournament is left interrupted (resumable).
        """
        task = self.runs.get(tid)
        if task is None:
            raise TournamentError(f"tournament {tid} is not being played on this server")
        task.cancel()
        with contextlib.suppress(BaseException):
            await task
        self.errors[tid] = "cancelled by an organizer"
        # A run cancelled before it began never marked itself interrupted.
        stored = await asyncio.to_thread(self.store.tournament, tid)
        if stored.status is not Status.FINISHED:
            await asyncio.to_thread(self.store.set_status, tid, Status.INTERRUPTED)

    async def _run(self, tid: int, concurrency: int, capacity: dict[str, int]) -> None:
        spec = (await asyncio.to_thread(self.store.tournament, tid)).spec
        game, options = game_and_options(spec)
        clock = spec_clock(spec)

        def seat_player(fixture: Fixture, seat: int) -> Player:
            # A bot gone since creation faults at start (disconnect): it forfeits, play goes on.
            return self.player(fixture.seats[seat])

        def events(fixture: Fixture) -> EventSink:
            header = MatchHeader(
                fixture.match_id, spec.game, spec.options, fixture.seats, clock, tid
            )
            public = moves_public((spec, Status.RUNNING))
            return self.watch.sink(header, game, public=public)

        runner = local_runner(game, options, seat_player, clock, events=events)
        play = limit_per_bot(self._forgetting(runner), capacity)
        try:
            finished = await play_tournament(
                self.store,
                tid,
                play,
                concurrency=concurrency,
                on_match=lambda _fixture, _record: self.watch.signal(tid),
            )
        except ArenaError as exc:
            self.errors[tid] = str(exc)
            log.error("tournament %d stopped: %s", tid, exc)
        except Exception as exc:  # noqa: BLE001 - a background task must say why it died
            self.errors[tid] = f"{type(exc).__name__}: {exc}"
            log.exception("tournament %d failed", tid)
        else:
            log.info("tournament %d finished: %d matches", tid, finished.played)

    def _forgetting(self, play: MatchRunner) -> MatchRunner:
        """A runner whose cancelled matches end their watchers' streams too."""

        async def run(fixture: Fixture) -> MatchRecord:
            try:
                return await play(fixture)
            finally:
                self.watch.forget(fixture.match_id)

        return run

    async def recover(self) -> list[int]:
        """At start: the tournaments of connected bots that a dead server left running are
        marked interrupted and resumed as soon as all their bots are connected again."""
        now = time.time()
        found = []
        for t in await asyncio.to_thread(self.store.tournaments):
            if t.status is not Status.RUNNING or any(b.command for b in t.spec.bots):
                continue
            if not runner_gone(t.runner, t.heartbeat_at, now):
                continue  # another live process plays it
            await asyncio.to_thread(self.store.set_status, t.id, Status.INTERRUPTED)
            task = asyncio.create_task(self._resume_when_ready(t.id, t.spec))
            self.runs[t.id] = task
            task.add_done_callback(functools.partial(self._forget, t.id))
            found.append(t.id)
            log.info("tournament %d was left running: resumed once its bots connect", t.id)
        return found

    def _forget(self, tid: int, _task: object) -> None:
        self.runs.pop(tid, None)

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


__all__ = ["TournamentHost", "TournamentOrder", "order_from_pb"]
