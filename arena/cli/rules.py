"""`arena rules GAME`: print the game's page for bot authors (docs/games/<game>.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import arena
from arena.cli import app
from arena.core.registry import get_game
from arena.errors import ConfigError

# The pages live in the source tree beside the package (an editable install or a clone).
DOCS_DIR = Path(arena.__file__).resolve().parent.parent / "docs" / "games"


def rules_path(game_name: str) -> Path:
    """The rules page of a registered game (ConfigError when the page is missing)."""
    game = get_game(game_name)
    path = DOCS_DIR / f"{game.name}.md"
    if not path.is_file():
        raise ConfigError(
            f"no rules page for {game.name} at {path} (arena rules reads docs/games/ of the "
            "source tree: install arena from a clone with pip install -e .)"
        )
    return path


@app.command("rules")
def rules_command(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="Game name (see `arena games`).")
    ],
) -> None:
    """Print a game's rules, move notation, view fields and engine assumptions."""
    typer.echo(rules_path(game_name).read_text(encoding="utf-8"), nl=False)
