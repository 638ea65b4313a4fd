"""TrueSkill ladder: values against the trueskill package and a hand-checked two-player case."""

from __future__ import annotations

import math
from statistics import NormalDist

import pytest
import trueskill

from arena.ratings.trueskill_ladder import (
    BETA,
    DRAW_PROBABILITY,
    MU,
    SIGMA,
    TAU,
    Result,
    environment,
    fold_ratings,
    leaderboard_rows,
)


def by_bot(entries):
    return {e.bot: e for e in entries}


def test_one_two_player_win_matches_the_hand_computed_update():
    # Herbrich et al. 2007, two players, winner w and loser l, both at the prior:
    # c^2 = 2 beta^2 + 2 (sigma^2 + tau^2), draw margin eps = Phi^-1((p + 1) / 2) sqrt(2) beta,
    # v = phi(t - eps/c) / Phi(t - eps/c) at t = 0, w = v (v - eps/c),
    # mu_w = mu + (sigma'^2 / c) v, sigma_w^2 = sigma'^2 (1 - sigma'^2 / c^2 w).
    norm = NormalDist()
    s2 = SIGMA**2 + TAU**2
    c = math.sqrt(2 * BETA**2 + 2 * s2)
    eps = norm.inv_cdf((DRAW_PROBABILITY + 1) / 2) * math.sqrt(2) * BETA
    x = -eps / c
    v = norm.pdf(x) / norm.cdf(x)
    w = v * (v + x)
    mu_win, mu_loss = MU + s2 / c * v, MU - s2 / c * v
    sigma_after = math.sqrt(s2 * (1 - s2 / c**2 * w))
    ladder = by_bot(fold_ratings([Result(("ann", "bob"), (1, 2))]))
    assert ladder["ann"].mu == pytest.approx(mu_win, abs=1e-6)
    assert ladder["bob"].mu == pytest.approx(mu_loss, abs=1e-6)
    assert ladder["ann"].sigma == pytest.approx(sigma_after, abs=1e-6)
    assert ladder["bob"].sigma == pytest.approx(sigma_after, abs=1e-6)
    # the package's documented example values for the default environment
    assert round(ladder["ann"].mu, 3) == 29.396 and round(ladder["ann"].sigma, 3) == 7.171


def test_a_free_for_all_with_a_tie_equals_the_package():
    env = trueskill.TrueSkill(
        mu=MU, sigma=SIGMA, beta=BETA, tau=TAU, draw_probability=DRAW_PROBABILITY
    )
    prior = env.create_rating()
    expected = env.rate([(prior,)] * 4, ranks=[1, 0, 1, 3])  # seats ranked 2, 1, 2, 4
    ladder = by_bot(fold_ratings([Result(("a", "b", "c", "d"), (2, 1, 2, 4))]))
    for name, (rating,) in zip("abcd", expected, strict=True):
        assert ladder[name].mu == pytest.approx(rating.mu, abs=1e-9)
        assert ladder[name].sigma == pytest.approx(rating.sigma, abs=1e-9)
    assert ladder["b"].mu > MU > ladder["d"].mu  # the sole winner gains, the last loses


def test_a_sequence_is_folded_in_the_given_order_like_successive_package_calls():
    results = [
        Result(("a", "b"), (1, 2)),
        Result(("b", "c", "a"), (1, 1, 3)),
        Result(("c", "a"), (2, 1)),
    ]
    env = environment()
    r = {n: env.create_rating() for n in "abc"}
    (r["a"],), (r["b"],) = env.rate([(r["a"],), (r["b"],)], ranks=[0, 1])
    (r["b"],), (r["c"],), (r["a"],) = env.rate([(r["b"],), (r["c"],), (r["a"],)], ranks=[0, 0, 2])
    (r["c"],), (r["a"],) = env.rate([(r["c"],), (r["a"],)], ranks=[1, 0])
    ladder = by_bot(fold_ratings(results))
    for name in "abc":
        assert ladder[name].mu == pytest.approx(r[name].mu, abs=1e-9)
        assert ladder[name].sigma == pytest.approx(r[name].sigma, abs=1e-9)
    assert (ladder["a"].games, ladder["a"].wins) == (3, 2)
    assert (ladder["b"].games, ladder["b"].wins) == (2, 1)
    assert (ladder["c"].games, ladder["c"].wins) == (2, 1)
    reordered = by_bot(fold_ratings(list(reversed(results))))
    assert reordered["a"].mu != pytest.approx(ladder["a"].mu)  # order matters: hence fixture order


def test_the_leaderboard_is_ordered_by_mu_minus_three_sigma():
    results = [Result(("a", "b"), (1, 2))] * 3 + [Result(("c", "d"), (1, 2))]
    entries = fold_ratings(results)
    keys = [e.mu - 3 * e.sigma for e in entries]
    assert keys == sorted(keys, reverse=True)
    assert [e.bot for e in entries][0] == "a"
    rows = leaderboard_rows(entries)
    assert rows[0]["rank"] == 1 and rows[0]["bot"] == "a"
    assert rows[0]["conservative"] == pytest.approx(rows[0]["mu"] - 3 * rows[0]["sigma"], abs=1e-3)


def test_the_global_trueskill_environment_is_never_touched():
    before = trueskill.global_env()
    fold_ratings([Result(("a", "b"), (1, 1))])
    after = trueskill.global_env()
    assert (after.mu, after.sigma, after.draw_probability) == (
        before.mu,
        before.sigma,
        before.draw_probability,
    )
    assert environment() is not after


def test_a_bot_cannot_sit_twice_at_one_table():
    with pytest.raises(ValueError, match="twice"):
        fold_ratings([Result(("a", "a"), (1, 2))])


def test_carrying_mu_and_sigma_gives_bit_for_bit_the_package_fold_with_rating_objects():
    # The stored ladder resumes folds from (mu, sigma) columns: that must be exactly the fold
    # that keeps the package's Rating objects (which hold pi and tau) from match to match.
    import random

    rng = random.Random(3)
    bots = [f"b{i}" for i in range(6)]
    results = []
    for _ in range(400):
        players = tuple(rng.sample(bots, rng.choice((2, 3, 4))))
        results.append(Result(players, tuple(rng.randint(1, 2) for _ in players)))
    env = environment()
    kept: dict[str, trueskill.Rating] = {}
    for r in results:
        rated = env.rate(
            [(kept.get(b) or env.create_rating(),) for b in r.players],
            ranks=[x - 1 for x in r.ranks],
        )
        kept.update({b: rating for b, (rating,) in zip(r.players, rated, strict=True)})
    folded = by_bot(fold_ratings(results))
    assert {b: (folded[b].mu, folded[b].sigma) for b in bots} == {
        b: (kept[b].mu, kept[b].sigma) for b in bots
    }
