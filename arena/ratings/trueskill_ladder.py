"""TrueSkill ladder: an explicit environment and a deterministic fold over match results.

Every match is a free-for-all of one-player teams ranked by the outcome (ties allowed).
Results are folded in fixture order (tournament creation order, then fixture index), never
in finishing order, so a run at any concurrency gives the same ladder.

A rating is carried from match to match as its (mu, sigma) floats: TrueSkill reads nothing
else of a prior, so a fold resumed from stored (mu, sigma) values (arena/store/ladder.py)
gives bit for bit the floats of a fold from scratch.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import trueskill

MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = SIGMA / 100
# [ASSUMPTION RATING-A1] Shared wins are common in Lucky Numbers (equal tile counts when the pot
# runs out) and exact ties happen in The Number; the package's default 10% draw probability
# is kept as a moderate prior for games with ties.
DRAW_PROBABILITY = 0.10
CONSERVATIVE_K = 3.0  # leaderboard key: mu - K * sigma


def environment() -> trueskill.TrueSkill:
    """The arena's TrueSkill environment (never the package's global setup())."""
    return trueskill.TrueSkill(
        mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, draw_probability=DRAW_PROBABILITY
    )


@dataclass(frozen=True, slots=True)
class Result:
    """One rated match: the bot per seat and its rank (1 is best, ties share a rank)."""

    players: tuple[str, ...]
    ranks: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Skill:
    """A bot's rating between matches: what TrueSkill reads of a prior (mu and sigma)."""

    mu: float
    sigma: float


def prior(env: trueskill.TrueSkill) -> Skill:
    """The rating of a bot before its first rated match."""
    rating = env.create_rating()
    return Skill(rating.mu, rating.sigma)


def is_rated(result: Result) -> bool:
    """Whether a match moves ratings: a solo game says nothing about relative skill."""
    return len(result.players) >= 2


def rate_match(
    env: trueskill.TrueSkill, priors: Sequence[Skill], ranks: Sequence[int]
) -> list[Skill]:
    """The ratings after one free-for-all, seat by seat (ranks: 1 is best, ties share)."""
    # trueskill ranks: lower is better, equal means a tie, exactly like Outcome.ranks
    rated = env.rate([(p,) for p in priors], ranks=[r - 1 for r in ranks])
    return [Skill(rating.mu, rating.sigma) for (rating,) in rated]


def check_seats(players: Sequence[str]) -> None:
    """ValueError if a bot sits twice at one table (one rating cannot play itself)."""
    if len(set(players)) != len(players):
        raise ValueError(f"a bot sits twice at one table: {tuple(players)}")


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """One bot on the ladder."""

    bot: str
    mu: float
    sigma: float
    games: int
    wins: int

    @property
    def conservative(self) -> float:
        """The skill the bot has with high confidence: mu - 3 sigma."""
        return self.mu - CONSERVATIVE_K * self.sigma


def fold_ratings(
    results: Iterable[Result], env: trueskill.TrueSkill | None = None
) -> list[LadderEntry]:
    """Rate every result in the given order; the ladder sorted by mu - 3 sigma (best first)."""
    env = env or environment()
    start = prior(env)
    ratings: dict[str, Skill] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    for result in results:
        if not is_rated(result):
            continue
        check_seats(result.players)
        priors = [ratings.get(bot, start) for bot in result.players]
        for bot, after in zip(result.players, rate_match(env, priors, result.ranks), strict=True):
            ratings[bot] = after
        for bot, rank in zip(result.players, result.ranks, strict=True):
            games[bot] = games.get(bot, 0) + 1
            wins[bot] = wins.get(bot, 0) + (rank == 1)
    entries = [LadderEntry(bot, r.mu, r.sigma, games[bot], wins[bot]) for bot, r in ratings.items()]
    return sort_ladder(entries)


def sort_ladder(entries: Iterable[LadderEntry]) -> list[LadderEntry]:
    """Best first: by mu - 3 sigma, then by name."""
    return sorted(entries, key=lambda e: (-e.conservative, e.bot))


def leaderboard_rows(entries: Sequence[LadderEntry]) -> list[dict[str, object]]:
    """The ladder as JSON-ready rows with its place (1 is best)."""
    return [leaderboard_row(i + 1, e) for i, e in enumerate(entries)]


def leaderboard_row(rank: int, entry: Any) -> dict[str, object]:
    """One ladder row: a LadderEntry, or anything with its fields (a LadderEntry message)."""
    return {
        "rank": rank,
        "bot": entry.bot,
        "mu": round(entry.mu, 4),
        "sigma": round(entry.sigma, 4),
        "conservative": round(entry.conservative, 4),
        "games": entry.games,
        "wins": entry.wins,
    }
