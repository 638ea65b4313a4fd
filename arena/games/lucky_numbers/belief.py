"""A full Lucky Numbers state consistent with what one seat sees (its view), for search bots.

The view shows every grid, the table and the tile in hand; what it hides is the pot's order
and, during Michael's setup, the starting tiles not yet revealed. Both are sampled here as the
rules make them: every player's set holds 1..20 once, so the unseen tiles are each value's
`num_players` copies less the visible ones; a seat's unrevealed starting tiles are distinct
values of its own set that it has not revealed yet (uniform: nothing is drawn before the setup
ends), and the pot is every other unseen tile in a uniformly random order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from arena.core.values import Termination
from arena.games.lucky_numbers.notation import CELLS, DIAGONAL, MAX_VALUE, MIN_VALUE
from arena.games.lucky_numbers.state import (
    START_TILES,
    TURN_CAP,
    LuckyNumbersOptions,
    LuckyNumbersState,
    Phase,
    Source,
)


def unseen_tiles(view: Mapping[str, Any]) -> list[int]:
    """Every tile the view does not show (pot and unrevealed starting tiles), ascending."""
    left = [view["num_players"]] * (MAX_VALUE + 1)
    left[0] = 0
    for grid in view["grids"]:
        for value in grid:
            left[value] -= 1 if value else 0
    for value in view["table"]:
        left[value] -= 1
    if view["hand"]:
        left[view["hand"]] -= 1
    return [v for v in range(MIN_VALUE, MAX_VALUE + 1) for _ in range(left[v])]


def _hidden_starts(
    view: Mapping[str, Any], unseen: list[int], rng: random.Random
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """Michael's setup: each seat's unrevealed starting tiles, and the placements made so far."""
    current = view["current_seat"]
    placed = sum(1 for grid in view["grids"] for c in DIAGONAL if grid[c])
    hidden = []
    for seat, grid in enumerate(view["grids"]):
        revealed = {grid[c] for c in DIAGONAL if grid[c]}
        if seat == current:
            revealed.add(view["hand"])
        own = sorted(set(range(MIN_VALUE, MAX_VALUE + 1)) - revealed)
        hidden.append(tuple(rng.sample(own, START_TILES - len(revealed))))
    for tiles in hidden:
        for value in tiles:
            unseen.remove(value)
    return tuple(hidden), placed


def sample_state(view: Mapping[str, Any], rng: random.Random) -> LuckyNumbersState:
    """A state whose view for `view["seat"]` is `view`, its hidden part drawn from `rng`."""
    options = LuckyNumbersOptions(**view["options"])
    phase = Phase(view["phase"])
    unseen = unseen_tiles(view)
    setup_tiles: tuple[tuple[int, ...], ...] = ()
    setup_step = 0
    if options.setup == "michael":
        setup_step = START_TILES * view["num_players"]
        if phase is Phase.SETUP:
            setup_tiles, setup_step = _hidden_starts(view, unseen, rng)
        else:
            setup_tiles = ((),) * view["num_players"]  # what the engine keeps after its setup
    rng.shuffle(unseen)
    grids = tuple(tuple(g) for g in view["grids"])
    return LuckyNumbersState(
        options=options,
        grids=grids,
        table=tuple(view["table"]),
        pot=tuple(unseen),
        start=view["start_seat"],
        current=view["current_seat"],
        phase=phase,
        turn=view["turn"],
        hand=view["hand"],
        source=Source(view["hand_source"]),
        setup_tiles=setup_tiles,
        setup_step=setup_step,
        bonus=view["bonus_turn"],
        chain_returned=tuple(view["chain_returned"]),
        winners=_winners(grids) if phase is Phase.OVER else (),
        termination=_termination(view, unseen) if phase is Phase.OVER else Termination.NORMAL,
    )


def _winners(grids: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    """Who won a finished game: the full grid, else the most tiles (§5)."""
    tiles = [CELLS - g.count(0) for g in grids]
    full = tuple(s for s, t in enumerate(tiles) if t == CELLS)
    return full or tuple(s for s, t in enumerate(tiles) if t == max(tiles))


def _termination(view: Mapping[str, Any], pot: list[int]) -> Termination:
    """A finished game ended normally unless it hit the turn cap with a pot left (LN-A14)."""
    full = any(CELLS - list(g).count(0) == CELLS for g in view["grids"])
    capped = pot and not full and view["turn"] >= TURN_CAP
    return Termination.TURN_CAP if capped else Termination.NORMAL
