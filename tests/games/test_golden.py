"""Every game still plays, shows, draws, sends and scores exactly as when tests/golden.json was
written (see tests/golden.py). One test per game, so that the suite's workers share them."""

from __future__ import annotations

import json

import pytest
from golden import GOLDEN, digests, refusals_text

from arena.core.registry import list_games

KEPT = json.loads(GOLDEN.read_text())


def test_the_golden_traces_cover_every_game_and_nothing_else() -> None:
    games = {g.name for g in list_games()}
    assert {key.split()[0] for key in KEPT} == games


@pytest.mark.parametrize("game", sorted(g.name for g in list_games()))
def test_every_golden_trace_of_the_game_is_unchanged(game: str) -> None:
    kept = {key: value for key, value in KEPT.items() if key.split()[0] == game}
    found = digests([game])
    assert sorted(found) == sorted(kept)
    changed = [key for key in kept if kept[key] != found[key]]
    assert not changed, (changed, refusals_text()[game])
