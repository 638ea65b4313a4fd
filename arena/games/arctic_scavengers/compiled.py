"""Arctic Scavengers' compiled engine: the C core (`_core.c`) as an
`arena.core.compiled.CompiledEngine`, for the base game only.

`ENGINE` is the core's own `Engine`: the hot calls (`setup`, `to_move`, `legal_moves`, `play`,
`outcome`) are C functions, with no Python frame between the caller and C. `setup` deals in C
from a `random.Random` exactly as `dealing.setup` does (the same `getrandbits` calls); any other
rng goes to `_setup` here, the reference setup, converted. Every later shuffle is drawn by the
core from the state's stream exactly as `arena.core.chance.Stream.shuffled_chained` does. A move off
the fast path (not the seat to decide, malformed, illegal) is played or refused by the reference
`play` on the state converted back; outcomes are built here by the reference's own
`outcome_from_keys`. The pure-Python engine stays the reference
(tests/games/arctic_scavengers/test_arctic_scavengers_compiled.py plays both in step).

The core plays the base game only (every player count, the two-player variant, both Shovel
options): with any expansion module on, `setup` and `from_reference` raise ConfigError.

`ENGINE` is None when the core is not built; `MISSING` then says why.
"""

from __future__ import annotations

import random
from typing import Any

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, load_core
from arena.core.game import outcome_from_keys
from arena.core.values import Outcome
from arena.errors import ConfigError

from . import rules
from .game import GAME
from .state import ArcticScavengersOptions, State, Zones

BASE_GAME_ONLY = (
    "the compiled core plays the base game only; with an expansion module on, "
    "play the pure-Python engine"
)


def _outcome(people: list[int], rounds: int) -> Outcome:
    """rules.outcome from the ended core state's people per seat."""
    return outcome_from_keys(people, people, detail=f"{rounds} rounds")


def _state(raw: tuple[Any, ...]) -> State:
    """The reference State of the core's raw fields (State's order without ext; zones as plain
    tuples, the stream as an int)."""
    fields = list(raw)
    fields[6] = tuple(Zones._make(zones) for zones in raw[6])
    fields[23] = Stream(raw[23])
    fields.append(None)
    return State._make(fields)


def _setup(num_players: int, options: ArcticScavengersOptions, rng: random.Random) -> State:
    """The reference deal from the same rng (the core converts it); ConfigError with modules."""
    if options.modules:
        raise ConfigError(BASE_GAME_ONLY)
    return GAME.setup(num_players, options, rng)


_core, MISSING = load_core(__package__)

ENGINE: CompiledEngine | None = (
    None
    if _core is None
    else _core.Engine(GAME.name, _setup, rules.play, _outcome, _state, ConfigError)
)
