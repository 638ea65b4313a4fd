"""Name -> tournament format. A format registers itself when its module is imported; the
modules are listed once, here, in the order `--format` shows them."""

from __future__ import annotations

from arena.errors import ConfigError
from arena.tournament.formats.base import TournamentFormat

MODULES = (  # arena/tournament/formats/<module>.py, one line per format (and in _load)
    "round_robin",
    "gauntlet",
    "swiss",
    "knockout",
    "swiss_knockout",
)

_FORMATS: dict[str, TournamentFormat] = {}
_loaded = False


def register(fmt: TournamentFormat) -> TournamentFormat:
    """Add a format under its name (a module calls this once, at import)."""
    if fmt.name in _FORMATS and _FORMATS[fmt.name] is not fmt:
        raise ValueError(f"two tournament formats are named {fmt.name!r}")
    _FORMATS[fmt.name] = fmt
    return fmt


def _load() -> None:
    """Import every format module, each registering itself: plain imports, never a module
    found by building its name (tests/core/test_registry.py)."""
    global _loaded
    if not _loaded:
        _loaded = True
        from arena.tournament.formats import (  # noqa: F401 - imported to register
            gauntlet,
            knockout,
            round_robin,
            swiss,
            swiss_knockout,
        )


def all_formats() -> tuple[TournamentFormat, ...]:
    """Every registered format, in the order `--format` lists them."""
    _load()
    order = {f"arena.tournament.formats.{m}": i for i, m in enumerate(MODULES)}
    return tuple(sorted(_FORMATS.values(), key=lambda f: order.get(type(f).__module__, len(order))))


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
