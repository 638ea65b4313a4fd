"""Literal positions of The Number for tests: boards named by their crossed digits.

    position(3, crossed=[board(1, 2), board(), board(9)], turn=3, pending=[513, None, None])

is round 1, turn 3, seat A holding the secret 513, with 0 points for the turns before.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from arena.games.the_number.state import TheNumberOptions, TheNumberState, setup


def board(*digits: int) -> int:
    """A crossed mask from the crossed digits."""
    return sum(1 << d for d in set(digits))


def position(
    num_players: int = 3,
    *,
    crossed: Sequence[int] | None = None,
    pending: Sequence[int | None] | None = None,
    turn: int = 1,
    options: TheNumberOptions | None = None,
) -> TheNumberState:
    """Round 1 at `turn` (earlier turns scored 0), with the given boards and secrets."""
    fresh = setup(num_players, options or TheNumberOptions(), random.Random(0))
    return TheNumberState(
        options=fresh.options,
        num_players=num_players,
        round=1,
        turn=turn,
        crossed=tuple(crossed) if crossed is not None else fresh.crossed,
        pending=tuple(pending) if pending is not None else fresh.pending,
        turn_scores=tuple((0,) * (turn - 1) for _ in range(num_players)),
        round_totals=fresh.round_totals,
        history=(),
    )
