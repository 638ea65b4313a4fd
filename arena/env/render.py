"""Rendering for the environments: the game's text picture ("ansi", returned), the same picture
printed at every reset and step ("human", whose `render()` returns None, the PettingZoo and
Gymnasium convention)."""

from __future__ import annotations

import sys
from typing import Any

from arena.core import Seat
from arena.env.match import EnvMatch

RENDER_MODES = ("ansi", "human")
RENDER_FPS = 4  # a human-mode picture per step, paced for reading (nothing waits on it)


class Renderer:
    """Draws one environment's position in its render mode."""

    def __init__(self, match: EnvMatch, mode: str | None) -> None:
        if mode is not None and mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {mode!r}")
        self.match = match
        self.mode = mode

    def text(self, seat: Seat | None) -> str:
        """The game's text picture, as `seat` (None: a spectator) sees it."""
        return str(self.match.game.render(self.match.state, seat))

    def render(self, seat: Seat | None = None) -> Any:
        """What `render()` returns in this mode: the text for "ansi", else None."""
        if self.mode == "ansi" and self.match.state is not None:
            return self.text(seat)
        return None

    def human(self, seat: Seat | None = None) -> None:
        """In human mode, show the position now (called by reset and step)."""
        if self.mode == "human" and self.match.state is not None:
            print(self.text(seat), file=sys.stdout, flush=True)

    def close(self) -> None:
        """Nothing is held open by the text modes."""
