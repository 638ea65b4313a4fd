"""Hypnosia: 6 dice x (4 start slots + 4 uses of each board space) actions, read from the
board the engine's views describe (on the approximate board: 6 x (4 + 4 x 108) = 2616)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arena.core.game import new_game_state, parse_options
from arena.core.registry import get_game

DICE = range(1, 7)
SLOTS = ("S1", "S2", "S3", "S4")
USES = ("", " in", " x2", " x2 in")  # single along, single across, stack along, stack across


def space_names(board: dict[str, Any]) -> list[str]:
    """Every board space's name (`A0` ...), by space index."""
    names: dict[int, str] = {}
    for circle in board["circles"]:
        for position in range(circle["size"]):
            names[circle["first"] + position] = f"{circle['letter']}{position}"
    return [names[i] for i in sorted(names)]


def board() -> dict[str, Any]:
    """The board as the spectator view of a fresh game shows it."""
    game = get_game("hypnosia")
    state = new_game_state(game, game.min_players, parse_options(game, {}), 0)
    return dict(game.view(state, None)["board"])


def moves() -> list[str]:
    """By die 1..6: S1..S4, then per space (by index) along, in, x2, x2 in."""
    spaces = space_names(board())
    out: list[str] = []
    for die in DICE:
        out += [f"{die} {slot}" for slot in SLOTS]
        out += [f"{die} {space}{use}" for space in spaces for use in USES]
    return out


def max_decisions(n: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the decisions of a game of n players, from the engine's caps."""
    return int(options.get("round_cap", 300)) * n * 2
