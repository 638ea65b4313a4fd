"""What `arena tournament run|show|list` print: summary, standings, results by seat, matches."""

from __future__ import annotations

import enum
import json
import time
from dataclasses import dataclass
from typing import Any

import typer

from arena.cli.leaderboard import (
    OutputFormat,
    emit_ladder,
    emit_note,
    emit_rows,
    ladder,
    machine_rows,
)
from arena.store import Store, StoredTournament
from arena.tournament import TIE_BREAKS, Status, compute_standings
from arena.tournament.lease import runner_gone
from arena.tournament.manage import first_decision_is_simultaneous
from arena.tournament.players import forfeit_counts
from arena.tournament.standings import seat_summary

SUMMARY_COLUMNS = (
    "id", "game", "format", "table", "cycles", "deals", "bots", "played", "fixtures", "status",
    "seed", "clock",
)  # fmt: skip


ABANDONED = "abandoned"  # shown for a running tournament whose runner is gone


class Table(enum.StrEnum):
    """The tables of `tournament show`; CSV prints one (`--table`), the others print all."""

    SUMMARY = "summary"
    STANDINGS = "standings"
    SEATS = "seats"
    MATCHES = "matches"
    LADDER = "ladder"


DEFAULT_CSV_TABLE = Table.STANDINGS
FORFEITS_NOTE = "forfeits: seats nobody played (never connected, withdrawn; rated as losses)"


def clock_text(t: StoredTournament) -> str:
    """The tournament clock in words: "1000 ms/move + 10000 ms bank + 50 ms increment"."""
    return clock_words(t.spec.time_per_move_ms, t.spec.time_bank_ms, t.spec.increment_ms)


def clock_words(per_move_ms: int | None, bank_ms: int | None, increment_ms: int | None) -> str:
    """A clock in words (see clock_text)."""
    if per_move_ms is None:
        return "unlimited"
    text = f"{per_move_ms} ms/move"
    if bank_ms:
        text += f" + {bank_ms} ms bank"
    if increment_ms:
        text += f" + {increment_ms} ms increment"
    return text


def summary_row(t: StoredTournament) -> dict[str, Any]:
    """One tournament as a row of `arena tournament list` (and the head of `show`)."""
    fmt = t.spec.format.value + (f" (hero {t.spec.hero})" if t.spec.hero else "")
    return {
        "id": t.id,
        "game": t.spec.game,
        "format": fmt,
        "table": t.spec.table_size,
        "cycles": t.spec.cycles,
        "deals": t.spec.deals.value,
        "bots": len(t.spec.bots),
        "played": t.played,
        "fixtures": t.fixtures,
        "status": shown_status(t),
        "seed": t.spec.seed,
        "clock": clock_text(t),
    }


def shown_status(t: StoredTournament) -> str:
    """The stored status, with "abandoned" for a run whose runner died without saying so."""
    if t.status is Status.RUNNING and runner_gone(t.runner, t.heartbeat_at, time.time()):
        return ABANDONED
    return t.status.value


def clock_fields(t: StoredTournament) -> dict[str, int | None]:
    """The clock as numbers, for JSON."""
    spec = t.spec
    return {
        "time_per_move_ms": spec.time_per_move_ms,
        "time_bank_ms": spec.time_bank_ms,
        "increment_ms": spec.increment_ms,
    }


