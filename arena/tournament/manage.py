"""Creating, running and resuming stored tournaments: the schedule meets the store."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from arena.core.game import check_player_count, new_game_state, options_to_dict, parse_options
from arena.core.registry import get_game
from arena.errors import ArenaError, ConfigError
from arena.match.clock import Clock
from arena.match.limits import check_clock
from arena.tournament.formats import (
    with_format_defaults,
)
from arena.tournament.schedule import (
    DEFAULT_TIME_BANK_MS,
    DEFAULT_TIME_PER_MOVE_MS,
    TournamentSpec,
    derive_seed,
    validate_spec,
)

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


def spec_clock(spec: TournamentSpec) -> Clock | None:
    """The match clock of a stored spec (None: unlimited, tournaments from older arenas)."""
    if not spec.time_per_move_ms:
        return None
    return Clock(spec.time_per_move_ms, spec.time_bank_ms, spec.increment_ms)


def game_and_options(spec: TournamentSpec) -> tuple[Any, Any]:
    """The game object and typed options of a stored spec."""
    game = get_game(spec.game)
    return game, parse_options(game, dict(spec.options))
