"""Fixed Discrete action spaces: one table per game, move text <-> action index.

A table lists every move text the game can ever offer, in a fixed documented order, so an
index means the same move in every position, player count and option set. A legal move maps
to its index and back without looking at the position; the mask of a position marks the
indexes of its legal moves. A game's module may also offer `fill_mask(state, seat, out)`: a
seat's mask written straight from an engine state into an int8 buffer by the game's compiled
core (None when the core is not built), the same mask as its legal moves' (tests/env/
test_env_compiled_observations.py checks both agree).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any

import numpy as np

from arena.core.registry import adapter, get_game
from arena.errors import InvalidMoveError

LONG_LIST = 64  # legal moves from which the kept mask beats sorting their indexes
MASKS_KEPT = 512  # masks kept per table, by legal-move list (The Number has at most 1024)


class ActionTable:
    """Every move a game can ever offer, by index."""

    def __init__(
        self,
        game: str,
        moves: Sequence[str],
        fill_mask: Callable[[Any, int, np.ndarray], None] | None = None,
    ) -> None:
        self.game = game
        self.fill_mask = fill_mask  # (state, seat, out): the compiled core's mask, or None
        self.moves: tuple[str, ...] = tuple(moves)
        self.index: dict[str, int] = {m: i for i, m in enumerate(self.moves)}
        if len(self.index) != len(self.moves):
            raise ValueError(f"{game}: the action table repeats a move")
        # The mask of recent legal-move lists: positions repeat them (The Number offers the
        # same 1,000 writes all round), and a list's tuple hashes its cached string hashes.
        self._masks: dict[tuple[str, ...], np.ndarray] = {}

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled and deep-copied by name: the game's one table."""
        return (table_for, (self.game,))

    @property
    def size(self) -> int:
        """The number of actions (the Discrete space's n)."""
        return len(self.moves)

    def encode(self, move: str) -> int:
        """The action index of a move text; InvalidMoveError if no action means it."""
        try:
            return self.index[move]
        except KeyError:
            raise InvalidMoveError(f"{self.game}: no action for move {move!r}") from None

    def decode(self, action: int) -> str:
        """The move text of an action index; InvalidMoveError outside the table."""
        if not 0 <= action < len(self.moves):
            raise InvalidMoveError(f"{self.game}: action {action} outside 0..{self.size - 1}")
        return self.moves[action]

    def actions(self, moves: Iterable[str]) -> list[int]:
        """The sorted action indexes of some legal moves."""
        listed = tuple(moves)
        if len(listed) < LONG_LIST:
            try:
                return sorted(map(self.index.__getitem__, listed))
            except KeyError as e:
                raise InvalidMoveError(f"{self.game}: no action for move {e.args[0]!r}") from None
        indexes: list[int] = np.flatnonzero(self._mask(listed)).tolist()
        return indexes

    def legal_actions(self, game: Any, state: Any, seat: int) -> list[int]:
        """The sorted action indexes of `seat`'s legal moves in an engine state of `game`
        (from the compiled core's mask when it has one)."""
        if self.fill_mask is None:
            return self.actions(game.legal_moves(state, seat))
        mask = np.empty(self.size, np.int8)
        self.fill_mask(state, seat, mask)
        indexes: list[int] = np.flatnonzero(mask).tolist()
        return indexes

    def mask(self, moves: Iterable[str]) -> np.ndarray:
        """An int8 vector of the table's size: 1 at the index of every given move (a new
        array, the caller's to change)."""
        return self._mask(tuple(moves)).copy()

    def _mask(self, moves: tuple[str, ...]) -> np.ndarray:
        """The mask of a move list, kept (read-only: never hand it out unchanged)."""
        mask = self._masks.get(moves)
        if mask is None:
            try:
                where = np.fromiter(map(self.index.__getitem__, moves), np.intp, len(moves))
            except KeyError as e:
                raise InvalidMoveError(f"{self.game}: no action for move {e.args[0]!r}") from None
            mask = np.zeros(self.size, dtype=np.int8)
            mask[where] = 1
            if len(self._masks) >= MASKS_KEPT:
                self._masks.clear()
            self._masks[moves] = mask
        return mask


@cache
def table_for(game_name: str) -> ActionTable:
    """The action table of a registered game (built once)."""
    game = get_game(game_name)
    module = adapter(game.name, "actions")
    return ActionTable(game.name, module.moves(), getattr(module, "fill_mask", None))
