"""Hypnosia's compiled engine: the C core (`_core.c`) in the CompiledEngine protocol.

`ENGINE` plays the rules of rules.py on the core's own immutable states, or is None with
`MISSING` saying why the core could not be imported. The board is not written into the C: its
tables (board.py) and the move texts (notation.py) are handed to the core once, here, so a new
board_data.py reaches both engines alike.

The core plays every legal move itself. What it leaves to the reference engine, through
`_slow_play` (a state converted back, played by rules.play, converted forth): a move that is not
legal now (rules.play raises its own InvalidMoveError or IllegalMoveError), a seat that is not
the one to move, and a position the core's fast path does not cover (none that the engine
reaches). The Outcome is always the reference's: rules.outcome of the state converted back,
once the game is over.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from arena.core.chance import Stream
from arena.core.compiled import CompiledEngine, load_core
from arena.core.game import CAPPED_END, NORMAL_END
from arena.core.values import Outcome, Seat
from arena.errors import IllegalMoveError

from . import rules
from .board import ACROSS, ALONG, FROM_START, MAX_DIE, NUM_SPACES, START_SLOTS
from .game import GAME
from .notation import ROLL_TEXT, SKIP_TEXT, TEXT, MoveKey
from .rules import setup as reference_setup
from .state import HypnosiaOptions, State

_loaded, MISSING = load_core(__package__)
_core: Any = _loaded  # the C module (None if it did not import: then ENGINE is None too)


def _tokens() -> tuple[str, ...]:
    """Every move text by the core's code: ((die - 1) * sources + source) * 4 + stack * 2 +
    inward, sources being the spaces then the start slots S1..S4."""
    sources = [*range(NUM_SPACES), *(-k for k in range(1, START_SLOTS + 1))]
    return tuple(
        TEXT[MoveKey(die, source, stack, inward)]
        for die in range(1, MAX_DIE + 1)
        for source in sources
        for stack in (False, True)
        for inward in (False, True)
    )


def _slow_play(state: Any, seat: Seat, move: str) -> Any:
    """What the core leaves to the reference: play on the state converted back."""
    return _core.from_reference(rules.play(_core.to_reference(state), seat, move))


def _outcome_of(state: Any) -> Outcome | None:
    """The reference's outcome of a finished compiled state."""
    return rules.outcome(_core.to_reference(state))


def from_pickled_reference(state: State) -> Any:
    """A compiled state from the reference state it was pickled as (the core's __reduce__)."""
    return _core.from_reference(state)


class HypnosiaCompiled:
    """The CompiledEngine of Hypnosia: the core's functions, bound as attributes (no Python
    frame between a caller and the C on the hot path)."""

    name = "hypnosia"

    def __init__(self, core: Any) -> None:
        self.to_move: Callable[[Any], tuple[Seat, ...]] = core.to_move
        self.legal_moves: Callable[[Any, Seat], Sequence[str]] = core.legal_moves
        self.play: Callable[[Any, Seat, str], Any] = core.play
        self.outcome: Callable[[Any], Outcome | None] = core.outcome
        self.from_reference: Callable[[State], Any] = core.from_reference
        self.to_reference: Callable[[Any], State] = core.to_reference

    def setup(self, num_players: int, options: HypnosiaOptions, rng: random.Random) -> Any:
        """The reference's deal and roll-off (once a game), converted."""
        return self.from_reference(reference_setup(num_players, options, rng))

    def apply(self, state: Any, seat: Seat, move: str) -> Any:
        """`play` after GameBase.apply's turn check, refused in the reference's words.

        bench/side_by_side.py's loop reads `getattr(game, "play", game.apply)`, whose default is
        evaluated first: without an `apply` it fails on a compiled engine."""
        if seat not in self.to_move(state):
            raise IllegalMoveError(GAME.not_to_move(self.to_reference(state), seat))
        return self.play(state, seat, move)


def _engine() -> tuple[CompiledEngine | None, str]:
    if _core is None:
        return None, MISSING
    try:
        _core.init(
            NUM_SPACES,
            ALONG,
            ACROSS,
            FROM_START,
            _tokens(),
            tuple(text for row in ROLL_TEXT for text in row),
            tuple(f"rolloff {a} {b}" for a in range(MAX_DIE + 1) for b in range(MAX_DIE + 1)),
            SKIP_TEXT,
            NORMAL_END,
            CAPPED_END,
            State._make,
            Stream,
            _slow_play,
            _outcome_of,
        )
    except ValueError as exc:  # a board the core cannot hold
        return None, f"the core refused the board tables: {exc}"
    return HypnosiaCompiled(_core), ""


ENGINE, MISSING = _engine()
