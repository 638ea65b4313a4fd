"""Tournaments a server plays itself: CreateTournament stores one and runs it in the background.

The run is `arena tournament run`'s: the same store calls (one transaction per finished match,
ratings folded in fixture order), the same local runner and per-bot limit; only the players
differ: the bots connected to this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass

from arena.errors import ArenaError, BotError, ConfigError
from arena.players import Player
from arena.referee import Clock
from arena.registry import get_game
from arena.rpc.sessions import SessionRegistry
from arena.store import Store, StoredTournament
from arena.tournament import BotEntry, Fixture, Format, TournamentSpec
from arena.tournament.manage import (
    create_tournament,
    default_table_size,
    game_and_options,
    normalize_spec,
    play_tournament,
)
from arena.tournament.players import local_runner
from arena.tournament.runner import limit_per_bot
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server")

RANDOM_SEED_BOUND = 2**31  # a seed picked for the caller, as `arena tournament run` picks one


@dataclass(frozen=True, slots=True)
class TournamentOrder:
    """A decoded CreateTournament: the tournament's spec and how many matches to play at once."""

    spec: TournamentSpec
    concurrency: int


def order_from_pb(request: pb.CreateTournamentRequest, default_clock: Clock) -> TournamentOrder:
    """Decode a CreateTournamentRequest (ConfigError on bad fields, UnknownGameError)."""
    game = get_game(request.game)
    try:
        fmt = Format(request.format or Format.ROUND_ROBIN.value)
    except ValueError:
        choices = ", ".join(f.value for f in Format)
        raise ConfigError(f"format {request.format!r} is not one of {choices}") from None
    if request.concurrency < 0:
        raise ConfigError("concurrency must be zero (one at a time) or positive")
    seed = (
        request.seed
        if request.HasField("seed")
        else random.SystemRandom().randrange(RANDOM_SEED_BOUND)
    )
    spec = TournamentSpec(
        game=game.name,
        bots=tuple(BotEntry(name) for name in request.bots),
        seed=seed,
        options=dict(request.options),
        format=fmt,
        table_size=request.table_size or default_table_size(game.name),
        cycles=request.cycles or 1,
        hero=request.hero or None,
        time_per_move_ms=_per_move_ms(request, default_clock),
    )
    return TournamentOrder(normalize_spec(spec), request.concurrency or 1)


def _per_move_ms(request: pb.CreateTournamentRequest, default_clock: Clock) -> int | None:
    if not request.HasField("clock"):
        return default_clock.per_move_ms
    clock = request.clock
    if clock.HasField("bank_ms"):
        raise ConfigError("a tournament's clock has no time bank: leave clock.bank_ms unset")
    if clock.HasField("per_move_ms") and clock.per_move_ms <= 0:
        raise ConfigError("clock.per_move_ms must be positive")
    return clock.per_move_ms if clock.HasField("per_move_ms") else None


class TournamentHost:
    """Creates tournaments between this server's connected bots and plays them in the background."""

    def __init__(
        self, store: Store, registry: SessionRegistry, player: Callable[[str], Player]
    ) -> None:
        self.store = store
        self.registry = registry
        self.player = player  # a fresh seat player for a connected bot, by name
        self.runs: dict[int, asyncio.Task[None]] = {}
        self.errors: dict[int, str] = {}  # why a run stopped early

    def create(self, order: TournamentOrder) -> StoredTournament:
        """Store the tournament and start playing it; returns at once."""
        spec = order.spec
        capacity = self._check_bots(spec)
        tournament = create_tournament(self.store, spec)
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

    async def _run(self, tid: int, concurrency: int, capacity: dict[str, int]) -> None:
        spec = self.store.tournament(tid).spec
        game, options = game_and_options(spec)
        clock = Clock(per_move_ms=spec.time_per_move_ms) if spec.time_per_move_ms else None

        def seat_player(fixture: Fixture, seat: int) -> Player:
            # A bot gone since creation faults at start (disconnect): it forfeits, play goes on.
            return self.player(fixture.seats[seat])

        play = limit_per_bot(local_runner(game, options, seat_player, clock), capacity)
        try:
            finished = await play_tournament(self.store, tid, play, concurrency=concurrency)
        except ArenaError as exc:
            self.errors[tid] = str(exc)
            log.error("tournament %d stopped: %s", tid, exc)
        except Exception as exc:  # noqa: BLE001 - a background task must say why it died
            self.errors[tid] = f"{type(exc).__name__}: {exc}"
            log.exception("tournament %d failed", tid)
        else:
            log.info("tournament %d finished: %d matches", tid, finished.played)

    async def shutdown(self) -> None:
        """Stop the runs (matches in flight are not stored; the tournaments stay resumable)."""
        tasks = list(self.runs.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


__all__ = ["TournamentHost", "TournamentOrder", "order_from_pb"]
