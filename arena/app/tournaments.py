"""Creating a tournament: the organizer's request, its defaults, limits and checks, written once.

`arena tournament run` (local or `--server`) and CreateTournament both build a
TournamentRequest and call `plan`: the same defaults (table size, cycles, rounds, clock, seed),
the same bounds, the same schedule checks, before anything is stored.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

from arena.core.registry import get_game
from arena.errors import ConfigError, LimitError
from arena.match.clock import Clock
from arena.match.limits import (
    LOCAL_LIMITS,
    MAX_BOTS_PER_TOURNAMENT,
    MAX_OPTION_CHARS,
    MAX_ROUNDS,
    MAX_TABLE_SIZE,
    ServerLimits,
    check_clock,
    check_name,
    check_options,
    check_text,
    shown,
)
from arena.tournament import BotEntry, Format, TournamentSpec
from arena.tournament.formats import format_named, format_names, get_format, planned_matches
from arena.tournament.manage import default_table_size, normalize_spec
from arena.tournament.schedule import DEFAULT_DEALS, MAX_SEED, SECRET_SEED_BITS, Deals


def secret_seed() -> int:
    """A seed for a tournament that names none: 256 random bits, its top bit set so that it is
    a key (derive_seed): no deal of the tournament can be found by searching seeds."""
    return secrets.randbits(SECRET_SEED_BITS - 1) | (1 << (SECRET_SEED_BITS - 1))


# [ASSUMPTION] a bot of a server tournament whose connection drops may come back this long
# before its remaining matches are forfeited: long enough for a restart or a network blip.
DEFAULT_RECONNECT_GRACE_MS = 60_000
MAX_RECONNECT_GRACE_MS = 86_400_000


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    """What an organizer asks for, before defaults: from CLI flags or a CreateTournament call."""

    game: str
    bots: tuple[BotEntry, ...]
    options: Mapping[str, str] = field(default_factory=dict)
    format: str = Format.ROUND_ROBIN.value
    hero: str | None = None
    table_size: int | None = None
    cycles: int | None = None
    rounds: int | None = None
    format_options: Mapping[str, str] = field(default_factory=dict)  # the format's own (top ...)
    seed: int | None = None
    clock: Clock | None = None  # None: the default clock
    deals: str = DEFAULT_DEALS.value
    concurrency: int = 1
    reconnect_grace_ms: int | None = None  # a server run only (None: the default)


@dataclass(frozen=True, slots=True)
class TournamentOrder:
    """A checked request: the tournament's spec and how many matches to play at once."""

    spec: TournamentSpec
    concurrency: int


def _deals(value: str) -> Deals:
    try:
        return Deals(value)
    except ValueError:
        choices = ", ".join(k.value for k in Deals)
        raise ConfigError(f"deals {shown(value)} is not one of {choices}") from None


def _format(value: str) -> Format:
    try:
        return format_named(value)
    except ValueError:
        choices = ", ".join(format_names())
        raise ConfigError(f"format {shown(value)} is not one of {choices}") from None


def _check_bounds(request: TournamentRequest, limits: ServerLimits) -> None:
    """Every field's bounds, before anything is computed from them: the only place they are
    checked, for a local run and a server's CreateTournament alike (0 or None: the default)."""
    for field_name in ("game", "format", "deals"):
        check_text(field_name, getattr(request, field_name), MAX_OPTION_CHARS)
    if len(request.bots) > MAX_BOTS_PER_TOURNAMENT:
        raise LimitError(f"{len(request.bots)} bots; at most {MAX_BOTS_PER_TOURNAMENT}")
    for bot in request.bots:
        check_name("bot name", bot.name)
    if request.hero:
        check_name("hero", request.hero)
    check_options(request.options)
    check_options(request.format_options)
    if request.seed is not None and not 0 <= request.seed < MAX_SEED:
        raise LimitError(f"the seed must be from 0 to 2**{SECRET_SEED_BITS} - 1")
    grace = request.reconnect_grace_ms
    if grace is not None and not 0 <= grace <= MAX_RECONNECT_GRACE_MS:
        raise LimitError(f"the reconnect grace must be 0 to {MAX_RECONNECT_GRACE_MS} ms")
    where = limits.where
    if not 1 <= request.concurrency <= limits.max_concurrency:
        raise LimitError(f"concurrency must be 1 to {limits.max_concurrency} {where}")
    if request.cycles and not 1 <= request.cycles <= limits.max_cycles:
        raise LimitError(f"cycles must be 1 to {limits.max_cycles} {where}")
    if request.rounds and not 1 <= request.rounds <= MAX_ROUNDS:
        raise LimitError(f"rounds must be 1 to {MAX_ROUNDS}")
    if request.table_size and not 1 <= request.table_size <= MAX_TABLE_SIZE:
        raise LimitError(f"the table size must be 1 to {MAX_TABLE_SIZE}")


def plan(
    request: TournamentRequest,
    *,
    limits: ServerLimits | None = None,
    default_clock: Clock | None = None,
    server_run: bool = False,
) -> TournamentOrder:
    """Check a request and fill in its defaults (ConfigError / LimitError, UnknownGameError).

    `limits` are a server's (None: a local run, bounded by LOCAL_LIMITS); `server_run` gives
    the tournament a reconnect grace (its bots are connected strangers).
    """
    local = limits is None
    limits = LOCAL_LIMITS if limits is None else limits
    _check_bounds(request, limits)
    game = get_game(request.game)
    fmt = _format(request.format or Format.ROUND_ROBIN.value)
    deals = _deals(request.deals or DEFAULT_DEALS.value)
    table_size = request.table_size or default_table_size(game.name)
    clock = request.clock or default_clock
    grace = None
    if server_run:
        grace = request.reconnect_grace_ms
        grace = DEFAULT_RECONNECT_GRACE_MS if grace is None else grace
    elif request.reconnect_grace_ms is not None:
        raise ConfigError("a reconnect grace applies only to tournaments played by a server")
    spec = TournamentSpec(
        game=game.name,
        bots=request.bots,
        seed=secret_seed() if request.seed is None else request.seed,
        options=dict(request.options),
        format=fmt,
        table_size=table_size,
        cycles=request.cycles or 1,
        hero=request.hero or None,
        time_per_move_ms=clock.per_move_ms if clock else None,
        time_bank_ms=clock.bank_ms if clock else None,
        increment_ms=clock.increment_ms if clock else None,
        deals=deals,
        rounds=request.rounds or 0,  # Swiss: 0 takes the format's default
        format_options=get_format(fmt).parse_options(request.format_options),
        reconnect_grace_ms=grace,
    )
    spec = normalize_spec(spec)  # the game's checks: player count, options, schedule, clock
    if not local:
        check_clock(spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms, limits)
    count = planned_matches(spec)  # counted, not listed: the schedule is made once it fits
    if count > limits.max_fixtures:
        raise LimitError(
            f"the schedule has {count} matches; at most {limits.max_fixtures} are played "
            f"{limits.where} (fewer bots, a bigger table or fewer cycles)"
        )
    return TournamentOrder(spec, request.concurrency)


__all__ = [
    "DEFAULT_RECONNECT_GRACE_MS",
    "TournamentOrder",
    "TournamentRequest",
    "plan",
]
