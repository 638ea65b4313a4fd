"""`arena replay MATCH_ID|FILE`: a stored or exported match decision by decision, with the
position after each; from a database, an exported file or a server (the same frames)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from arena.app.match_rows import replay_document, replay_text
from arena.app.matches import header_of, record_replay
from arena.app.values import Disclosure
from arena.cli import app, sources
from arena.cli.output import (
    DbOption,
    FormatOption,
    OutputFormat,
    ReadServerOption,
    TlsCaOption,
    emit_document,
)
from arena.core.values import MatchRecord
from arena.errors import ConfigError


@app.command("replay")
def replay_command(
    match_id: Annotated[
        str,
        typer.Argument(
            metavar="MATCH_ID|FILE",
            help="e.g. t1-0 (see `arena tournament show ID --matches`), or a JSON Lines file "
            "written by `arena export`.",
        ),
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", help="Render as this seat sees it (default: spectator).")
    ] = None,
    match: Annotated[
        str | None, typer.Option("--match", help="With FILE: the match id to replay.")
    ] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    db: DbOption = None,
    server: ReadServerOption = None,
    tls_ca: TlsCaOption = None,
) -> None:
    """Replay a stored or exported match: every decision with its time, and the position."""
    if fmt in (OutputFormat.CSV, OutputFormat.MARKDOWN):
        raise ConfigError("a replay prints as text (-f table) or one JSON document (-f json)")
    if server is None and Path(match_id).is_file():
        record = record_from_file(Path(match_id), match)
        shown = record_replay(record, header_of(Disclosure(record)), None, seat)
    else:
        remote = None if server is None else sources.remote_of(server, tls_ca)
        with sources.arena(db, remote) as door:
            shown = door.get_replay(match_id, seat)
    if fmt is OutputFormat.JSON:
        emit_document(replay_document(shown))
    else:
        typer.echo(replay_text(shown))


def record_from_file(path: Path, match_id: str | None) -> MatchRecord:
    """One record of an exported file: the one with `match_id`, or the file's only one."""
    from arena.records import from_line, replay_states
    from arena.records.files import read_lines

    lines = list(enumerate(read_lines(path), 1))
    found = [from_line(text, n) for n, text in lines if text.strip()]
    if match_id is not None:
        found = [m for m in found if m.record.match_id == match_id]
    if len(found) != 1:
        ids = ", ".join(m.record.match_id for m in found[:10])
        raise ConfigError(
            f"{path} holds no match {match_id!r}"
            if match_id is not None
            else f"{path} holds {len(found)} matches: give --match ID ({ids})"
        )
    replay_states(found[0])  # a record that does not replay says where (ply) and why
    return found[0].record
