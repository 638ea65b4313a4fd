"""arena.core.compiled: a game's compiled engine is found by its package, or said to be missing.

Every game may get a core, so the two missing cases are made here: a registry entry without a
compiled engine, and one whose glue module says its core did not build (ENGINE None, MISSING
the reason load_core gives for a package that has no `_core`)."""

from __future__ import annotations

import dataclasses
import sys
import types

import pytest

from arena.core import registry
from arena.core.compiled import compiled, load_core, require_compiled
from arena.errors import ConfigError, UnknownGameError


def test_a_game_without_a_core_has_no_compiled_engine_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    entry = dataclasses.replace(registry.game_entry("the_number"), compiled=None)
    monkeypatch.setitem(registry._BY_NAME, "the_number", entry)
    assert compiled("the_number") is None
    with pytest.raises(ConfigError, match="the_number has no compiled engine"):
        require_compiled("the_number")


def test_an_unknown_game_is_refused_with_the_known_ones() -> None:
    with pytest.raises(UnknownGameError):
        compiled("chess")


def test_a_core_that_did_not_build_is_reported_with_why(monkeypatch: pytest.MonkeyPatch) -> None:
    core, why = load_core("arena.games")  # a package without a core
    assert core is None and "_core" in why
    glue = types.ModuleType("unbuilt_core_glue")
    glue.ENGINE = None  # type: ignore[attr-defined]
    glue.MISSING = why  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, glue.__name__, glue)
    entry = dataclasses.replace(
        registry.game_entry("the_number"), compiled=f"{glue.__name__}:ENGINE"
    )
    monkeypatch.setitem(registry._BY_NAME, "the_number", entry)
    assert compiled("the_number") is None
    with pytest.raises(ConfigError, match=r"the_number's compiled core is not built \(No module"):
        require_compiled("the_number")


class _Reversed:
    """Azul's compiled engine with its legal moves in the wrong order: a divergence to find."""

    def __init__(self, engine: object) -> None:
        self._engine = engine
        self.name = "azul"

    def __getattr__(self, name: str) -> object:
        return getattr(self._engine, name)

    def legal_moves(self, state: object, seat: int) -> list[str]:
        return list(reversed(self._engine.legal_moves(state, seat)))  # type: ignore[attr-defined]


def test_check_compiled_finds_an_engine_that_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.core import compiled as module
    from arena.games.azul import AzulOptions

    assert module.check_compiled("azul", 2, AzulOptions(), 2) > 0  # the real core agrees
    broken = _Reversed(require_compiled("azul"))
    monkeypatch.setattr(module, "require_compiled", lambda game: broken)
    with pytest.raises(AssertionError, match="seat 0's legal moves differ|seat 1's legal"):
        module.check_compiled("azul", 2, AzulOptions(), 1)
