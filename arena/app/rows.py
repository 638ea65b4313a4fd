"""How every report row reads: columns, values and the JSON documents, written once.

The CLI prints these rows as tables, JSON, CSV or Markdown; the web pages show the same rows.
A row is a dict from column name (as people read it, e.g. "mean rank") to a JSON-ready value;
`machine_rows` gives the snake_case keys of the machine formats (docs/formats.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.app.reports import (
    ClockSpec,
    MatchRow,
    StandingRow,
    TournamentReport,
    TournamentSummary,
)
from arena.ratings.trueskill_ladder import CONSERVATIVE_K, LadderEntry, leaderboard_rows
from arena.store import RatingChange
from arena.tournament.comparisons import HeadToHead
from arena.tournament.standings import SeatSummary

WITHHELD = "withheld"  # a seed shown to the public before its tournament is finished

SUMMARY_COLUMNS = (
    "id", "game", "format", "table", "cycles", "deals", "bots", "played", "fixtures", "status",
    "seed", "clock",
)  # fmt: skip
HISTORY_COLUMNS = (
    "match", "tournament", "fixture", "seat", "rank", "mu", "sigma", "delta mu", "conservative",
)  # fmt: skip
MATCH_COLUMNS = ("match", "seed", "seats", "ranks", "scores", "points", "end", "moves", "detail")
FORFEITS_NOTE = "forfeits: seats nobody played (never connected, withdrawn; rated as losses)"
LADDER_NOTE = f"ordered by conservative = mu - {CONSERVATIVE_K:g} sigma"


def snake(key: str) -> str:
    """A column name as a machine key: "mean rank" -> "mean_rank", "pts seat 0" -> "pts_seat_0"."""
    return "_".join("".join(c if c.isalnum() else " " for c in key.lower()).split())


def machine_rows(rows: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows with snake_case keys (JSON and CSV); values untouched, numbers stay numbers."""
    return [{snake(k): v for k, v in r.items()} for r in rows]


def cell_text(value: Any) -> str:
    """A value as a table cell: floats to two decimals at most, lists space-separated."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return " ".join(cell_text(v) for v in value)
    return "" if value is None else str(value)


def clock_words(clock: ClockSpec) -> str:
    """A clock in words: "1000 ms/move + 10000 ms bank + 50 ms increment", or "unlimited"."""
    if clock.per_move_ms is None:
        return "unlimited"
    text = f"{clock.per_move_ms} ms/move"
    if clock.bank_ms:
        text += f" + {clock.bank_ms} ms bank"
    if clock.increment_ms:
        text += f" + {clock.increment_ms} ms increment"
    return text


def format_words(s: TournamentSummary) -> str:
    """The format in words: "round-robin", "gauntlet (hero ann)", "swiss (5 rounds)",
    and its format options: "... (3 rounds, top 4)"."""
    words = [f"hero {s.hero}"] if s.hero else []
    words += [f"{s.rounds} rounds"] if s.rounds else []
    words += [f"{key} {value}" for key, value in sorted(s.format_options.items())]
    return f"{s.format} ({', '.join(words)})" if words else s.format


def summary_row(s: TournamentSummary) -> dict[str, Any]:
    """One tournament as a row of `arena tournament list` (and the head of `show`)."""
    return {
        "id": s.id,
        "game": s.game,
        "format": format_words(s),
        "table": s.table_size,
        "cycles": s.cycles,
        "deals": s.deals,
        "bots": len(s.bots),
        "played": s.played,
        "fixtures": s.fixtures,
        "status": s.status,
        "seed": WITHHELD if s.seed is None else s.seed,
        "clock": clock_words(s.clock),
    }


def summary_details(s: TournamentSummary) -> dict[str, Any]:
    """What JSON adds to the summary row: options and the clock and settings as numbers."""
    return {
        "options": dict(sorted(s.options.items())),
        "time_per_move_ms": s.clock.per_move_ms,
        "time_bank_ms": s.clock.bank_ms,
        "increment_ms": s.clock.increment_ms,
        "rounds": s.rounds or None,
        **({"format_options": dict(s.format_options)} if s.format_options else {}),
        "reconnect_grace_ms": s.reconnect_grace_ms,
        "bot_names": list(s.bots),
        "created_at": s.created_at,
        "finished_at": s.finished_at,
        "verdict": s.verdict,
    }


def standing_row(s: StandingRow) -> dict[str, Any]:
    """One bot's line of the standings (Swiss columns only in a Swiss)."""
    row: dict[str, Any] = {"place": s.place, "bot": s.bot}
    if s.score is not None:
        row.update(
            {"score": s.score, "buchholz": s.buchholz, "SB": s.sonneborn_berger, "byes": s.byes}
        )
    row.update(
        {
            "points": s.points,
            "wins": s.wins,
            "games": s.games,
            "mean rank": s.mean_rank,
            "faults": s.faults,
            "forfeits": s.forfeits,
        }
    )
    row.update({f"pts seat {i}": p for i, p in enumerate(s.seat_points)})
    return row


