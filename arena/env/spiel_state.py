"""What the OpenSpiel states of one loaded game share, and what each state holds besides
pyspiel's own history (arena/env/openspiel.py): the game-wide context, the deal seed a state
and its clones share, the engine state with its current player kept, and the link back to the
game's context that survives pickling."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from arena.core.game import Game, new_game_state
from arena.env.actions import ActionTable
from arena.env.observations import Encoder

TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class Shared:
    """Holds something immutable or game-wide: OpenSpiel deep-copies a state's attributes on
    every clone, and these need no copy (engine states are never changed in place)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


INITIAL_KEPT = 8  # initial engine states kept per loaded game, by deal seed
CACHED = 64  # views and vectors kept per loaded game, by (engine state, seat)


@dataclasses.dataclass(slots=True)
class SpielContext:
    """What every state of one loaded game shares."""

    game: Game[Any, Any]
    num_players: int
    options: Any
    table: ActionTable
    encoder: Encoder
    resample: Callable[[Any, int, random.Random], Any]
    fixed_seed: int
    deals: random.Random  # deal seeds when no fixed seed is given
    resampling: random.Random  # for resample_from_infostate
    # OpenSpiel asks for a seat's tensors and strings one by one: its view and its vector are
    # each made once per (engine state, seat). Keyed by id, with the state kept to check it.
    views: dict[tuple[int, int], tuple[Any, dict[str, Any]]] = dataclasses.field(
        default_factory=dict
    )
    vectors: dict[tuple[int, int], tuple[Any, np.ndarray]] = dataclasses.field(default_factory=dict)
    # The initial engine state of recent deal seeds (engine states are never changed in
    # place): pyspiel makes a throwaway initial state for every tensor it hands out.
    initial: dict[int, Any] = dataclasses.field(default_factory=dict)
    upcoming: int | None = None  # the next deal seed, drawn from `deals` but not yet given

    def peek_seed(self) -> int:
        """The seed the next new deal gets (nothing is used up)."""
        if self.fixed_seed >= 0:
            return self.fixed_seed
        if self.upcoming is None:
            self.upcoming = self.deals.getrandbits(31)
        return self.upcoming

    def take_seed(self) -> int:
        """The seed of a new deal (the next one after it differs, unless the seed is fixed)."""
        seed = self.peek_seed()
        self.upcoming = None
        return seed

    def initial_state(self, seed: int) -> Any:
        """The engine's initial state of a deal seed (set up once while recent)."""
        state = self.initial.get(seed)
        if state is None:
            if len(self.initial) >= INITIAL_KEPT:
                self.initial.clear()
            state = new_game_state(self.game, self.num_players, self.options, seed)
            self.initial[seed] = state
        return state

    def view(self, engine_state: Any, player: int) -> dict[str, Any]:
        """The view of `player` in `engine_state` (kept while recent: do not change it)."""
        key = (id(engine_state), player)
        hit = self.views.get(key)
        if hit is None or hit[0] is not engine_state:
            if len(self.views) >= CACHED:
                self.views.clear()
            hit = (engine_state, self.game.view(engine_state, player))
            self.views[key] = hit
        return hit[1]

    def vector(self, engine_state: Any, player: int) -> np.ndarray:
        """The observation vector of `player` in `engine_state` (kept while recent: do not
        change it), encoded straight from the state where the game's core can."""
        key = (id(engine_state), player)
        hit = self.vectors.get(key)
        if hit is None or hit[0] is not engine_state:
            if len(self.vectors) >= CACHED:
                self.vectors.clear()
            hit = (engine_state, self.encoder.encode_state(engine_state, player))
            self.vectors[key] = hit
        return hit[1]


class Deal:
    """The deal seed of a state and of its clones, which share it: chosen when first needed, so
    a state that is made and dropped unused (pyspiel makes one for every tensor it hands out,
    and one for every clone) uses up no seed. A tensor of a state not yet dealt shows the deal
    it would get (`shown`), and the state keeps that deal when it is used."""

    __slots__ = ("ctx", "seed", "shown")

    def __init__(self, ctx: SpielContext | None, seed: int | None = None) -> None:
        self.ctx = ctx
        self.seed = seed
        self.shown: int | None = None

    def taken(self) -> int:
        """The seed, chosen now if it was not."""
        if self.seed is None:
            assert self.ctx is not None
            seed = self.ctx.take_seed()
            self.seed = seed if self.shown is None else self.shown
        return self.seed

    def preview(self) -> int:
        """The seed, or the one the state would get if it were dealt now (nothing used up)."""
        if self.seed is not None:
            return self.seed
        if self.shown is None:
            assert self.ctx is not None
            self.shown = self.ctx.peek_seed()
        return self.shown

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (OpenSpiel's serialize) with its seed chosen."""
        return (Deal, (None, self.taken()))


class EngineState:
    """An engine state (never changed in place), shared by clones, with its current player kept:
    pyspiel asks for it several times per action."""

    __slots__ = ("player", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.player: int | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> EngineState:
        return self

    def current_player(self, game: Game[Any, Any]) -> int:
        """The lowest seat to move, or TERMINAL."""
        if self.player is None:
            over = game.outcome(self.value) is not None
            self.player = TERMINAL if over else min(game.to_move(self.value))
        return self.player


class GameLink:
    """A state's way to its game's context, looked up again after unpickling (pyspiel pickles a
    state's attributes; the game's context is not part of the state)."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: SpielContext | None = None) -> None:
        self.ctx = ctx

    def __deepcopy__(self, memo: dict[int, Any]) -> GameLink:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (GameLink, ())
