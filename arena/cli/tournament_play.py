"""Playing a tournament's fixtures: bots checked first, then the runner for them.

Bot processes are launched (and must say Hello) before a new tournament is stored; a remote
server's bots must be connected. Crashed processes are restarted, then withdrawn
(arena/tournament/crashes.py).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from arena.app.running import create_tournament, play_tournament
from arena.cli.bot_start import DEFAULT_BOT_START_S, STARTUP_FLAG
from arena.cli.tournament_logs import BotLogs
from arena.core.players import Player
from arena.core.values import MatchRecord
from arena.errors import BotError, ConfigError
from arena.match.clock import Clock
from arena.store import Store, StoredTournament
from arena.tournament import BotEntry, Fixture, TournamentSpec
from arena.tournament.crashes import DEFAULT_MAX_CRASHES, CrashPolicy, Warn
from arena.tournament.entrants import builtin_player, builtin_strategy, local_runner
from arena.tournament.logs import log_root, marked_runner, tournament_log_dir
from arena.tournament.manage import game_and_options, spec_clock
from arena.tournament.runner import MatchRunner, limit_per_bot

if TYPE_CHECKING:  # grpc is imported only when --server is given
    from arena.rpc.client.arena_client import ArenaClient
    from arena.rpc.client.remote import Remote

BUSY_RETRIES = 40  # a busy bot on a shared server: retry with backoff, about a minute in all

OnCreated = Callable[[StoredTournament], None]


@dataclass(frozen=True, slots=True)
class Faults:
    """What to do with bots that misbehave as processes."""

    max_crashes: int = DEFAULT_MAX_CRASHES  # crashes before a bot is withdrawn
    forfeit_absent: bool = False  # a bot that never says Hello: forfeit it (else refuse)
    warn: Warn = field(default=lambda _text: None)
    startup_timeout_s: float = DEFAULT_BOT_START_S  # to connect after being started


@dataclass(slots=True)
class _Prepared:
    play: MatchRunner
    attach_logs: Callable[[Path], None] = lambda _folder: None


def check_runnable(bots: tuple[BotEntry, ...], on_server: bool) -> None:
    """ConfigError unless every bot can be played: by command, built in, or on --server."""
    if on_server:
        if any(b.command is not None for b in bots):
            raise ConfigError("with --server give every bot as NAME only (connected to the server)")
        return
    for bot in bots:
        if bot.command is None:
            raise ConfigError(
                f"bot {bot.name!r} has no command: give NAME=COMMAND or NAME=builtin:STRATEGY, "
                "or --server ADDRESS for bots connected to a running server"
            )


async def execute(
    store: Store,
    tournament: StoredTournament | TournamentSpec,
    *,
    concurrency: int = 1,
    server: Remote | None = None,
    on_match: Any = None,
    logs: BotLogs | None = None,
    faults: Faults | None = None,
    on_created: OnCreated | None = None,
    owner: str | None = None,
) -> StoredTournament:
    """Start what the bots need (embedded referee, processes) and play the pending fixtures.

    Given a spec, the tournament is created only once every bot is ready (`on_created` sees
    it), owned by `owner`. Bot processes' output is saved under `logs.root` (default:
    log_root()).
    """
    spec = tournament if isinstance(tournament, TournamentSpec) else tournament.spec
    check_runnable(spec.bots, server is not None)
    logs = logs or BotLogs(log_root())
    faults = faults or Faults()
    if isinstance(tournament, StoredTournament):
        faults = replace(faults, forfeit_absent=True)  # a resume never refuses
    async with _match_runner(spec, server, logs, faults) as prepared:
        if isinstance(tournament, TournamentSpec):
            tournament = await asyncio.to_thread(
                functools.partial(create_tournament, store, tournament, owner=owner)
            )
        prepared.attach_logs(tournament_log_dir(logs.root, tournament.id))
        if on_created is not None:
            on_created(tournament)
        return await play_tournament(
            store, tournament.id, prepared.play, concurrency=concurrency, on_match=on_match
        )


@asynccontextmanager
async def _match_runner(
    spec: TournamentSpec, server: Remote | None, logs: BotLogs, faults: Faults
) -> AsyncIterator[_Prepared]:
    """The runner for these bots: remote server, in-process only, or bot processes + built-ins."""
    game, options = game_and_options(spec)
    clock = spec_clock(spec)
    if server is not None:
        from arena.rpc.client.arena_client import ArenaClient  # lazy: grpc only here

        async with ArenaClient(server) as client:
            yield _Prepared(await _remote_runner(client, spec, dict(spec.options), clock))
        return
    bots = {b.name: b for b in spec.bots}

    def builtin_seat(fixture: Fixture, seat: int) -> Player:
        return builtin_player(game.name, bots[fixture.seats[seat]], fixture, seat)

    processes = {n: b.command for n, b in bots.items() if b.command and not builtin_strategy(b)}
    if not processes:
        yield _Prepared(local_runner(game, options, builtin_seat, clock, seed_key=spec.seed))
        return
    from arena.rpc.embedded import EmbeddedReferee  # lazy: only process bots need gRPC

    referee = EmbeddedReferee(
        echo=logs.echo, startup_timeout_s=faults.startup_timeout_s, startup_flag=STARTUP_FLAG
    )
    policy = CrashPolicy(referee, faults.max_crashes, faults.warn)
    try:
        await referee.start()
        await policy.start(processes, forfeit_absent=faults.forfeit_absent)

        def seat_player(fixture: Fixture, seat: int) -> Player:
            name = fixture.seats[seat]
            return policy.seat(name) if name in processes else builtin_seat(fixture, seat)

        local = local_runner(game, options, seat_player, clock, seed_key=spec.seed)

        async def play(fixture: Fixture) -> MatchRecord:
            await policy.ready(fixture.seats)  # restart what died since its last match
            return await local(fixture)

        capacity = {n: _session_capacity(referee, n) for n in processes}
        marked = marked_runner(play, referee, set(processes))
        yield _Prepared(limit_per_bot(marked, capacity), referee.attach_logs)
    finally:
        await referee.close()


def _session_capacity(referee: Any, name: str) -> int:
    session = referee.state.registry.get(name)
    return int(session.max_matches) if session is not None else 1


async def _remote_runner(
    client: ArenaClient, spec: TournamentSpec, options: dict[str, Any], clock: Clock | None
) -> MatchRunner:
    """Matches played by a running `arena serve`, at most each bot's max_matches at once.

    Every bot must be connected to the server now (checked before a tournament is stored).
    """
    from arena.errors import BotBusyError

    connected = await client.list_bots()
    capacity = {b.name: int(b.max_matches) for b in connected}
    missing = [b.name for b in spec.bots if b.name not in capacity]
    if missing:
        there = ", ".join(sorted(capacity)) or "none"
        raise BotError(
            f"not connected to {client.address}: {', '.join(missing)} (connected there: {there}); "
            "start each bot with --name NAME first"
        )

    async def play(fixture: Fixture) -> MatchRecord:
        for attempt in range(BUSY_RETRIES):
            try:
                return await client.play_match(
                    spec.game,
                    fixture.seats,
                    seed=fixture.seed,
                    options=options,
                    clock=clock,
                    match_id=fixture.match_id,
                    store=False,  # stored here; the server's database may be this very one
                )
            except BotBusyError:  # busy with another client's matches: wait and retry
                await asyncio.sleep(min(2.0, 0.05 * 2**attempt))
        raise BotError(f"the bots of fixture {fixture.index} stayed busy on {client.address}")

    return limit_per_bot(play, capacity)
