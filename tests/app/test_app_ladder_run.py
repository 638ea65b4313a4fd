"""arena.app.ladder_run: which connected bots a continuous ladder seats together next."""

from __future__ import annotations

import random

from arena.app.ladder_run import MAX_TABLES_CONSIDERED, choose_table, match_quality
from arena.ratings.trueskill_ladder import LadderEntry, environment

LADDER = {
    "strong": LadderEntry("strong", 40.0, 1.0, 50, 45),
    "mid": LadderEntry("mid", 25.0, 1.0, 50, 25),
    "mid2": LadderEntry("mid2", 25.5, 1.0, 50, 25),
}


def test_pairing_prefers_the_closest_match_and_newcomers() -> None:
    env = environment()
    rng = random.Random(0)
    assert choose_table(env, LADDER, ["strong", "mid", "mid2"], 2, rng) == ("mid", "mid2")
    assert choose_table(env, LADDER, ["strong"], 2, rng) is None
    # the pair just played is avoided when another exists
    again = choose_table(env, LADDER, ["strong", "mid", "mid2"], 2, rng, ("mid2", "mid"))
    assert again is not None and again != ("mid", "mid2")
    # a lone possible table is played again rather than none
    assert choose_table(env, LADDER, ["mid", "mid2"], 2, rng, ("mid", "mid2")) == ("mid", "mid2")


def test_an_unrated_bot_counts_as_a_newcomer_of_the_default_rating() -> None:
    env = environment()
    close, far = (match_quality(env, LADDER, ("new", b)) for b in ("mid", "strong"))
    assert close > far
    assert 0.0 < match_quality(env, {}, ("a", "b", "c")) <= 1.0


def test_a_large_field_is_sampled_and_still_seats_free_bots_only() -> None:
    env = environment()
    free = [f"bot{i}" for i in range(40)]  # C(40, 4) = 91,390 tables: a sample is scored
    table = choose_table(env, {}, free, 4, random.Random(3))
    assert table is not None and len(set(table)) == 4 and set(table) <= set(free)
    assert MAX_TABLES_CONSIDERED < 91_390
