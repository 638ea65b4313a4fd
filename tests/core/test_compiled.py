"""arena.compiled: a game's compiled engine is found by its package, or said to be missing."""

from __future__ import annotations

import pytest

from arena.compiled import compiled, load_core, require_compiled
from arena.errors import ConfigError, UnknownGameError


def test_a_game_without_a_core_has_no_compiled_engine_and_says_so() -> None:
    assert compiled("the_number") is None
    with pytest.raises(ConfigError, match="the_number has no compiled engine"):
        require_compiled("the_number")


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownGameError):
        compiled("chess")


def test_a_core_that_did_not_build_is_reported_with_why() -> None:
    core, why = load_core("arena.games.the_number")  # it has no core
    assert core is None and "_core" in why
