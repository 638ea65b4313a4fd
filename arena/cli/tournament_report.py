"""What `arena tournament run|show|list` print: a report's tables, from a database or a server.

Every row is `arena.app.rows`'; this module only chooses titles and prints (docs/formats.md).
"""

from __future__ import annotations

import enum

from arena.app.door import Arena
from arena.app.reports import TournamentReport, TournamentSummary
from arena.app.rows import (
    LADDER_NOTE,
    SUMMARY_COLUMNS,
    report_document,
    report_notes,
    report_tables,
    seats_title,
    standings_title,
    summary_row,
)
from arena.cli.leaderboard import emit_ladder
from arena.cli.output import OutputFormat, emit_document, emit_note, emit_rows


class Table(enum.StrEnum):
    """The tables of `tournament show`; CSV prints one (`--table`), the others print all."""

    SUMMARY = "summary"
    STANDINGS = "standings"
    SEATS = "seats"
    HEAD_TO_HEAD = "head-to-head"
    MATCHES = "matches"
    LADDER = "ladder"
    AWAY = "away"


DEFAULT_CSV_TABLE = Table.STANDINGS


def emit_report(report: TournamentReport, fmt: OutputFormat, *, table: Table | None = None) -> None:
    """Print a tournament report. CSV prints one table: `table`, else the standings. JSON is
    one document; `table` picks one table for the other formats too."""
    tables = report_tables(report)
    if fmt is OutputFormat.CSV or (table is not None and fmt is not OutputFormat.JSON):
        chosen = table or DEFAULT_CSV_TABLE
        emit_rows(tables.get(chosen.value, []), fmt, title=chosen.value)
        return
    if fmt is OutputFormat.JSON:
        emit_document(report_document(report))
        return
    emit_rows(tables["summary"], fmt, columns=list(SUMMARY_COLUMNS), title="Tournament")
    emit_rows(tables["standings"], fmt, title=standings_title(report))
    for note in report_notes(report):
        emit_note(note, fmt)
    if tables.get("away"):
        emit_rows(tables["away"], fmt, title="Away (matches wait for them)")
    emit_rows(tables["seats"], fmt, title=seats_title(report))
    if tables["head-to-head"]:
        emit_rows(tables["head-to-head"], fmt, title="Head to head")
    if "matches" in tables:
        emit_rows(tables["matches"], fmt, title="Matches")
    if tables["ladder"]:
        emit_rows(tables["ladder"], fmt, title="This tournament's ladder (TrueSkill)")
        emit_note(LADDER_NOTE, fmt)


def emit_summaries(summaries: list[TournamentSummary], fmt: OutputFormat) -> None:
    """`tournament list`: one row per tournament, newest first."""
    rows = [summary_row(s) for s in summaries]
    emit_rows(rows, fmt, columns=list(SUMMARY_COLUMNS), title="Tournaments (newest first)")


def emit_final(door: Arena, tid: int) -> TournamentReport:
    """A tournament's report once it is played (or stopped), then its game's ladder where it
    was played; the report."""
    report = door.get_tournament(tid)
    emit_report(report, OutputFormat.TABLE)
    game, entries = door.get_leaderboard(report.summary.game)
    emit_ladder(entries, game, OutputFormat.TABLE)
    return report
