"""Creating, running and resuming stored tournaments: the schedule meets the store."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arena.core import MatchRecord
from arena.errors import ArenaError, ConfigError, FixturesLeftError, TournamentError
from arena.game import check_player_count, new_game_state, options_to_dict, parse_options
from arena.limits import check_clock
from arena.referee import Clock
from arena.registry import get_game
from arena.store import Store, StoredTournament
from arena.tournament.formats import (
    added_fixtures,
    played_pairs,
    schedule_so_far,
    with_format_defaults,
)
from arena.tournament.lease import HEARTBEAT_S, runner_id
from arena.tournament.runner import FixtureGate, MatchRunner, run_fixtures
from arena.tournament.schedule import (
    DEFAULT_TIME_BANK_MS,
    DEFAULT_TIME_PER_MOVE_MS,
    Fixture,
    Status,
    TournamentSpec,
    derive_seed,
    validate_spec,
)

OnMatch = Callable[[Fixture, MatchRecord], None]

PREFERRED_TABLE_SIZE = 2  # head-to-head tables when the game allows them


def default_table_size(game_name: str) -> int:
    """The table size when none is given: 2, or the game's bounds when it cannot seat 2.

    The Number (3-5 players) gets its minimum, 3: the smallest table needs the fewest bots and
    gives the most tables, hence the most match-ups, for a given number of bots.
    """
    game = get_game(game_name)
    return min(max(PREFERRED_TABLE_SIZE, game.min_players), game.max_players)


def first_decision_is_simultaneous(spec: TournamentSpec) -> bool:
    """True when several seats decide at once at setup (The Number): no seat moves first.

    Checked on the deal of the schedule's first table, which is how every match starts.
    """
    game, options = game_and_options(spec)
    state = new_game_state(game, spec.table_size, options, derive_seed(spec.seed, 0, 0))
    return len(game.to_move(state)) > 1


def start_seat_of(spec: TournamentSpec) -> Callable[[int], int | None]:
    """The game's first mover in the deal of a seed, at this table size (None: simultaneous)."""
    game, options = game_and_options(spec)

    def start_seat(seed: int) -> int | None:
        movers = game.to_move(new_game_state(game, spec.table_size, options, seed))
        return movers[0] if len(movers) == 1 else None

    return start_seat


def normalize_spec(spec: TournamentSpec) -> TournamentSpec:
    """Check the game, table size and options; the spec with options as the game's full dict."""
    game = get_game(spec.game)
    check_player_count(game, spec.table_size)
    options = parse_options(game, dict(spec.options))
    if len(spec.bots) < game.min_players:
        raise ConfigError(
            f"{game.name} needs at least {game.min_players} bots, not {len(spec.bots)}"
        )
    validate_spec(spec)
    spec = with_format_defaults(spec)  # its own checks and defaults, before anything is stored
    check_options_play(game, spec.table_size, options)
    spec = with_default_clock(spec)
    return replace(spec, game=game.name, options=options_to_dict(options))


def with_default_clock(spec: TournamentSpec) -> TournamentSpec:
    """The spec with its clock checked; the default clock when it names no per-move time."""
    per_move, bank = spec.time_per_move_ms, spec.time_bank_ms
    if per_move is None:
        per_move = DEFAULT_TIME_PER_MOVE_MS
        bank = DEFAULT_TIME_BANK_MS if bank is None else bank
    check_clock(per_move, bank, spec.increment_ms)  # LimitError, a ConfigError
    return replace(spec, time_per_move_ms=per_move, time_bank_ms=bank)


def check_options_play(game: Any, num_players: int, options: Any) -> None:
    """ConfigError unless a game with these options can be set up (checked before storing,
    so a tournament never fails when it is played)."""
    try:
        new_game_state(game, num_players, options, 0)
    except ArenaError:
        raise
    except Exception as exc:  # an engine refusing its options: bad input, not a crash
        raise ConfigError(f"{game.name} cannot be played with these options: {exc}") from None


def create_tournament(store: Store, spec: TournamentSpec, *, owner: str | None) -> StoredTournament:
    """Validate, schedule and store a tournament (one transaction); the stored tournament.

    `owner` may manage it besides the admins (arena/app/owners.py; None: the admins only).
    """
    spec = normalize_spec(spec)
    # Every fixture of the schedule, or a round format's first round (the others follow).
    schedule = schedule_so_far(spec, start_seat_of(spec), {})
    tid = store.create_tournament(spec, schedule, owner=owner)
    return store.tournament(tid)


