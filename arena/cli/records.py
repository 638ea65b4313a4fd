"""`arena export` and `arena import`: stored matches as portable JSON Lines records."""

from __future__ import annotations

import datetime as dt
import itertools
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from arena.app.owners import local_owner
from arena.cli import app
from arena.cli.output import DbOption, TlsCaOption
from arena.core.registry import get_game
from arena.errors import ConfigError, NotFoundError
from arena.records import PortableMatch
from arena.records.files import read_lines, write_file
from arena.records.transfer import (
    ExportFilter,
    export_matches,
    import_matches,
    read_records,
    write_records,
)
from arena.store import Store


def parse_when(text: str | None, option: str) -> float | None:
    """Unix seconds of an ISO date or date-time (UTC when it names no zone)."""
    if text is None:
        return None
    try:
        when = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ConfigError(f"{option} takes a date like 2026-12-01 or 2026-12-01T13:00") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    return when.timestamp()


@app.command("export")
def export_command(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write (default: stdout).")
    ] = None,
    tournament: Annotated[
        int | None, typer.Option("--tournament", "-t", help="Only this tournament's matches.")
    ] = None,
    bot: Annotated[
        str | None, typer.Option("--bot", "-b", help="Only matches of this bot.")
    ] = None,
    game: Annotated[str | None, typer.Option("--game", "-g", help="Only this game.")] = None,
    since: Annotated[
        str | None, typer.Option(help="Only matches finished at or after (ISO date, UTC).")
    ] = None,
    until: Annotated[
        str | None, typer.Option(help="Only matches finished before (ISO date, UTC).")
    ] = None,
    public: Annotated[
        bool,
        typer.Option(
            "--public",
            help="Withhold what a shared server withholds (seeds of unfinished tournaments, "
            "and their moves with duplicate deals). Default: everything (the owner's copy).",
        ),
    ] = False,
    server: Annotated[
        str | None,
        typer.Option("--server", help="Read from a running `arena serve` (its public view)."),
    ] = None,
    every_position: Annotated[
        bool,
        typer.Option(
            "--every-position",
            help="A digest of the position after every move (import then names the first ply "
            "whose draw differs); default: the deal and the final position only.",
        ),
    ] = False,
    tls_ca: TlsCaOption = None,
    db: DbOption = None,
) -> None:
    """Write stored matches as JSON Lines, one match per line (docs/records.md)."""
    which = ExportFilter(
        tournament_id=tournament,
        bot=bot,
        game=None if game is None else get_game(game).name,
        since=parse_when(since, "--since"),
        until=parse_when(until, "--until"),
    )
    if server is not None:
        from arena.cli.sources import client, remote_of
        from arena.records.remote import export_remote

        with client(remote_of(server, tls_ca)) as remote:
            if tournament is not None:  # an unknown tournament is an error, not an empty file
                remote.get_tournament(tournament)
            matches = remote.run(export_remote(remote.aio, which, every_position=every_position))
        count = _write(output, matches)
    else:
        with Store.open(db, create=False) as store:
            if tournament is not None:
                store.tournament(tournament)  # UnknownTournamentError: nothing is written
            records = export_matches(store, which, public=public, every_position=every_position)
            count = _write(output, records)
    typer.echo(f"exported {count} matches", err=True)


def _write(output: Path | None, records: Iterable[PortableMatch]) -> int:
    """Write the records (to a file only once there is one to write: an export that matches
    nothing is an error and leaves no empty file behind)."""
    records = iter(records)
    first = next(records, None)
    if first is None:
        raise NotFoundError("no stored match passes these filters: nothing exported")
    if output is None:
        return write_records(itertools.chain([first], records), sys.stdout)
    return write_file(output, itertools.chain([first], records))


@app.command("import")
def import_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="JSON Lines records ('-': stdin).")],
    db: DbOption = None,
) -> None:
    """Import records: each is replayed on its engine; one bad record refuses the whole file."""
    # every record read and replayed before the store is opened: a bad file changes nothing
    matches = read_records(read_lines(file))
    with Store.open(db) as store:
        report = import_matches(store, matches, owner=local_owner())
    typer.echo(f"imported {report.matches} matches into {store.location}")
    for source, new in report.tournaments:
        typer.echo(f"  tournament {source} of the file is tournament {new} here")
