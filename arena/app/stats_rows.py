"""How the statistics read: head-to-head rows with their Elo cells, TrueSkill, mean points.

No cell is ever inf or nan: a perfect score shows its exact one-sided bound ("> +140, all 10
won"), an interval without an end says so.
"""

from __future__ import annotations

from typing import Any

from arena.app.stats import Duel, Elo, StatsReport


def _r(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def _bound(value: float | None) -> str:
    return "no bound" if value is None else f"{value:+.1f}"


def elo_cells(prefix: str, elo: Elo | None, duel: Duel) -> dict[str, Any]:
    """The Elo, its +/- and its 95% interval as cells (`prefix`: "" or "paired ")."""
    if elo is None:
        return {}
    interval = f"[{_bound(elo.lower)}, {_bound(elo.upper)}]"
    if elo.unbounded:
        side = f"all {duel.games} won" if elo.lower is not None else f"all {duel.games} lost"
        interval += f" ({side})"
    return {f"{prefix}elo": _r(elo.elo), f"{prefix}+/-": _r(elo.error), f"{prefix}95%": interval}


def elo_text(elo: Elo, games: int) -> str:
    """The Elo in a line of text (SPRT progress): "elo +35.2 +/- 20.1", or for a perfect score
    its exact bound, "elo > +140.4 (all 10 won)"; never inf or nan."""
    if elo.unbounded:
        if elo.lower is not None:
            return f"elo > {elo.lower:+.1f} (all {games} won)"
        return f"elo < {_bound(elo.upper)} (all {games} lost)"
    if elo.elo is None:
        return "elo unknown"
    spread = "no bound" if elo.error is None else f"{elo.error:.1f}"
    return f"elo {elo.elo:+.1f} +/- {spread}"


def duel_row(d: Duel) -> dict[str, Any]:
    """One pair of bots: W/D/L by rank, points; Elo, LOS and paired Elo where they exist."""
    row: dict[str, Any] = {
        "bot": d.bot,
        "opponent": d.opponent,
        "games": d.games,
        "W": d.wins,
        "D": d.draws,
        "L": d.losses,
        "points": round(d.points, 2),
        "opp points": round(d.opponent_points, 2),
    }
    row.update(elo_cells("", d.elo, d))
    if d.los is not None:
        row["LOS %"] = round(100 * d.los, 1)
    if d.pentanomial:
        row["pairs"] = d.pairs
        row["penta"] = list(d.pentanomial)
        row.update(elo_cells("paired ", d.paired_elo, d))
    return row


def stats_tables(report: StatsReport) -> dict[str, list[dict[str, Any]]]:
    """The three tables of `arena stats`."""
    return {
        "head_to_head": [duel_row(d) for d in report.duels],
        "trueskill": [
            {
                "place": t.place,
                "bot": t.bot,
                "mu": round(t.mu, 3),
                "sigma": round(t.sigma, 3),
                "P(> next)": _r(t.p_better_next, 3),
                "games": t.games,
            }
            for t in report.trueskill
        ],
        "standings": [
            {
                "place": s.place,
                "bot": s.bot,
                "points": round(s.points, 3),
                "games": s.games,
                "mean points": _r(s.mean_points, 3),
                "95% (bootstrap)": "no games"
                if s.low is None or s.high is None
                else f"[{s.low:.3f}, {s.high:.3f}]",
            }
            for s in report.standings
        ],
    }


def stats_titles(report: StatsReport) -> dict[str, str]:
    """The title of each table."""
    return {
        "head_to_head": f"Head to head: {report.scope}; Elo {report.kind}",
        "trueskill": f"TrueSkill: {report.scope}",
        "standings": f"Standings, mean points per match: {report.scope}",
    }


__all__ = ["duel_row", "elo_cells", "stats_tables", "stats_titles"]
