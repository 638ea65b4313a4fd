"""Two-bot statistics as chess testers compute them: Elo with a 95% interval, SPRT, pentanomial.

Formulas (fastchess and fishtest, logistic Elo):
- score s = (W + D/2) / N; Elo = -400 log10(1/s - 1).
- trinomial: per-game variance var = (W(1-s)^2 + D(1/2-s)^2 + L(0-s)^2) / N;
  pentanomial: the same over pairs of games that share a deal, each pair scoring 0, 1/4, 1/2,
  3/4 or 1 (its two games' points halved), N = pairs.
- 95% interval: Elo(s -/+ 1.959964 sqrt(var / N)); fastchess reports half its width as +/-.
- SPRT bounds log(beta / (1 - alpha)) and log((1 - beta) / alpha); s0, s1 the scores of elo0,
  elo1. Two log-likelihood ratios, counts of zero taken as 0.001 as fastchess does:
  - normal approximation (fishtest LLR_alt2): LLR = N (s1 - s0)(2s - s0 - s1) / (2 var);
  - GSPRT (fastchess and fishtest "logistic" today): N sum p_i log(p1_i / p0_i), with p0, p1
    the maximum-likelihood distributions of mean s0, s1 (Van den Bergh, proposition 1.1).
  The normal approximation divides by the sample variance, which is nearly zero while one bot
  wins every game: it then accepts H1 after two or three games. The GSPRT does not, so it is
  the default model (DEFAULT_MODEL), and `model=normal` selects the other.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
ZERO_COUNT = 1e-3  # how fastchess regularizes an empty cell before computing an LLR


def score_to_elo(score: float) -> float:
    """Logistic Elo difference for an expected score in (0, 1); +/-inf at the ends."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # + 0.0: an even score is 0, never -0


def elo_to_score(elo: float) -> float:
    """Expected score of a logistic Elo difference."""
    return 1.0 / (1.0 + float(10.0 ** (-elo / 400.0)))


@dataclass(frozen=True, slots=True)
class Trinomial:
    """One bot's wins, draws and losses against another."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Number of games."""
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """Wins plus half the draws."""
        return self.wins + 0.5 * self.draws

    def counts(self) -> tuple[int, ...]:
        """Counts by score 0, 1/2, 1."""
        return (self.losses, self.draws, self.wins)


PENTA_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
TRI_SCORES = (0.0, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class Pentanomial:
    """Pairs of games sharing a deal, counted by the pair's points: 0, 1/2, 1, 3/2, 2."""

    counts: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    @property
    def pairs(self) -> int:
        """Number of complete pairs."""
        return sum(self.counts)

    def add(self, pair_points: float) -> Pentanomial:
        """These counts plus one pair that scored `pair_points` (0 to 2, in halves)."""
        index = round(pair_points * 2)
        if not 0 <= index <= 4 or abs(index - pair_points * 2) > 1e-9:
            raise ValueError(f"a pair scores 0, 0.5, 1, 1.5 or 2, not {pair_points}")
        counts = list(self.counts)
        counts[index] += 1
        return Pentanomial((counts[0], counts[1], counts[2], counts[3], counts[4]))


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """An Elo difference with its 95% interval (lower, upper) and fastchess' +/- (half width)."""

    score: float
    elo: float
    lower: float
    upper: float
    samples: int  # games (trinomial) or pairs (pentanomial)

    @property
    def error(self) -> float:
        """Half the width of the 95% interval."""
        return (self.upper - self.lower) / 2.0


def mean_and_variance(
    scores: Sequence[float], counts: Sequence[float]
) -> tuple[float, float, float]:
    """(N, mean, variance per sample) of a discrete distribution given by counts."""
    n = float(sum(counts))
    if n <= 0:
        raise ValueError("no games")
    mean = sum(x * c for x, c in zip(scores, counts, strict=True)) / n
    var = sum(c * (x - mean) ** 2 for x, c in zip(scores, counts, strict=True)) / n
    return n, mean, var


def _estimate(scores: Sequence[float], counts: Sequence[int]) -> EloEstimate:
    n, mean, var = mean_and_variance(scores, counts)
    stderr = math.sqrt(var / n)
    return EloEstimate(
        score=mean,
        elo=score_to_elo(mean),
        lower=score_to_elo(mean - Z95 * stderr),
        upper=score_to_elo(mean + Z95 * stderr),
        samples=int(n),
    )


def elo_trinomial(result: Trinomial) -> EloEstimate:
    """Elo difference and 95% interval from independent games."""
    return _estimate(TRI_SCORES, result.counts())


def elo_pentanomial(result: Pentanomial) -> EloEstimate:
    """Elo difference and 95% interval from pairs of games sharing a deal."""
    return _estimate(PENTA_SCORES, result.counts)


def likelihood_of_superiority(result: Trinomial) -> float:
    """LOS: the probability that the first bot is the stronger, from wins and losses."""
    decisive = result.wins + result.losses
    if decisive == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((result.wins - result.losses) / math.sqrt(2.0 * decisive)))


class LlrModel(enum.StrEnum):
    """How the SPRT computes its log-likelihood ratio."""

    GSPRT = "gsprt"  # maximum-likelihood distributions (fastchess, fishtest)
    NORMAL = "normal"  # the normal approximation (fishtest LLR_alt2, OpenBench)


# [ASSUMPTION STATS-A1] The issue asks for fastchess/fishtest formulas; both use the GSPRT for
# logistic Elo. The normal approximation is kept and tested, selectable by model=normal.
DEFAULT_MODEL = LlrModel.GSPRT


