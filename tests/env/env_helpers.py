"""Shared by the arena.env tests: every (game, player count), and seeded playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from arena.game import Game
from arena.registry import list_games
from arena.testing import all_option_combinations

GAMES = [g.name for g in list_games()]
TABLES = [(g.name, n) for g in list_games() for n in range(g.min_players, g.max_players + 1)]


def option_sets(game: Game[Any, Any]) -> list[Any]:
    """Every combination of the game's choice options."""
    return all_option_combinations(game)


def random_states(
    game: Game[Any, Any], num_players: int, options: Any, seed: int
) -> Iterator[tuple[Any, int, list[str]]]:
    """Each decision of a seeded random game: (state, seat to move, its legal moves)."""
    from arena.game import new_game_state

    rng = random.Random(seed)
    state = new_game_state(game, num_players, options, seed)
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        legal = list(game.legal_moves(state, seat))
        yield state, seat, legal
        state = game.apply(state, seat, rng.choice(legal))
