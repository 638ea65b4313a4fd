"""Elo, pentanomial and SPRT numbers against values computed by hand from the formulas."""

from __future__ import annotations

import math
import random

import pytest

from arena.core.values import MatchRecord, Outcome
from arena.ratings.elo import (
    Decision,
    LlrModel,
    Pentanomial,
    Sprt,
    Trinomial,
    better_probability,
    bootstrap_interval,
    elo_pentanomial,
    elo_to_score,
    elo_trinomial,
    likelihood_of_superiority,
    parse_sprt,
    score_to_elo,
)
from arena.ratings.trueskill_ladder import LadderEntry
from arena.tournament.comparisons import (
    SprtMonitor,
    compare_two,
    deal_pairs,
    head_to_head,
    multiplayer_table,
)
from arena.tournament.schedule import Deals, Fixture

# W 10, D 5, L 5 (N 20), by hand:
#   s = (10 + 5/2) / 20 = 0.625;  Elo = 400 log10(0.625 / 0.375) = 400 log10(5/3) = 88.7395
#   var = (10 * 0.375^2 + 5 * 0.125^2 + 5 * 0.625^2) / 20 = 3.4375 / 20 = 0.171875
#   stderr = sqrt(0.171875 / 20) = 0.0927025;  s -/+ 1.96 stderr = 0.443305, 0.806695
#   Elo(0.443305) = -39.5648,  Elo(0.806695) = 248.1849
#   SPRT [0, 5], normal approximation: s0 = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 0.5071951
#   LLR = 20 (s1 - s0)(2 * 0.625 - s0 - s1) / (2 * 0.171875) = 0.1016437
TRI = Trinomial(wins=10, draws=5, losses=5)
# Pairs by points 0, 1/2, 1, 3/2, 2 = 1, 2, 5, 8, 4 (20 pairs), by hand:
#   mean = (2 * 0.25 + 5 * 0.5 + 8 * 0.75 + 4) / 20 = 0.65;  Elo = 400 log10(0.65 / 0.35) = 107.5381
#   var = (0.65^2 + 2 * 0.4^2 + 5 * 0.15^2 + 8 * 0.1^2 + 4 * 0.35^2) / 20 = 1.425 / 20 = 0.07125
#   stderr = sqrt(0.07125 / 20) = 0.0596867
#   interval Elo(0.533016), Elo(0.766984) = 22.9755, 206.9600
#   LLR (normal) = 20 (s1 - s0)(1.3 - s0 - s1) / (2 * 0.07125) = 0.2956850
PENTA = Pentanomial((1, 2, 5, 8, 4))


def test_elo_from_score():
    assert score_to_elo(0.5) == 0.0
    assert score_to_elo(0.75) == pytest.approx(400 * math.log10(3))  # 190.8485
    assert elo_to_score(score_to_elo(0.3)) == pytest.approx(0.3)
    assert score_to_elo(1.0) == math.inf and score_to_elo(0.0) == -math.inf


def test_trinomial_elo_and_interval():
    est = elo_trinomial(TRI)
    assert est.score == 0.625 and est.samples == 20
    assert est.elo == pytest.approx(88.7395, abs=1e-4)
    assert est.lower == pytest.approx(-39.5648, abs=1e-4)
    assert est.upper == pytest.approx(248.1849, abs=1e-4)
    assert est.error == pytest.approx((248.1849 + 39.5648) / 2, abs=1e-4)


def test_pentanomial_elo_and_interval():
    est = elo_pentanomial(PENTA)
    assert est.score == pytest.approx(0.65) and est.samples == 20
    assert est.elo == pytest.approx(107.5381, abs=1e-4)
    assert est.lower == pytest.approx(22.9755, abs=1e-4)
    assert est.upper == pytest.approx(206.9600, abs=1e-4)


def test_sprt_bounds_and_normal_llr():
    sprt = Sprt(0, 5, 0.05, 0.05, model=LlrModel.NORMAL)
    assert sprt.lower == pytest.approx(-math.log(19)) and sprt.upper == pytest.approx(math.log(19))
    assert sprt.llr_trinomial(TRI) == pytest.approx(0.1016437, abs=1e-7)
    assert sprt.llr_pentanomial(PENTA) == pytest.approx(0.2956850, abs=1e-7)
    assert Sprt(0, 5, 0.05, 0.10).lower == pytest.approx(math.log(0.10 / 0.95))  # -2.2513


def test_gsprt_without_draws_is_walds_binomial_test():
    # With no draws the maximum-likelihood distributions are (1 - s, s) on {loss, win}, so
    # LLR = W log(s1/s0) + L log((1-s1)/(1-s0)); the empty draw cell (0.001) moves it < 1e-3.
    s0, s1 = elo_to_score(0), elo_to_score(50)
    expected = 30 * math.log(s1 / s0) + 10 * math.log((1 - s1) / (1 - s0))  # 1.404
    llr = Sprt(0, 50).llr_trinomial(Trinomial(wins=30, losses=10))
    assert llr == pytest.approx(expected, abs=1e-3)


def test_gsprt_stays_small_while_the_normal_approximation_explodes():
    two_wins = Trinomial(wins=2)
    assert Sprt(0, 5).llr_trinomial(two_wins) < 0.05
    assert Sprt(0, 5, model=LlrModel.NORMAL).llr_trinomial(two_wins) > Sprt().upper


