"""check_game in several processes: the same games, the same report, the first failure."""

from __future__ import annotations

import pytest

from arena.core.registry import get_game
from arena.games.testing import ConformanceError, check_game

GAME = get_game("the_number")


def never_holds(state: object) -> None:
    """An invariant every state breaks (module level: it must pickle for the workers)."""
    raise AssertionError("broken on purpose")


def test_several_workers_report_what_one_process_does() -> None:
    one = check_game(GAME, games=24, seed=5)
    two = check_game(GAME, games=24, seed=5, workers=2)
    assert (two.games, two.decisions, two.by_players, two.terminations) == (
        one.games,
        one.decisions,
        one.by_players,
        one.terminations,
    )


def test_the_failure_of_the_lowest_game_is_raised() -> None:
    # Both workers fail on their first game; game 0 (seed 7 * 1_000_003) is the one reported.
    with pytest.raises(ConformanceError, match=r"seed 7000021 ply 0: invariant broken"):
        check_game(GAME, games=8, seed=7, invariant=never_holds, workers=2)
