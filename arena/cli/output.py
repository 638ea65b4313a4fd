"""Terminal output and the options every command shares: formats, emitters, --db, --server.

Rows come from `arena.app.rows` (how a row reads is written there once); this module only
prints them as a rich table, JSON, CSV or Markdown (docs/formats.md).
"""

from __future__ import annotations

import csv
import enum
import io
import json
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.console import Console

from arena.app.rows import cell_text, snake

# Piped output (logs, CI, `| less`) has no terminal width; rich would assume 80 columns and
# truncate bot names in wide tables, so give it room instead.
PIPED_WIDTH = 160
LEFT_COLUMNS = ("bot", "opponent", "game", "status", "name", "role", "match", "seat", "format")

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
ReadServerOption = Annotated[
    str | None,
    typer.Option(
        "--server",
        envvar="ARENA_SERVER",
        help="Read from a running `arena serve` at this address instead of a database.",
        show_envvar=True,
    ),
]
TlsCaOption = Annotated[
    str | None,
    typer.Option(
        "--tls-ca",
        envvar="ARENA_TLS_CA",
        help="CA file to reach --server over TLS.",
        show_envvar=True,
    ),
]


class OutputFormat(enum.StrEnum):
    """How a command prints its tables."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MARKDOWN = "markdown"


FormatOption = Annotated[OutputFormat, typer.Option("--format", "-f", help="Output format.")]


def console() -> Console:
    """A console for tables on stdout: the terminal's width, or PIPED_WIDTH when piped."""
    out = Console()
    if not out.is_terminal:
        out = Console(width=PIPED_WIDTH)
    return out


def stderr() -> Console:
    """A console for progress and warnings (never into a machine document)."""
    return Console(stderr=True)


def emit_note(text: str, fmt: OutputFormat) -> None:
    """A note under a table: a paragraph of its own in Markdown, none in JSON or CSV (which
    hold exactly one document or table)."""
    if fmt is OutputFormat.TABLE:
        typer.echo(text)
    elif fmt is OutputFormat.MARKDOWN:
        typer.echo(f"{text}\n")  # tables end with a blank line already


def emit_document(document: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(json.dumps(document, indent=2))


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
        emit_document([{snake(c): r.get(c) for c in cols} for r in rows])
    elif fmt is OutputFormat.CSV:
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow([snake(c) for c in cols])
        writer.writerows([[cell_text(r.get(c)) for c in cols] for r in rows])
        typer.echo(buffer.getvalue(), nl=False)
    elif fmt is OutputFormat.MARKDOWN:
        if title:
            typer.echo(f"**{title}**\n")
        typer.echo("| " + " | ".join(cols) + " |")
        typer.echo("|" + "|".join("---" for _ in cols) + "|")
        for r in rows:
            typer.echo("| " + " | ".join(cell_text(r.get(c)) for c in cols) + " |")
        typer.echo("")  # ends the table: a following line never renders as one of its rows
    else:
        from rich.table import Table  # lazy: only tables for people need it
        from rich.text import Text

        table = Table(title=title)
        for c in cols:
            table.add_column(c, justify="left" if c in LEFT_COLUMNS else "right")
        for r in rows:  # Text: a cell like "[+140.2, no bound]" is never read as markup
            table.add_row(*(Text(cell_text(r.get(c))) for c in cols))
        console().print(table)


__all__ = [
    "DbOption",
    "FormatOption",
    "OutputFormat",
    "ReadServerOption",
    "TlsCaOption",
    "console",
    "emit_document",
    "emit_note",
    "emit_rows",
    "stderr",
]