def spec_clock(spec: TournamentSpec) -> Clock | None:
    """The match clock of a stored spec (None: unlimited, tournaments from older arenas)."""
    if not spec.time_per_move_ms:
        return None
    return Clock(spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms)


def game_and_options(spec: TournamentSpec) -> tuple[Any, Any]:
    """The game object and typed options of a stored spec."""
    game = get_game(spec.game)
    return game, parse_options(game, dict(spec.options))


async def _keep_lease(store: Store, tid: int, runner: str) -> None:
    """Renew the run's lease until cancelled (a failed renewal is retried at the next beat)."""
    while True:
        await asyncio.sleep(HEARTBEAT_S)
        with contextlib.suppress(ArenaError):
            await asyncio.to_thread(store.heartbeat, tid, runner)


def left_to_play(store: Store, tid: int, spec: TournamentSpec) -> list[Fixture]:
    """The fixtures without a match (blocking). A round format whose last round is complete
    plans and stores its next round first; [] once the tournament is over."""
    stored = store.fixtures(tid)

    def finished() -> dict[int, MatchRecord]:
        return {f.index: r for f, r in played_pairs(stored, store.tournament_matches(tid))}

    fresh = [
        replace(f, tournament_id=tid)
        for f in added_fixtures(spec, start_seat_of(spec), stored, finished)
    ]
    store.add_fixtures(tid, fresh)
    played = store.played_indexes(tid)
    return [f for f in [*stored, *fresh] if f.index not in played]


async def play_tournament(
    store: Store,
    tid: int,
    play: MatchRunner,
    *,
    concurrency: int = 1,
    on_match: OnMatch | None = None,
    gate: FixtureGate | None = None,
) -> StoredTournament:
    """Play every fixture that has no stored match; each match is stored as soon as it ends.

    Run and resume are the same call: the fixtures and their seeds come from the store.
    Fixtures the runner failed for good (FixtureFailedError) stay pending: FixturesLeftError.
    `gate` holds back fixtures that cannot start yet (see arena/tournament/presence.py).
    """
    tournament = await asyncio.to_thread(store.tournament, tid)
    over = tournament.played == tournament.fixtures or tournament.verdict is not None
    if tournament.status is Status.FINISHED and over:
        return tournament  # played to its end, or stopped by its SPRT's verdict
    pending = await asyncio.to_thread(left_to_play, store, tid, tournament.spec)
    writing = asyncio.Lock()  # one store write at a time, in the order the matches end

    async def sink(fixture: Fixture, record: MatchRecord) -> None:
        # Off the event loop: a slow database must never cost a bot its clock.
        async with writing:
            await asyncio.to_thread(store.save_match, record, fixture)
        if on_match is not None:
            on_match(fixture, record)

    runner = runner_id()
    await asyncio.to_thread(store.claim_runner, tid, runner)  # one runner at a time
    beating = asyncio.create_task(_keep_lease(store, tid, runner))
    spec = tournament.spec
    try:
        await asyncio.to_thread(store.set_status, tid, Status.RUNNING)
        while pending:
            failed = await run_fixtures(pending, play, sink, concurrency=concurrency, gate=gate)
            if failed:  # they stay pending: planning again would hand them out again
                listed = ", ".join(str(i) for i in failed[:20])
                raise FixturesLeftError(
                    f"tournament {tid}: {len(failed)} fixture(s) failed and stay pending ({listed})"
                )
            pending = await asyncio.to_thread(left_to_play, store, tid, spec)
        if await asyncio.to_thread(store.pending_fixtures, tid):
            raise TournamentError(f"tournament {tid} still has fixtures without a match")
        # Finished before the lease goes: running without a runner would read as abandoned.
        await asyncio.to_thread(store.set_status, tid, Status.FINISHED)
    except BaseException:
        # Shielded: a cancelled run still records that it stopped.
        await asyncio.shield(asyncio.to_thread(store.set_status, tid, Status.INTERRUPTED))
        raise
    finally:
        beating.cancel()
        await asyncio.shield(asyncio.to_thread(store.heartbeat, tid, runner, release=True))
    return await asyncio.to_thread(store.tournament, tid)
