"""`arena leaderboard`: the TrueSkill ladder of a game, or one bot's rating history."""

from __future__ import annotations

from typing import Annotated

import typer

from arena.app.rows import HISTORY_COLUMNS, LADDER_NOTE, history_row, ladder_rows
from arena.app.values import LadderEntry
from arena.cli import app, sources
from arena.cli.output import (
    DbOption,
    FormatOption,
    OutputFormat,
    ReadServerOption,
    TlsCaOption,
    emit_note,
    emit_rows,
)


def emit_ladder(entries: list[LadderEntry], game: str, fmt: OutputFormat) -> None:
    """Print a game's ladder with its ordering rule."""
    emit_rows(ladder_rows(entries), fmt, title=f"Leaderboard: {game} (TrueSkill, all tournaments)")
    emit_note(LADDER_NOTE, fmt)


@app.command("leaderboard")
def leaderboard_command(
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Game (default: the only one stored).")
    ] = None,
    bot: Annotated[
        str | None,
        typer.Option("--bot", "-b", help="Show this bot's rating history instead of the ladder."),
    ] = None,
    last: Annotated[
        int | None,
        typer.Option("--last", "-n", min=1, help="With --bot: only its last N rated matches."),
    ] = None,
    rebuild: Annotated[
        bool,
        typer.Option(
            "--rebuild",
            help="Recompute the stored ladder from the matches first (the game, or every game).",
        ),
    ] = False,
    fmt: FormatOption = OutputFormat.TABLE,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """Show the TrueSkill ladder of a game: mu, sigma, mu - 3 sigma, games and wins."""
    remote = sources.remote_of(server, tls_ca) if server is not None else None
    if rebuild:
        _rebuild(db, remote, game)
    with sources.arena(db, remote) as door:
        if bot is None:
            name, entries = door.get_leaderboard(game)
            emit_ladder(entries, name, fmt)
            return
        name, changes = sources.rating_history(door, game, bot, last)
    rows = [history_row(c) for c in changes]
    emit_rows(
        rows, fmt, columns=HISTORY_COLUMNS, title=f"Rating history: {bot} in {name} (oldest first)"
    )


def _rebuild(db: str | None, remote: object, game: str | None) -> None:
    from arena.app.database import open_store
    from arena.core.registry import get_game
    from arena.errors import ConfigError

    if remote is not None:
        raise ConfigError("--rebuild works on a database (--db), not on a server")
    with open_store(db, create=False) as store:
        counts = store.rebuild_ladder(None if game is None else get_game(game).name)
    for name, count in counts.items():
        typer.echo(f"rebuilt the {name} ladder from {count} rated matches", err=True)