def standings_rows(
    store: Store, t: StoredTournament
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The standings rows and the by-seat rows of a tournament."""
    records = store.tournament_matches(t.id)
    size = t.spec.table_size
    forfeits = forfeit_counts(records)
    standings = [
        {
            "place": s.place,
            "bot": s.bot,
            "points": s.points,
            "wins": s.wins,
            "games": s.games,
            "mean rank": s.mean_rank,
            "faults": s.faults,
            "forfeits": forfeits.get(s.bot, 0),
            **{f"pts seat {i}": s.seat_points[i] for i in range(size)},
        }
        for s in compute_standings(records, t.spec.bot_names, size)
    ]
    seats = [
        {"seat": r.label, "games": r.games, "points": r.points, "wins": r.wins}
        for r in seat_summary(records, size, by_play_order=_by_play_order(t))
    ]
    return standings, seats


def _by_play_order(t: StoredTournament) -> bool:
    """Whether play-order rows mean something: not when the first decision is simultaneous."""
    return not first_decision_is_simultaneous(t.spec)


@dataclass
class ReportRows:
    """Everything `tournament show` prints, as rows: built from a database or from a server."""

    tid: int
    game: str
    summary: dict[str, Any]
    details: dict[str, Any]  # JSON only: options and clock
    tie_breaks: str
    standings: list[dict[str, Any]]
    seats: list[dict[str, Any]]
    by_play_order: bool
    matches: list[dict[str, Any]] | None = None
    ladder: list[dict[str, Any]] | None = None


def report(
    store: Store,
    t: StoredTournament,
    fmt: OutputFormat,
    *,
    ladder_too: bool = False,
    with_matches: bool = False,
    table: Table | None = None,
) -> None:
    """Print a tournament from its database: summary, standings, results by seat (and the
    ladder, the matches)."""
    standings, seats = standings_rows(store, t)
    want_ladder = ladder_too or table is Table.LADDER
    rows = ReportRows(
        tid=t.id,
        game=t.spec.game,
        summary=summary_row(t),
        details={"options": dict(t.spec.options), **clock_fields(t)},
        tie_breaks=TIE_BREAKS,
        standings=standings,
        seats=seats,
        by_play_order=_by_play_order(t),
        matches=_match_rows(store, t) if with_matches or table is Table.MATCHES else None,
        ladder=ladder(store, t.spec.game) if want_ladder else None,
    )
    emit_report(rows, fmt, table=table)


def emit_report(rows: ReportRows, fmt: OutputFormat, *, table: Table | None = None) -> None:
    """Print a report's rows. CSV prints one table: `table`, else the standings. JSON is one
    document (docs/formats.md)."""
    if fmt is OutputFormat.CSV:
        tables: dict[Table, Any] = {
            Table.SUMMARY: [rows.summary],
            Table.STANDINGS: rows.standings,
            Table.SEATS: rows.seats,
            Table.MATCHES: rows.matches,
            Table.LADDER: rows.ladder,
        }
        emit_rows(tables[table or DEFAULT_CSV_TABLE] or [], fmt)
        return
    if fmt is OutputFormat.JSON:
        data: dict[str, Any] = {
            "tournament": {**rows.summary, **rows.details},
            "tie_breaks": rows.tie_breaks,
            "standings": machine_rows(rows.standings),
            "seats": machine_rows(rows.seats),
        }
        if rows.ladder is not None:
            data["leaderboard"] = machine_rows(rows.ladder)
        if rows.matches is not None:
            data["matches"] = machine_rows(rows.matches)
        typer.echo(json.dumps(data, indent=2))
        return
    emit_rows([rows.summary], fmt, columns=list(SUMMARY_COLUMNS), title="Tournament")
    emit_rows(rows.standings, fmt, title=f"Standings (tournament {rows.tid})")
    emit_note(f"tie-breaks: {rows.tie_breaks}; {FORFEITS_NOTE}", fmt)
    title = "Results by seat and by play order" if rows.by_play_order else "Results by seat"
    emit_rows(rows.seats, fmt, title=title)
    if rows.matches is not None:
        emit_rows(rows.matches, fmt, title="Matches")
    if rows.ladder is not None:
        emit_ladder(rows.ladder, rows.game, fmt)


def _match_rows(store: Store, t: StoredTournament) -> list[dict[str, Any]]:
    rows = []
    for record in store.tournament_matches(t.id):
        outcome = record.outcome
        rows.append(
            {
                "match": record.match_id,
                "seed": record.seed,
                "seats": list(record.players),
                "ranks": list(outcome.ranks),
                "points": list(outcome.points),
                "end": outcome.termination.value,
                "moves": len(record.moves),
                "detail": outcome.detail,
            }
        )
    return rows
