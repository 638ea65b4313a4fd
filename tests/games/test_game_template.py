"""Every game package has the template's files (docs/adding-a-game.md): the same name for the
same concern in all six, so a newcomer who knows one game finds their way in any other."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.core.registry import list_games

GAMES = Path(__file__).resolve().parents[2] / "arena" / "games"
TEMPLATE = {
    "__init__.py", "game.py", "state.py", "rules.py", "notation.py", "view.py", "wire.py",
    "render.py", "strategy.py", "sampling.py", "positions.py", "belief.py", "boss.py",
}  # fmt: skip
# A boss's fast simulation for its rollouts, where it has one, is playout.py in every game.
ROLLOUT_NAMES = {"rollout.py", "simulation.py", "sim.py", "rollouts.py"}


@pytest.mark.parametrize("game", [g.name for g in list_games()])
def test_every_game_package_has_the_template_files(game: str) -> None:
    files = {p.name for p in (GAMES / game).glob("*.py")}
    assert TEMPLATE <= files, f"{game} lacks {sorted(TEMPLATE - files)}"
    assert not files & ROLLOUT_NAMES, f"{game}: the boss's simulation is playout.py"


def test_the_adding_a_game_page_lists_every_template_file() -> None:
    page = (GAMES.parents[1] / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in page for name in TEMPLATE), sorted(
        n for n in TEMPLATE if f"`{n}`" not in page
    )
