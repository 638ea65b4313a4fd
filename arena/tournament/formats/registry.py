"""Name -> tournament format. Each format module holds one FORMAT; they are listed once, here,
in the order `--format` shows them (a new format: its module, and its name in the lines below)."""

from __future__ import annotations

from arena.errors import ConfigError
from arena.tournament.formats import gauntlet, knockout, round_robin, swiss, swiss_knockout
from arena.tournament.formats.base import TournamentFormat

_FORMATS: dict[str, TournamentFormat] = {}


def _load() -> None:
    """Every format, in the order `--format` lists them: plain imports, never a module found
    by building its name (tests/core/test_registry.py)."""
    if _FORMATS:
        return
    for fmt in (round_robin.FORMAT, gauntlet.FORMAT, swiss.FORMAT, knockout.FORMAT,
                swiss_knockout.FORMAT):  # fmt: skip
        if fmt.name in _FORMATS:
            raise ValueError(f"two tournament formats are named {fmt.name!r}")
        _FORMATS[fmt.name] = fmt


def all_formats() -> tuple[TournamentFormat, ...]:
    """Every format, in the order `--format` lists them."""
    _load()
    return tuple(_FORMATS.values())


def format_names() -> tuple[str, ...]:
    """The names of the registered formats, in order."""
    return tuple(f.name for f in all_formats())


def find_format(name: str) -> TournamentFormat | None:
    """The format of that name (an underscore reads as a hyphen: round_robin); None if none."""
    _load()
    return _FORMATS.get(name.strip().lower().replace("_", "-"))


def get_format(name: str) -> TournamentFormat:
    """The format of that name; ConfigError listing the known ones if there is none."""
    fmt = find_format(name)
    if fmt is None:
        raise ConfigError(f"format {name!r} is not one of {', '.join(format_names())}")
    return fmt


def formats_taking(*, rounds: bool = False, hero: bool = False) -> list[TournamentFormat]:
    """The formats that take --rounds (or --hero)."""
    return [f for f in all_formats() if (rounds and f.takes_rounds) or (hero and f.takes_hero)]
