"""Tournament formats: one module per format behind one protocol (base.py), found by name
(registry.py). The rest of the arena knows formats only through the functions here: the
runner, the CLI and the server, reports, records and the cluster organizer never ask which
format a tournament has.

A new format is one module here (a TournamentFormat subclass and its FORMAT) and its name in
registry.py's list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from arena.core.values import MatchRecord
from arena.errors import ConfigError
from arena.tournament.formats.base import (
    FormatOption,
    FormatStandings,
    Pairs,
    Placing,
    TournamentFormat,
    seeding_of,
)
from arena.tournament.formats.registry import (
    all_formats,
    find_format,
    format_names,
    formats_taking,
    get_format,
)
from arena.tournament.schedule import Fixture, Format, StartSeat, TournamentSpec, validate_spec


def format_of(spec: TournamentSpec) -> TournamentFormat:
    """The format a spec names."""
    return get_format(spec.format)


def check_format(spec: TournamentSpec) -> None:
    """ConfigError unless the format can seat these bots at these tables."""
    _checked(spec).check(spec)


def with_format_defaults(spec: TournamentSpec) -> TournamentSpec:
    """The checked spec with its format's defaults (Swiss rounds, options) filled in."""
    return _checked(spec).with_defaults(spec)


def _checked(spec: TournamentSpec) -> TournamentFormat:
    """The spec's format, once the bots and sizes are valid and --rounds and --hero apply."""
    validate_spec(spec)
    fmt = format_of(spec)
    if spec.rounds and not fmt.takes_rounds:
        names = " or ".join(f.name for f in formats_taking(rounds=True))
        raise ConfigError(f"--rounds applies only to --format {names}")
    if spec.hero is not None and not fmt.takes_hero:
        names = " or ".join(f.name for f in formats_taking(hero=True))
        raise ConfigError(f"--hero applies only to --format {names}")
    return fmt


def format_named(name: str) -> Format:
    """The Format of a name read from outside (a flag, a request, a stored row, a record);
    ValueError for one no module plays."""
    fmt = find_format(name)
    if fmt is None:
        raise ValueError(f"{name!r} is not a tournament format")
    return Format(fmt.name)


def make_fixtures(spec: TournamentSpec, start_seat: StartSeat | None = None) -> list[Fixture]:
    """The schedule before any match is played: the whole of it for a format planned up front
    (cycles x tables x rotations), a round format's first round.

    With independent deals and `start_seat` (the game's), each rotation gets the first seed of
    its sequence whose deal starts in the same seat as rotation 0's: the seating rotates, so each
    bot of a table moves first once, as with duplicate deals.
    """
    _checked(spec)
    return schedule_so_far(spec, start_seat, {})


def planned_matches(spec: TournamentSpec) -> int:
    """How many matches the whole tournament plays: the count announced when it is created."""
    return format_of(spec).planned_matches(spec)


def schedule_so_far(
    spec: TournamentSpec, start_seat: StartSeat | None, records: Mapping[int, MatchRecord]
) -> list[Fixture]:
    """Every fixture planned so far, given the finished matches by fixture index: the whole
    schedule of a format planned up front, the rounds up to the one under way of the others."""
    return format_of(spec).schedule_so_far(spec, start_seat, records)


def added_fixtures(
    spec: TournamentSpec,
    start_seat: StartSeat | None,
    stored: Sequence[Fixture],
    finished: Callable[[], Mapping[int, MatchRecord]],
) -> list[Fixture]:
    """The fixtures to store beyond `stored` now: a round format's next round once the
    stored ones are complete (`finished` is read only by a format that needs the results)."""
    return format_of(spec).added_fixtures(spec, start_seat, stored, finished)


def format_standings(spec: TournamentSpec, pairs: Callable[[], Pairs]) -> FormatStandings | None:
    """The format's own order of the field (None: the game points' standings)."""
    return format_of(spec).standings(spec, pairs)


def played_pairs(
    fixtures: Sequence[Fixture], records: Sequence[MatchRecord]
) -> list[tuple[Fixture, MatchRecord]]:
    """Each finished match with its fixture (matched by match id)."""
    by_id = {r.match_id: r for r in records}
    return [(f, by_id[f.match_id]) for f in fixtures if f.match_id in by_id]


def format_help() -> str:
    """--format's help: each format's name and phrase."""
    return "; ".join(f"{f.name}: {f.help}" for f in all_formats()) + "."


def format_options_help() -> str:
    """--format-option's help: each format's options."""
    parts = [f"{f.name}: {o.name} ({o.help})" for f in all_formats() for o in f.options]
    return "KEY=VALUE, a format's own option (" + "; ".join(parts) + ")."


__all__ = [
    "FormatOption",
    "FormatStandings",
    "Placing",
    "TournamentFormat",
    "added_fixtures",
    "check_format",
    "format_help",
    "format_named",
    "format_names",
    "format_of",
    "format_options_help",
    "format_standings",
    "get_format",
    "make_fixtures",
    "planned_matches",
    "played_pairs",
    "schedule_so_far",
    "seeding_of",
    "with_format_defaults",
]
