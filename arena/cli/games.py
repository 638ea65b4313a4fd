"""`arena games`: the registered games, their player counts and options."""

from __future__ import annotations

import dataclasses

from rich.table import Table

from arena.cli import app
from arena.cli.output import console
from arena.core.game import option_choices, option_fields
from arena.core.registry import list_games
from arena.match.strategies import strategies_for


@app.command("games")
def games_command() -> None:
    """List the games with their player counts, options and built-in bots."""
    table = Table(title="Games")
    table.add_column("game")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default first)")
    table.add_column("built-in bots")
    for game in list_games():
        opts = []
        for f in option_fields(game):
            default = f.default if f.default is not dataclasses.MISSING else None
            default_text = getattr(default, "value", default)
            default_text = str(default_text).lower() if isinstance(default, bool) else default_text
            choices = option_choices(game, f.name)
            others = [c for c in (choices or ()) if c != str(default_text)]
            opts.append(f"{f.name}={default_text}" + (f" ({'|'.join(others)})" if others else ""))
        table.add_row(
            game.name,
            game.title,
            f"{game.min_players}-{game.max_players}",
            "\n".join(opts) or "-",
            ", ".join(sorted(strategies_for(game.name))),
        )
    console().print(table)