def test_decisions_and_parsing():
    sprt = parse_sprt("elo0=0 elo1=5 alpha=0.05 beta=0.05")
    assert sprt == Sprt(0, 5, 0.05, 0.05)
    assert sprt.decide(3.0) is Decision.H1 and sprt.decide(-3.0) is Decision.H0
    assert sprt.decide(0.0) is Decision.CONTINUE
    assert parse_sprt("elo0=-2,elo1=3,model=normal").model is LlrModel.NORMAL
    for bad in ("elo0=5 elo1=0", "alpha=2", "elo2=1", "elo0=x", "model=bayes"):
        with pytest.raises(ValueError):
            parse_sprt(bad)


def test_los_and_better_probability():
    # LOS = 1/2 (1 + erf((W - L) / sqrt(2 (W + L)))) = 1/2 (1 + erf(5 / sqrt(30))) = 0.901647
    assert likelihood_of_superiority(TRI) == pytest.approx(0.901647, abs=1e-6)
    # P(a > b) = Phi((30 - 25) / sqrt(3^2 + 4^2)) = Phi(1) = 0.841345
    assert better_probability(30, 3, 25, 4) == pytest.approx(0.841345, abs=1e-6)


def test_bootstrap_interval_is_seeded_and_brackets_the_mean():
    values = [float(v) for v in range(10)]
    low, high = bootstrap_interval(values, random.Random(1))
    assert low < 4.5 < high and (low, high) == bootstrap_interval(values, random.Random(1))
    assert bootstrap_interval([2.0] * 5, random.Random(1)) == (2.0, 2.0)


def _record(mid: str, players: tuple[str, ...], ranks: tuple[int, ...]) -> MatchRecord:
    points = tuple(float(len(ranks) - r) for r in ranks)
    return MatchRecord(mid, "g", {}, 0, players, (), Outcome(ranks, points, points))


def test_head_to_head_counts_by_rank_in_every_pair():
    records = [
        _record("1", ("a", "b", "c"), (1, 2, 3)),
        _record("2", ("b", "a", "c"), (1, 1, 3)),
        _record("3", ("c", "a"), (1, 2)),
    ]
    rows = {(h.a, h.b): h for h in head_to_head(records)}
    assert (rows["a", "b"].wins, rows["a", "b"].draws, rows["a", "b"].losses) == (1, 1, 0)
    assert (rows["a", "c"].wins, rows["a", "c"].losses, rows["a", "c"].games) == (2, 1, 3)
    assert rows["a", "b"].points_a == 2 + 2 and rows["a", "b"].points_b == 1 + 2


def test_paired_statistics_use_rotation_pairs_of_duplicate_deals():
    fixtures = [
        Fixture(i, i // 2, 0, i % 2, ("a", "b") if i % 2 == 0 else ("b", "a"), 9, 1)
        for i in range(4)
    ]
    pairs = deal_pairs(fixtures, Deals.DUPLICATE)
    assert deal_pairs(fixtures, Deals.INDEPENDENT) == {}
    records = [
        _record("t1-0", ("a", "b"), (1, 2)),  # pair (0, 0): a wins both
        _record("t1-1", ("b", "a"), (2, 1)),
        _record("t1-2", ("a", "b"), (1, 1)),  # pair (1, 0): a draws then loses
        _record("t1-3", ("b", "a"), (1, 2)),
    ]
    report = compare_two(records, "a", "b", pairs)
    assert report.trinomial == Trinomial(wins=2, draws=1, losses=1)
    assert report.pentanomial == Pentanomial((0, 1, 0, 0, 1))
    assert report.paired_elo is not None and report.paired_elo.score == pytest.approx(0.625)
    monitor = SprtMonitor(Sprt(), "a", "b", pairs)
    states = [monitor.add(r) for r in records]
    assert [s.samples for s in states] == [0, 1, 1, 2]
    assert states[-1].pentanomial == report.pentanomial


def test_multiplayer_table_gives_p_better_than_next_and_intervals():
    ladder = [LadderEntry("a", 30, 3, 2, 1), LadderEntry("b", 25, 4, 2, 1)]
    records = [_record("1", ("a", "b"), (1, 2)), _record("2", ("a", "b"), (2, 1))]
    rows = multiplayer_table(ladder, records)
    assert rows[0].p_better_next == pytest.approx(0.841345, abs=1e-6)
    assert rows[1].p_better_next is None
    assert rows[0].mean_points == 0.5 and rows[0].low == 0.0 and rows[0].high == 1.0


def test_statistics_records_and_ladder_run_import_without_grpc_typer_or_rich():
    from layering import probe

    core = ("arena.ratings.elo", "arena.records", "arena.records.transfer", "arena.app.ladder_run")
    done = probe(core)
    assert done.returncode == 0, done.stderr[-2000:]
    assert set(core) <= set(done.stdout.split())


def test_standings_carry_a_bootstrap_interval_on_mean_points():
    from arena.tournament.comparisons import standings_with_intervals

    records = [
        _record("1", ("a", "b", "c"), (1, 2, 3)),  # points 2, 1, 0
        _record("2", ("b", "a", "c"), (1, 2, 3)),
        _record("3", ("a", "c", "b"), (1, 2, 3)),
    ]
    rows = standings_with_intervals(records, ["a", "b", "c", "idle"], 3)
    assert [r.bot for r in rows] == ["a", "b", "c", "idle"]
    a = rows[0]
    assert (a.points, a.games, a.mean_points) == (5.0, 3, 5 / 3)
    assert 1.0 <= a.low <= a.mean_points <= a.high <= 2.0
    assert rows[-1].games == 0 and math.isnan(rows[-1].mean_points)
    assert rows == standings_with_intervals(records, ["a", "b", "c", "idle"], 3)  # seeded
