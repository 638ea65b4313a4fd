"""`arena leaderboard`: the TrueSkill ladder of a game (stored, or one bot's history), plus
the table output shared by commands."""

from __future__ import annotations

import csv
import enum
import io
import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.table import Table

from arena.cli import app
from arena.cli.output import console
from arena.errors import ConfigError
from arena.ratings import CONSERVATIVE_K, leaderboard_rows
from arena.registry import get_game
from arena.store import Store

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="ARENA_DB",
        help="Database: a file path (SQLite) or a URL (sqlite:///..., postgresql://...). "
        "Default: arena.db here.",
        show_default=False,
    ),
]


class OutputFormat(enum.StrEnum):
    """How a command prints its tables."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"


def snake(key: str) -> str:
    """A column name as a machine key: "mean rank" -> "mean_rank", "pts seat 0" -> "pts_seat_0"."""
    return "_".join("".join(c if c.isalnum() else " " for c in key.lower()).split())


def machine_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with snake_case keys (JSON and CSV); values untouched, numbers stay numbers."""
    return [{snake(k): v for k, v in r.items()} for r in rows]


def emit_note(text: str, fmt: OutputFormat) -> None:
    """A note under a table: a paragraph of its own in Markdown, none in JSON or CSV (which
    hold exactly one document or table)."""
    if fmt is OutputFormat.TABLE:
        typer.echo(text)
    elif fmt is OutputFormat.MARKDOWN:
        typer.echo(f"{text}\n")  # tables end with a blank line already


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return " ".join(_cell(v) for v in value)
    return "" if value is None else str(value)


def emit_rows(
    rows: Sequence[dict[str, Any]],
    fmt: OutputFormat,
    *,
    columns: Sequence[str] | None = None,
    title: str | None = None,
) -> None:
    """Print rows (dicts with the same keys) as a rich table, JSON, CSV or Markdown."""
    cols = list(columns or (rows[0].keys() if rows else []))
    if fmt is OutputFormat.JSON:
        typer.echo(json.dumps([{snake(c): r.get(c) for c in cols} for r in rows], indent=2))
    elif fmt is OutputFormat.CSV:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([snake(c) for c in cols])
        writer.writerows([[_cell(r.get(c)) for c in cols] for r in rows])
        typer.echo(buffer.getvalue(), nl=False)
    elif fmt is OutputFormat.MARKDOWN:
        if title:
            typer.echo(f"**{title}**\n")
        typer.echo("| " + " | ".join(cols) + " |")
        typer.echo("|" + "|".join("---" for _ in cols) + "|")
        for r in rows:
            typer.echo("| " + " | ".join(_cell(r.get(c)) for c in cols) + " |")
        typer.echo("")  # ends the table: a following line never renders as one of its rows
    else:
        table = Table(title=title)
        for c in cols:
            table.add_column(
                c,
                justify="left"
                if c in ("bot", "game", "status", "name", "role", "match")
                else "right",
            )
        for r in rows:
            table.add_row(*(_cell(r.get(c)) for c in cols))
        console().print(table)


def ladder(store: Store, game: str) -> list[dict[str, object]]:
    """The leaderboard rows of a game over every stored match (the stored ladder), best first."""
    return leaderboard_rows(store.ladder(game))


def history_rows(store: Store, game: str, bot: str, last: int | None) -> list[dict[str, object]]:
    """A bot's rated matches of a game, oldest first: the match, its rank, mu and sigma after."""
    return [
        {
            "match": c.match_id,
            "tournament": c.tournament_id,
            "fixture": c.fixture,
            "seat": c.seat,
            "rank": c.rank,
            "mu": round(c.mu, 4),
            "sigma": round(c.sigma, 4),
            "delta mu": round(c.mu - c.mu_before, 4),
            "conservative": round(c.mu - CONSERVATIVE_K * c.sigma, 4),
        }
        for c in store.rating_history(game, bot, last)
    ]


def pick_game(store: Store, game: str | None) -> str:
    """The game asked for, or the only game in the database; ConfigError if ambiguous."""
    if game is not None:
        return get_game(game).name
    games = store.games()
    if len(games) == 1:
        return games[0]
    if not games:
        raise ConfigError(f"no matches in {store.location} yet")
    raise ConfigError(f"give --game (this database has {', '.join(games)})")


def print_ladder(store: Store, game: str, fmt: OutputFormat) -> None:
    """Print the ladder of a game, with its ordering rule when printed as a table."""
    emit_ladder(ladder(store, game), game, fmt)


def emit_ladder(rows: list[dict[str, object]], game: str, fmt: OutputFormat) -> None:
    """Print ladder rows (from a database or a server) with their ordering rule."""
    emit_rows(rows, fmt, title=f"Leaderboard: {game} (TrueSkill, all tournaments)")
    emit_note(f"ordered by conservative = mu - {CONSERVATIVE_K:g} sigma", fmt)


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
    fmt: Annotated[
        OutputFormat, typer.Option("--format", "-f", help="Output format.")
    ] = OutputFormat.TABLE,
    db: DbOption = None,
    server: Annotated[
        str | None,
        typer.Option("--server", help="Read from a running `arena serve` (needs --game)."),
    ] = None,
    tls_ca: Annotated[
        str | None, typer.Option("--tls-ca", envvar="ARENA_TLS_CA", help="CA file for --server.")
    ] = None,
) -> None:
    """Show the TrueSkill ladder of a game: mu, sigma, mu - 3 sigma, games and wins."""
    if server is not None:
        from arena.cli import remote_reads  # lazy: grpc only for --server

        if game is None:
            raise ConfigError("with --server give --game")
        remote_reads.print_ladder(remote_reads.remote_of(server, tls_ca), game, bot, fmt)
        return
    with Store.open(db, create=False) as store:
        if rebuild:
            counts = store.rebuild_ladder(None if game is None else get_game(game).name)
            for name, count in counts.items():
                typer.echo(f"rebuilt the {name} ladder from {count} rated matches", err=True)
        name = pick_game(store, game)
        if bot is None:
            print_ladder(store, name, fmt)
            return
        rows = history_rows(store, name, bot, last)
        if not rows:
            raise ConfigError(f"{bot!r} has no rated {name} match in {store.location}")
        emit_rows(rows, fmt, title=f"Rating history: {bot} in {name} (oldest first)")
