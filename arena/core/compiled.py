"""The games' compiled engines: the same rules as the pure-Python engine, in C, for whatever plays
many games (a search of your own, the benches).

A game may have one: `arena/games/<game>/_core.c` (built by setup.py at install) and, beside it,
`compiled.py`, whose `ENGINE` wraps the core in the `CompiledEngine` protocol below, or is None
with `MISSING` saying why (the core did not build). The pure-Python engine stays the reference:
the referee, the records and the views use it, and `check_compiled` below plays both side
by side (same seats to move, same legal moves in the same order, same outcome, and the compiled
state converted back equal to the reference state after every move).

    engine = compiled("azul")          # None: no core for this game, or it did not build
    state = engine.from_reference(reference_state)
    state = engine.play(state, seat, move)
    reference_state = engine.to_reference(state)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol

from arena.core.registry import game_entry, get_game, load_part
from arena.core.values import Outcome, Seat
from arena.errors import ConfigError


class CompiledEngine(Protocol):
    """A game's rules on states of the compiled core's own type (opaque to the caller)."""

    name: str

    def setup(self, num_players: int, options: Any, rng: random.Random) -> Any:
        """The same deal as the reference engine's setup from the same rng."""
        ...

    def to_move(self, state: Any) -> tuple[Seat, ...]: ...

    def legal_moves(self, state: Any, seat: Seat) -> Sequence[str]:
        """The reference engine's legal moves, as the same strings in the same order."""
        ...

    def play(self, state: Any, seat: Seat, move: str) -> Any:
        """The state after `move` (a seat to move); an illegal move raises IllegalMoveError."""
        ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def from_reference(self, state: Any) -> Any:
        """The compiled state of a reference engine state."""
        ...

    def to_reference(self, state: Any) -> Any:
        """The reference engine state equal to a compiled state."""
        ...


def _module(game: str) -> Any | None:
    """The glue module of `game`'s compiled engine (registry entry `compiled`), or None."""
    path = game_entry(game).compiled
    return None if path is None else importlib.import_module(path.partition(":")[0])


def compiled(game: str) -> CompiledEngine | None:
    """The compiled engine of `game`, or None (it has no core, or its core did not build)."""
    path = game_entry(game).compiled
    return None if path is None else load_part(path)


def core_module(game: str) -> Any | None:
    """The `_core` extension module of `game`'s compiled engine, or None (no core, or not
    built): what it offers besides the engine (arena.env's observation encoders)."""
    module = _module(game)
    if module is None:
        return None
    return load_core(module.__package__)[0]


def require_compiled(game: str) -> CompiledEngine:
    """The compiled engine of `game`; ConfigError saying why there is none."""
    engine = compiled(game)
    if engine is not None:
        return engine
    module = _module(game)
    if module is None:
        raise ConfigError(f"{game} has no compiled engine (only the pure-Python one)")
    raise ConfigError(
        f"{game}'s compiled core is not built ({module.MISSING}): reinstall arena "
        "(`pip install -e .` or `make test`) with a C compiler and Python's headers"
    )


def load_core(package: str) -> tuple[Any | None, str]:
    """(the `_core` extension of a game package, '') or (None, why it could not be imported):
    a glue module's `_core, MISSING = load_core(__package__)`."""
    try:
        return importlib.import_module("._core", package), ""
    except ImportError as exc:
        return None, str(exc)


def check_compiled(
    game: str,
    num_players: int,
    options: Any,
    games: int,
    *,
    seed: int = 0,
    max_decisions: int = 100_000,
) -> int:
    """Play `games` seeded random games on the reference engine and the compiled one in step;
    AssertionError at the first difference. Returns the decisions compared.

    Compared before every decision: the outcome, the seats to move, every such seat's legal moves
    (same strings, same order), the compiled state converted back (equal to the reference state)
    and converted forth again (a state of the same future); after the last, the outcomes. A
    move no seat may play is refused by both with the same error class.
    """
    reference = get_game(game)
    engine = require_compiled(game)
    decisions = 0
    for g in range(seed, seed + games):
        rng = random.Random(g ^ 0x5EED)
        ref = reference.setup(num_players, options, random.Random(g))
        fast = engine.setup(num_players, options, random.Random(g))
        where = f"{game}, {num_players} players, {options}, game seed {g}"
        for ply in range(max_decisions + 1):
            at = f"{where}, ply {ply}"
            _expect(engine.to_reference(fast) == ref, f"{at}: the states differ")
            _expect(engine.outcome(fast) == reference.outcome(ref), f"{at}: the outcomes differ")
            if reference.outcome(ref) is not None:
                break
            movers = reference.to_move(ref)
            _expect(tuple(engine.to_move(fast)) == tuple(movers), f"{at}: the seats to move differ")
            for seat in movers:
                want = list(reference.legal_moves(ref, seat))
                got = list(engine.legal_moves(fast, seat))
                _expect(got == want, f"{at}: seat {seat}'s legal moves differ: {got} != {want}")
            seat = rng.choice(movers)
            move = rng.choice(list(reference.legal_moves(ref, seat)))
            if ply % 7 == 0:  # now and then a move from the reference state converted forth
                fast = engine.from_reference(ref)
            if ply % 11 == 3:
                _same_refusal(reference, engine, ref, fast, seat, at)
            ref = reference.play(ref, seat, move)
            fast = engine.play(fast, seat, move)
            decisions += 1
        else:
            raise AssertionError(f"{where}: no end after {max_decisions} decisions")
    return decisions


def _same_refusal(
    reference: Any, engine: CompiledEngine, ref: Any, fast: Any, seat: Seat, at: str
) -> None:
    """A malformed move is refused by both engines with the same error class."""
    errors: list[type[Exception] | None] = []
    for game, state in ((reference, ref), (engine, fast)):
        try:
            game.play(state, seat, "no such move")
        except Exception as exc:  # any class: compared below
            errors.append(type(exc))
        else:
            errors.append(None)
    _expect(errors[0] is not None and errors[0] == errors[1], f"{at}: refusals differ: {errors}")


def _expect(holds: bool, message: str) -> None:
    """An AssertionError when a comparison fails (raised, not asserted: `python -O` keeps it)."""
    if not holds:
        raise AssertionError(message)