def _mle(scores: Sequence[float], probs: Sequence[float], mean: float) -> list[float]:
    """The distribution on `scores` with this mean that is closest to `probs` (max likelihood)."""
    # p_i = q_i / (1 + theta (a_i - mean)), theta solving sum q_i (a_i - m) / (1 + theta (a_i - m))
    # = 0 between the poles; the sum decreases in theta, so bisection finds it.
    low = -1.0 / (max(scores) - mean)
    high = -1.0 / (min(scores) - mean)

    def f(theta: float) -> float:
        return sum(
            q * (a - mean) / (1.0 + theta * (a - mean)) for a, q in zip(scores, probs, strict=True)
        )

    span = high - low
    low, high = low + span * 1e-12, high - span * 1e-12
    for _ in range(200):
        mid = (low + high) / 2.0
        if f(mid) > 0:
            low = mid
        else:
            high = mid
    theta = (low + high) / 2.0
    return [q / (1.0 + theta * (a - mean)) for a, q in zip(scores, probs, strict=True)]


class Decision(enum.StrEnum):
    """Where a sequential test stands."""

    CONTINUE = "continue"
    H0 = "H0"  # accepted: the difference is at most elo0
    H1 = "H1"  # accepted: the difference is at least elo1


@dataclass(frozen=True, slots=True)
class Sprt:
    """A sequential probability ratio test of elo0 against elo1 (logistic Elo)."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: LlrModel = DEFAULT_MODEL

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError("SPRT needs elo0 < elo1")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1 and self.alpha + self.beta < 1):
            raise ValueError("SPRT needs 0 < alpha, beta and alpha + beta < 1")

    @property
    def lower(self) -> float:
        """Accept H0 at or below this LLR: log(beta / (1 - alpha))."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 at or above this LLR: log((1 - beta) / alpha)."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float], counts: Sequence[int]) -> float:
        """The log-likelihood ratio of this test's model, empty cells taken as 0.001."""
        if sum(counts) == 0:
            return 0.0
        regular = [c if c else ZERO_COUNT for c in counts]
        n, mean, var = mean_and_variance(scores, regular)
        s0, s1 = elo_to_score(self.elo0), elo_to_score(self.elo1)
        if self.model is LlrModel.NORMAL:
            return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
        probs = [c / n for c in regular]
        p0, p1 = _mle(scores, probs, s0), _mle(scores, probs, s1)
        return n * sum(q * math.log(b / a) for q, a, b in zip(probs, p0, p1, strict=True))

    def llr_trinomial(self, result: Trinomial) -> float:
        """LLR from independent games."""
        return self.llr(TRI_SCORES, result.counts())

    def llr_pentanomial(self, result: Pentanomial) -> float:
        """LLR from pairs of games sharing a deal."""
        return self.llr(PENTA_SCORES, result.counts)

    def decide(self, llr: float) -> Decision:
        """H1 at or above the upper bound, H0 at or below the lower one, else continue."""
        if llr >= self.upper:
            return Decision.H1
        if llr <= self.lower:
            return Decision.H0
        return Decision.CONTINUE


def parse_sprt(text: str) -> Sprt:
    """An Sprt from "elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=gsprt|normal]" (spaces or commas;
    any may be left out); ValueError if malformed."""
    values: dict[str, float] = {}
    model = DEFAULT_MODEL
    for pair in text.replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if sep and key == "model":
            try:
                model = LlrModel(value)
            except ValueError:
                raise ValueError(f"--sprt model takes gsprt or normal, not {value!r}") from None
            continue
        if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
            raise ValueError(f"--sprt takes elo0=, elo1=, alpha=, beta=, model=, not {pair!r}")
        try:
            values[key] = float(value)
        except ValueError:
            raise ValueError(f"--sprt {key} takes a number, not {value!r}") from None
    return Sprt(**values, model=model)


def better_probability(mu_a: float, sigma_a: float, mu_b: float, sigma_b: float) -> float:
    """P(skill a > skill b) for independent normal skills (TrueSkill's belief)."""
    spread = math.sqrt(sigma_a**2 + sigma_b**2)
    if spread == 0:
        return 0.5 if mu_a == mu_b else float(mu_a > mu_b)
    return 0.5 * (1.0 + math.erf((mu_a - mu_b) / (spread * math.sqrt(2.0))))


BOOTSTRAP_RESAMPLES = 2000


def bootstrap_interval(
    values: Sequence[float],
    rng: random.Random,
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    level: float = 0.95,
) -> tuple[float, float]:
    """A percentile bootstrap interval for the mean of `values` (seeded by `rng`)."""
    if not values:
        raise ValueError("no values")
    n = len(values)
    means = sorted(sum(rng.choices(values, k=n)) / n for _ in range(resamples))
    tail = (1.0 - level) / 2.0
    low = means[min(resamples - 1, int(math.floor(tail * resamples)))]
    high = means[min(resamples - 1, int(math.ceil((1.0 - tail) * resamples)) - 1)]
    return low, high


def perfect_score_bound(games: int) -> float:
    """The 95% lower bound of the Elo of a bot that won all `games` (Clopper-Pearson).

    A perfect score has no finite estimate (the logistic Elo of a score of 1 is infinite), but
    it does bound the Elo from below: the exact binomial interval's lower end is (alpha/2)^(1/n).
    The bound of a bot that lost every game is its negative.
    """
    if games < 1:
        raise ValueError("no games")
    return score_to_elo(((1.0 - 0.95) / 2.0) ** (1.0 / games))
