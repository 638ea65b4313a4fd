"""Every game's boss follows the factory contract of arena/search/__init__.py."""

from __future__ import annotations

import inspect

import pytest

from arena.core.players import THINKING
from arena.core.registry import list_games
from arena.errors import ConfigError
from arena.match.strategies import make_policy, strategies_for

LEVELS = ("boss", "boss:1", "boss:2", "boss:3")
BOSS_GAMES = [g.name for g in list_games() if "boss" in strategies_for(g.name)]


def test_every_game_has_a_boss() -> None:
    assert set(BOSS_GAMES) == {g.name for g in list_games()}  # every game has its boss


@pytest.mark.parametrize("game", BOSS_GAMES)
def test_every_level_takes_a_seed_a_time_cap_and_fixed_work(game: str) -> None:
    known = strategies_for(game)
    for level in LEVELS:
        signature = inspect.signature(known[level])
        signature.bind(None)
        signature.bind(7, budget_ms=200, iterations=50)
        assert callable(make_policy(game, level, 7, budget_ms=200, iterations=50))


@pytest.mark.parametrize("game", BOSS_GAMES)
def test_every_level_is_marked_thinking(game: str) -> None:
    # An in-process player runs a thinking policy off the event loop (arena/core/players.py): a boss
    # left unmarked would think on the loop and cost the other seats, and matches, their clock.
    for level in LEVELS:
        assert getattr(make_policy(game, level, 7), THINKING, False), level
    assert not getattr(make_policy(game, "greedy", 7), THINKING, False)


def test_a_strategy_without_search_settings_refuses_them() -> None:
    assert callable(make_policy("azul", "greedy", 1, budget_ms=None, iterations=None))
    with pytest.raises(ConfigError, match="takes no budget_ms"):
        make_policy("azul", "greedy", 1, budget_ms=100)
    with pytest.raises(ConfigError, match="takes no iterations"):
        make_policy("lucky_numbers", "random", 1, iterations=100)
