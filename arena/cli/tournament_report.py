"""What `arena tournament run|show|list` print: summary, standings, results by seat, matches."""

from __future__ import annotations

import enum
import json
import time
from typing import Any

import typer

from arena.cli.leaderboard import (
    OutputFormat,
    emit_note,
    emit_rows,
    ladder,
    machine_rows,
    print_ladder,
)
from arena.store import Store, StoredTournament
from arena.tournament import TIE_BREAKS, Status, compute_standings
from arena.tournament.lease import runner_gone
from arena.tournament.manage import first_decision_is_simultaneous
from arena.tournament.players import is_forfeit
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
    """The tournament clock in words: "1000 ms/move + 10000 ms bank + 50 ms/move"."""
    spec = t.spec
    if spec.time_per_move_ms is None:
        return "unlimited"
    text = f"{spec.time_per_move_ms} ms/move"
    if spec.time_bank_ms:
        text += f" + {spec.time_bank_ms} ms bank"
    if spec.increment_ms:
        text += f" + {spec.increment_ms} ms increment"
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


def forfeit_counts(records: Any) -> dict[str, int]:
    """Per bot, the matches it forfeited (never connected, withdrawn after crashes): shown
    apart from the faults of bots that played."""
    counts: dict[str, int] = {}
    for record in filter(is_forfeit, records):
        name = record.players[record.outcome.offender]
        counts[name] = counts.get(name, 0) + 1
    return counts


def _by_play_order(t: StoredTournament) -> bool:
    """Whether play-order rows mean something: not when the first decision is simultaneous."""
    return not first_decision_is_simultaneous(t.spec)


def report(
    store: Store,
    t: StoredTournament,
    fmt: OutputFormat,
    *,
    ladder_too: bool = False,
    with_matches: bool = False,
    table: Table | None = None,
) -> None:
    """Print a tournament: summary, standings, results by seat (and the ladder, the matches).

    CSV prints one table: `table`, else the standings. JSON is one document (docs/formats.md).
    """
    standings, seats = standings_rows(store, t)
    matches = _match_rows(store, t) if with_matches or table is Table.MATCHES else None
    if fmt is OutputFormat.CSV:
        rows: dict[Table, Any] = {
            Table.SUMMARY: [summary_row(t)],
            Table.STANDINGS: standings,
            Table.SEATS: seats,
            Table.MATCHES: matches,
        }
        chosen = table or DEFAULT_CSV_TABLE
        if chosen is Table.LADDER:
            print_ladder(store, t.spec.game, fmt)
        else:
            emit_rows(rows[chosen], fmt)
        return
    if fmt is OutputFormat.JSON:
        summary = {**summary_row(t), "options": dict(t.spec.options), **clock_fields(t)}
        data: dict[str, Any] = {
            "tournament": summary,
            "tie_breaks": TIE_BREAKS,
            "standings": machine_rows(standings),
            "seats": machine_rows(seats),
        }
        if ladder_too:
            data["leaderboard"] = machine_rows(ladder(store, t.spec.game))
        if matches is not None:
            data["matches"] = machine_rows(matches)
        typer.echo(json.dumps(data, indent=2))
        return
    emit_rows([summary_row(t)], fmt, columns=list(SUMMARY_COLUMNS), title="Tournament")
    emit_rows(standings, fmt, title=f"Standings (tournament {t.id})")
    emit_note(f"tie-breaks: {TIE_BREAKS}; {FORFEITS_NOTE}", fmt)
    title = "Results by seat and by play order" if _by_play_order(t) else "Results by seat"
    emit_rows(seats, fmt, title=title)
    if matches is not None:
        emit_rows(matches, fmt, title="Matches")
    if ladder_too:
        print_ladder(store, t.spec.game, fmt)


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
