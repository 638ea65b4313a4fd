"""Epizodiak's compiled engine: the C core (`_core.c`) as an `arena.core.compiled.CompiledEngine`.

The hot calls (`to_move`, `legal_moves`, `play`, `outcome`) are the core's own functions, with
no Python frame between the caller and C; `setup` draws the starting seat and the stream from
the match rng exactly as `rounds.setup` does and has the core deal round 1. The pure-Python
engine stays the reference (tests/games/epizodiak/test_epizodiak_compiled.py plays both in step).

`ENGINE` is None when the core is not built; `MISSING` then says why.
"""

from __future__ import annotations

import random
from typing import Any

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, load_core
from arena.core.game import check_player_count

from .game import GAME
from .state import NUM_PLAYERS, EpizodiakOptions

_core, MISSING = load_core(__package__)


class EpizodiakEngine:
    """The core's functions under the CompiledEngine names (states are `_core.State`)."""

    name = "epizodiak"

    def __init__(self, core: Any) -> None:
        self._deal = core.deal
        self.to_move = core.to_move
        self.legal_moves = core.legal_moves
        self.play = core.play
        self.outcome = core.outcome
        self.from_reference = core.from_reference
        self.to_reference = core.to_reference

    def setup(self, num_players: int, options: EpizodiakOptions, rng: random.Random) -> Any:
        """The deal of `GAME.setup` from the same rng: the starting seat, then the stream."""
        check_player_count(GAME, num_players)
        starter = rng.randrange(NUM_PLAYERS)
        return self._deal(options, starter, Stream.from_rng(rng))


ENGINE: CompiledEngine | None = None if _core is None else EpizodiakEngine(_core)
