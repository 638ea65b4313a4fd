"""docs/ml.md and the games' "Action space" sections say what the code does: the sizes of
every action space and observation vector, and the name of every observation part."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from env_helpers import GAMES

from arena.core.registry import get_game
from arena.env.actions import table_for
from arena.env.observations import encoder_for

DOCS = Path(__file__).resolve().parents[2] / "docs"
ML = (DOCS / "ml.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_games_page_gives_its_action_space(game: str) -> None:
    page = (DOCS / "games" / f"{game}.md").read_text(encoding="utf-8")
    section = page[page.index("## Action space") :]
    assert f"Discrete({table_for(game).size})" in section
    assert re.search(rf"\| `{game}` \| {table_for(game).size} \|", ML)


@pytest.mark.parametrize("game", GAMES)
def test_ml_md_gives_every_observation_size_and_part(game: str) -> None:
    g = get_game(game)
    counts = range(g.min_players, g.max_players + 1)
    sizes = ", ".join(f"{n}: {encoder_for(game, n).size}" for n in counts)
    assert f"| `{game}` | {sizes} |" in ML
    for part in encoder_for(game, g.min_players).layout.parts:
        assert f"`{part.name}`" in ML, part.name
