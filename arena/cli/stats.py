"""`arena stats`: head-to-head, Elo with error bars (paired with duplicate deals), and the
multi-player table (TrueSkill, P(better than next), bootstrap interval on mean points)."""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from typing import Annotated, Any

import typer

from arena.cli import app
from arena.cli.leaderboard import DbOption, OutputFormat, emit_rows, pick_game
from arena.core import MatchRecord
from arena.errors import ConfigError
from arena.ratings import fold_ratings
from arena.stats import EloEstimate
from arena.store import Store
from arena.tournament.comparisons import (
    compare_two,
    deal_pairs,
    head_to_head,
    multiplayer_table,
    standings_with_intervals,
)
from arena.tournament.schedule import Deals


def _num(value: float, digits: int = 1) -> float | str:
    return round(value, digits) if math.isfinite(value) else ("+inf" if value > 0 else "-inf")


def _elo_cells(prefix: str, est: EloEstimate | None) -> dict[str, Any]:
    if est is None:
        return {}
    return {
        f"{prefix}elo": _num(est.elo),
        f"{prefix}+/-": _num(est.error),
        f"{prefix}95%": f"[{_num(est.lower)}, {_num(est.upper)}]",
    }


def comparison_rows(records: list[MatchRecord], pairs: dict[str, Hashable]) -> list[dict[str, Any]]:
    """One row per pair of bots: W/D/L by rank, points; Elo, LOS and paired Elo in 1 v 1."""
    rows = []
    for h in head_to_head(records):
        row: dict[str, Any] = {
            "bot": h.a,
            "opponent": h.b,
            "games": h.games,
            "W": h.wins,
            "D": h.draws,
            "L": h.losses,
            "points": round(h.points_a, 2),
            "opp points": round(h.points_b, 2),
        }
        duel = compare_two(records, h.a, h.b, pairs)
        if duel.elo is not None:
            row.update(_elo_cells("", duel.elo))
            row["LOS %"] = round(100 * duel.los, 1)
        if duel.pentanomial is not None:
            row["pairs"] = duel.pentanomial.pairs
            row["penta"] = list(duel.pentanomial.counts)
            row.update(_elo_cells("paired ", duel.paired_elo))
        rows.append(row)
    return rows


@app.command("stats")
def stats_command(
    tournament: Annotated[
        int | None, typer.Option("--tournament", "-t", help="One tournament's matches.")
    ] = None,
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="Every stored match of a game.")
    ] = None,
    fmt: Annotated[OutputFormat, typer.Option("--format", "-f")] = OutputFormat.TABLE,
    db: DbOption = None,
) -> None:
    """Head-to-head table with Elo +/- 95% for two-bot matches (paired statistics for
    duplicate deals, trinomial otherwise), and TrueSkill with bootstrap intervals."""
    with Store.open(db) as store:
        if tournament is not None:
            stored = store.tournament(tournament)
            name, records = stored.spec.game, store.tournament_matches(tournament)
            pairs = deal_pairs(store.fixtures(tournament), stored.spec.deals)
            ladder = fold_ratings(store.results(name, tournament))
            scope = f"tournament {tournament}, {stored.spec.deals.value} deals"
            bots, size = [b.name for b in stored.spec.bots], stored.spec.table_size
        else:
            name = pick_game(store, game)
            records = [record for record, _, _ in store.match_rows(game=name)]
            pairs = {}
            for t in store.tournaments():
                if t.spec.game == name and t.spec.deals is Deals.DUPLICATE:
                    pairs.update(
                        {
                            k: (t.id, v)
                            for k, v in deal_pairs(store.fixtures(t.id), t.spec.deals).items()
                        }
                    )
            ladder = store.ladder(name)
            scope = f"every {name} match"
            bots = sorted({p for r in records for p in r.players})
            size = max((len(r.players) for r in records), default=1)
    if not records:
        raise ConfigError("no matches to describe")
    kind = "paired (pentanomial) where deals repeat" if pairs else "trinomial (independent deals)"
    duels = comparison_rows(records, pairs)
    table = [
        {
            "place": r.place,
            "bot": r.bot,
            "mu": round(r.mu, 3),
            "sigma": round(r.sigma, 3),
            "P(> next)": None if r.p_better_next is None else round(r.p_better_next, 3),
            "games": r.games,
        }
        for r in multiplayer_table(ladder, records)
    ]
    standings = [
        {
            "place": s.place,
            "bot": s.bot,
            "points": round(s.points, 3),
            "games": s.games,
            "mean points": round(s.mean_points, 3),
            "95% (bootstrap)": f"[{s.low:.3f}, {s.high:.3f}]",
        }
        for s in standings_with_intervals(records, bots, size)
    ]
    if fmt is OutputFormat.JSON:  # one document for programs
        document = {"head_to_head": duels, "trueskill": table, "standings": standings}
        typer.echo(json.dumps(document, indent=2))
        return
    emit_rows(duels, fmt, title=f"Head to head: {scope}; Elo {kind}")
    if any(len(r.players) >= 3 for r in records) or fmt is not OutputFormat.TABLE:
        emit_rows(table, fmt, title=f"TrueSkill: {scope}")
        emit_rows(standings, fmt, title=f"Standings, mean points per match: {scope}")