def seat_row(r: SeatSummary) -> dict[str, Any]:
    """How one seat (or play position) fared."""
    return {"seat": r.label, "games": r.games, "points": r.points, "wins": r.wins}


def match_row(m: MatchRow) -> dict[str, Any]:
    """A match in a tournament's match list."""
    return {
        "match": m.match_id,
        "seed": WITHHELD if m.seed is None else m.seed,
        "seats": list(m.players),
        "ranks": list(m.ranks),
        "scores": list(m.scores),
        "points": list(m.points),
        "end": m.termination,
        "moves": m.moves,
        "detail": m.detail,
    }


def head_to_head_row(h: HeadToHead) -> dict[str, Any]:
    """Two bots that met: a's wins, draws and losses by rank, and the points each took."""
    return {
        "bot": h.a,
        "opponent": h.b,
        "games": h.games,
        "W": h.wins,
        "D": h.draws,
        "L": h.losses,
        "points": round(h.points_a, 2),
        "opp points": round(h.points_b, 2),
    }


def ladder_rows(entries: Sequence[LadderEntry]) -> list[dict[str, Any]]:
    """A ladder, best first, with its places."""
    return leaderboard_rows(entries)


def history_row(c: RatingChange) -> dict[str, Any]:
    """One rated match of a bot: its rank, its rating after, and the change of mu."""
    return {
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


def away_row(bot: str, away_since: float, grace_left_ms: int) -> dict[str, Any]:
    """A bot away from a tournament being played, and what is left of its grace."""
    return {"bot": bot, "away since": away_since, "grace left s": round(grace_left_ms / 1000, 1)}


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def finished_line(done: int, total: int, m: MatchRow) -> str:
    """One finished match as cutechess prints it: who beat whom, and how it ended.

    `[3/12] Finished t1-2 (greedy vs quick): greedy 1st, quick 2nd {normal}`
    """
    vs = " vs ".join(m.players)
    order = sorted(range(len(m.players)), key=lambda s: (m.ranks[s], s))
    places = ", ".join(f"{m.players[s]} {_ordinal(m.ranks[s])}" for s in order)
    end = m.termination + (f": {m.detail[:120]}" if m.detail and m.termination != "normal" else "")
    return f"[{done}/{total}] Finished {m.match_id} ({vs}): {places} {{{end}}}"


def report_tables(report: TournamentReport) -> dict[str, list[dict[str, Any]]]:
    """Every table of a tournament report by name (`tournament show --table NAME`)."""
    tables = {
        "summary": [summary_row(report.summary)],
        "standings": [standing_row(s) for s in report.standings],
        "seats": [seat_row(r) for r in report.seats],
        "head-to-head": [head_to_head_row(h) for h in report.head_to_head],
        "ladder": ladder_rows(report.ladder),
    }
    if report.matches is not None:
        tables["matches"] = [match_row(m) for m in report.matches]
    if report.away:
        tables["away"] = [away_row(a.bot, a.away_since, a.grace_left_ms) for a in report.away]
    return tables


def report_document(report: TournamentReport) -> dict[str, Any]:
    """A tournament report as one JSON document (docs/formats.md)."""
    tables = report_tables(report)
    document: dict[str, Any] = {
        "tournament": {**tables.pop("summary")[0], **summary_details(report.summary)},
        "tie_breaks": report.tie_breaks,
        "by_play_order": report.by_play_order,
        "error": report.error,
        "withdrawn": list(report.withdrawn),
    }
    for name, rows in tables.items():
        document[snake(name)] = machine_rows(rows)
    return document


def standings_title(report: TournamentReport) -> str:
    """The title of a report's standings table."""
    return f"Standings (tournament {report.summary.id})"


def seats_title(report: TournamentReport) -> str:
    """The title of the seat table: play-order rows only where a first mover exists."""
    return "Results by seat and by play order" if report.by_play_order else "Results by seat"


def report_notes(report: TournamentReport) -> list[str]:
    """The notes under a report's standings."""
    notes = [f"tie-breaks: {report.tie_breaks}; {FORFEITS_NOTE}"]
    if report.summary.verdict:
        notes.append(f"finished early: {report.summary.verdict}")
    if report.withdrawn:
        notes.append("withdrawn (away past the grace): " + ", ".join(report.withdrawn))
    if report.error:
        notes.append(f"stopped early: {report.error}")
    return notes


__all__ = [
    "FORFEITS_NOTE",
    "HISTORY_COLUMNS",
    "LADDER_NOTE",
    "MATCH_COLUMNS",
    "SUMMARY_COLUMNS",
    "WITHHELD",
    "cell_text",
    "clock_words",
    "history_row",
    "ladder_rows",
    "machine_rows",
    "match_row",
    "report_document",
    "report_tables",
    "snake",
    "summary_row",
]
