"""`arena stats`: head-to-head, Elo with error bars (paired with duplicate deals), and the
multi-player table (TrueSkill, P(better than next), bootstrap interval on mean points); from a
database or a server (GetStats), the same rows."""

from __future__ import annotations

from typing import Annotated

import typer

from arena.app.stats_rows import stats_tables, stats_titles
from arena.cli import app, sources
from arena.cli.output import (
    DbOption,
    FormatOption,
    OutputFormat,
    ReadServerOption,
    TlsCaOption,
    emit_document,
    emit_rows,
)
from arena.errors import ConfigError


@app.command("stats")
def stats_command(
    tournament: Annotated[
        int | None, typer.Option("--tournament", "-t", help="One tournament's matches.")
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Every stored match of a game.")
    ] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """Head-to-head table with Elo +/- 95% for two-bot matches (paired statistics for
    duplicate deals, trinomial otherwise), and TrueSkill with bootstrap intervals."""
    if tournament is not None and game is not None:
        raise ConfigError("give --tournament or --game, not both")
    remote = None if server is None else sources.remote_of(server, tls_ca)
    with sources.arena(db, remote) as door:
        report = door.get_stats(tournament_id=tournament, game=game)
    tables = stats_tables(report)
    if fmt is OutputFormat.JSON:  # one document for programs
        emit_document(tables)
        return
    titles = stats_titles(report)
    emit_rows(tables["head_to_head"], fmt, title=titles["head_to_head"])
    if report.multiplayer or fmt is not OutputFormat.TABLE:
        emit_rows(tables["trueskill"], fmt, title=titles["trueskill"])
        emit_rows(tables["standings"], fmt, title=titles["standings"])
