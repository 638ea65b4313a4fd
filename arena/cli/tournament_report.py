"""What `arena tournament run|show|list` print: summary, standings, results by seat, matches."""

from __future__ import annotations

import json
from typing import Any

import typer

from arena.cli.leaderboard import OutputFormat, emit_rows, ladder, print_ladder
from arena.store import Store, StoredTournament
from arena.tournament import TIE_BREAKS, compute_standings
from arena.tournament.manage import first_decision_is_simultaneous
from arena.tournament.standings import seat_summary

SUMMARY_COLUMNS = (
    "id", "game", "format", "table", "cycles", "deals", "bots", "played", "status", "seed",
)  # fmt: skip


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
        "played": f"{t.played}/{t.fixtures}",
        "status": t.status.value,
        "seed": t.spec.seed,
    }


def standings_rows(
    store: Store, t: StoredTournament
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The standings rows and the by-seat rows of a tournament."""
    records = store.tournament_matches(t.id)
    size = t.spec.table_size
    standings = [
        {
            "place": s.place,
            "bot": s.bot,
            "points": s.points,
            "wins": s.wins,
            "games": s.games,
            "mean rank": s.mean_rank,
            "faults": s.faults,
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


def report(
    store: Store,
    t: StoredTournament,
    fmt: OutputFormat,
    *,
    ladder_too: bool = False,
    with_matches: bool = False,
) -> None:
    """Print a tournament: summary, standings, results by seat (and the ladder, the matches)."""
    standings, seats = standings_rows(store, t)
    matches = _match_rows(store, t) if with_matches else None
    if fmt is OutputFormat.JSON:
        data: dict[str, Any] = {
            "tournament": {**summary_row(t), "options": dict(t.spec.options)},
            "tie_breaks": TIE_BREAKS,
            "standings": standings,
            "seats": seats,
        }
        if ladder_too:
            data["leaderboard"] = ladder(store, t.spec.game)
        if matches is not None:
            data["matches"] = matches
        typer.echo(json.dumps(data, indent=2))
        return
    emit_rows([summary_row(t)], fmt, columns=list(SUMMARY_COLUMNS), title="Tournament")
    emit_rows(standings, fmt, title=f"Standings (tournament {t.id})")
    typer.echo(f"tie-breaks: {TIE_BREAKS}")
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
                "seats": " ".join(record.players),
                "ranks": " ".join(str(r) for r in outcome.ranks),
                "points": " ".join(f"{p:+g}" for p in outcome.points),
                "end": outcome.termination.value,
                "moves": len(record.moves),
            }
        )
    return rows
