"""A person's game options on the play form: read from the form (bounded) and checked against
the options the server lists for the game (ListGames), before any connection is made.

The form names each option field `option:NAME`; a field left empty keeps the game's default.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from arena.core.game import parse_options
from arena.core.registry import get_game
from arena.errors import ConfigError, OptionError, UnknownGameError

PREFIX = "option:"
MAX_OPTIONS = 32  # more fields than any game has options
MAX_NAME = 40
MAX_VALUE = 12
_INTEGER = re.compile(r"-?\d{1,6}")  # a free-form option: an integer of at most six digits

Options = tuple[tuple[str, str], ...]


def form_options(form: Mapping[str, Any]) -> Options:
    """The option fields of a form, as (name, text) pairs; ConfigError past the bounds."""
    pairs = [
        (str(key)[len(PREFIX) :], str(value).strip())
        for key, value in form.items()
        if str(key).startswith(PREFIX) and str(value).strip()
    ]
    if len(pairs) > MAX_OPTIONS:
        raise ConfigError(f"at most {MAX_OPTIONS} options")
    for name, value in pairs:
        if len(name) > MAX_NAME or len(value) > MAX_VALUE:
            raise ConfigError(f"option {name[:MAX_NAME]!r}: too long a name or value")
    return tuple(sorted(pairs))


def checked_options(info: Any, options: Options) -> dict[str, str]:
    """The options as PlayMatch takes them, once each is known to the game the server lists
    (a GameInfo) with a value it allows; ConfigError says which one is not."""
    listed: Sequence[Any] = info.options
    known = {o.name: tuple(o.choices) for o in listed}
    for name, value in options:
        if name not in known:
            names = ", ".join(sorted(known)) or "none"
            raise ConfigError(f"{info.title} has no option {name!r} (options: {names})")
        choices = known[name]
        if choices and value not in choices:
            raise ConfigError(f"option {name} takes one of {', '.join(choices)}, not {value!r}")
        if not choices and not _INTEGER.fullmatch(value):
            raise ConfigError(f"option {name} takes a whole number of at most six digits")
    chosen = dict(options)
    try:
        game = get_game(info.name)
    except UnknownGameError:  # a server's game this process does not have: the server checks
        return chosen
    try:  # the game's own checks too (say, a round cap of at least one)
        parse_options(game, chosen)
    except OptionError as exc:
        raise ConfigError(str(exc)) from None
    return chosen
