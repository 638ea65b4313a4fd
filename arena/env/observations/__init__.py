"""Observation encoders: a seat's view (the game's `view(state, seat)`) as one float32 vector.

Each game's module names the parts of its vector (`layout(num_players)`, documented shapes)
and fills them from the view alone (`fill(view, parts)`), so an observation holds exactly
what the seat may see. A module may also offer `fill_state(state, seat, out)`: the same vector
written straight from an engine state into a float32 buffer by the game's compiled core,
without building the view (None when the core is not built); the view's encoding stays the
reference, and tests/env/test_env_compiled_observations.py checks that both agree.
Seat-indexed parts are in the observer's order: itself first, then the seats after it in play
order (seat + 1, seat + 2 ... wrapping).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from arena.core.compiled import core_module
from arena.core.registry import adapter, get_game


@dataclass(frozen=True, slots=True)
class Part:
    """One named piece of an observation vector: its shape and value bounds."""

    name: str
    shape: tuple[int, ...]
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        """How many numbers it holds."""
        return int(np.prod(self.shape, dtype=np.int64))


class Layout:
    """The parts of a flat observation vector, in order."""

    def __init__(self, parts: Sequence[Part]) -> None:
        self.parts = tuple(parts)
        self.size = sum(p.size for p in self.parts)
        self.low = np.concatenate([np.full(p.size, p.low, np.float32) for p in self.parts])
        self.high = np.concatenate([np.full(p.size, p.high, np.float32) for p in self.parts])
        bounds = np.cumsum([0] + [p.size for p in self.parts]).tolist()
        self._slices = [
            (p.name, bounds[i], bounds[i + 1], p.shape) for i, p in enumerate(self.parts)
        ]
        self.offsets: dict[str, int] = {p.name: bounds[i] for i, p in enumerate(self.parts)}

    def split(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """Named, reshaped views into `flat` (writing to them writes to `flat`)."""
        return {name: flat[a:b].reshape(shape) for name, a, b, shape in self._slices}


Fill = Callable[[Mapping[str, Any], dict[str, np.ndarray]], None]
FillList = Callable[[Mapping[str, Any], list[float], Mapping[str, int]], None]
FillState = Callable[[Any, int, np.ndarray], None]
"""A game may fill its vector as a Python list instead (`fill_list(view, values, offsets)`,
values all zeros, offsets: where each part starts): list writes cost a tenth of numpy's
element writes, for a vector filled element by element."""


class Encoder:
    """Encodes the views of one game at one player count."""

    def __init__(self, game_name: str, num_players: int) -> None:
        self.game = get_game(game_name).name
        self.num_players = num_players
        module = adapter(self.game, "observations")
        self.layout: Layout = module.layout(num_players)
        self._fill_list: FillList | None = getattr(module, "fill_list", None)
        self._fill: Fill | None = getattr(module, "fill", None)
        self._fill_state: FillState | None = getattr(module, "fill_state", None)
        self._view = get_game(game_name).view
        self._floats: Callable[[np.ndarray], list[float]] | None = getattr(
            core_module(self.game), "floats", None
        )
        # A scratch vector and its named parts per thread (the bridge decides in worker
        # threads): splitting a fresh vector on every call costs as much as filling it.
        self._scratch = threading.local()

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled and deep-copied by name: the game's one encoder at that player count (it
        holds no state of a game, and its per-thread scratch cannot be pickled)."""
        return (encoder_for, (self.game, self.num_players))

    @property
    def size(self) -> int:
        """The length of an observation vector."""
        return self.layout.size

    @property
    def compiled(self) -> bool:
        """Whether `encode_state` writes the vector from the compiled core."""
        return self._fill_state is not None

    def encode_state(self, state: Any, seat: int) -> np.ndarray:
        """The observation vector of `seat` in an engine state (a new array): from the game's
        compiled core when it has one, else the encoding of the seat's view."""
        if self._fill_state is not None:
            out = np.empty(self.layout.size, np.float32)
            self._fill_state(state, seat, out)
            return out
        return self.encode(self._view(state, seat))

    def floats(self, vector: np.ndarray) -> list[float]:
        """An observation vector as a new list of floats (`vector.tolist()`, by the compiled
        core when it is built: OpenSpiel hands tensors out as lists)."""
        if self._floats is not None:
            return self._floats(vector)
        listed: list[float] = vector.tolist()
        return listed

    def encode(self, view: Mapping[str, Any], out: np.ndarray | None = None) -> np.ndarray:
        """The observation vector of a seat's view (a new array, or `out` filled)."""
        if self._fill_list is not None:
            values = [0.0] * self.layout.size
            self._fill_list(view, values, self.layout.offsets)
            if out is None:
                return np.array(values, np.float32)
            out[:] = values
            return out
        assert self._fill is not None
        scratch = self._scratch
        if not hasattr(scratch, "flat"):
            scratch.flat = np.zeros(self.size, np.float32)
            scratch.parts = self.layout.split(scratch.flat)
        scratch.flat.fill(0.0)
        self._fill(view, scratch.parts)
        if out is None:
            return np.array(scratch.flat)
        out[:] = scratch.flat
        return out


@cache
def encoder_for(game_name: str, num_players: int) -> Encoder:
    """The encoder of a game at a player count (built once)."""
    return Encoder(game_name, num_players)


def relative(view: Mapping[str, Any], seat: int, n: int) -> int:
    """Where `seat` sits counted from the viewer: 0 is the viewer, 1 the next seat ..."""
    return (seat - int(view["seat"])) % n


def in_seat_order(view: Mapping[str, Any], items: Sequence[Any]) -> list[Any]:
    """`items` (one per seat) reordered from the viewer on."""
    me, n = int(view["seat"]), len(items)
    return [items[(me + k) % n] for k in range(n)]


def one_hot(target: np.ndarray, index: int) -> None:
    """Set target[index] to 1 when the index is in range (else leave it all zeros)."""
    if 0 <= index < len(target):
        target[index] = 1.0
