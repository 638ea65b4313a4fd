"""Swiss rounds from literal standings, whole simulated Swiss tournaments, Swiss standings."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter

import pytest
from round_helpers import names, play_round, repeat_meetings, results

from arena.errors import ConfigError, TournamentError
from arena.tournament import pairing
from arena.tournament.matching import Matching
from arena.tournament.pairing import bye_for_two, pair_two, seat_tables
from arena.tournament.rounds import RoundPlan
from arena.tournament.swiss import (
    default_swiss_rounds,
    plan_swiss_round,
    swiss_byes,
    swiss_standings,
)

EIGHT = list("abcdefgh")


def plan(bots, history, table_size=2, rounds=5) -> RoundPlan | None:
    return plan_swiss_round(list(bots), table_size, rounds, history)


def met(*pairs: str) -> dict[str, dict[str, int]]:
    """Meetings from "ab" strings (symmetric)."""
    out: dict[str, dict[str, int]] = {}
    for a, b in pairs:
        out.setdefault(a, {})[b] = out.setdefault(b, {}).get(a, 0) + 1
        out[b][a] = out[a][b]
    return out


# --- round 0: the seeding order ---------------------------------------------------------------


def test_round_0_pairs_the_top_half_against_the_bottom_half():
    assert plan(EIGHT, []) == RoundPlan(
        0, (("a", "e"), ("b", "f"), ("c", "g"), ("d", "h")), byes=()
    )


def test_an_odd_field_gives_the_lowest_seed_the_bye():
    assert plan("abcdefg", []) == RoundPlan(0, (("a", "d"), ("b", "e"), ("c", "f")), ("g",))


def test_round_0_at_tables_of_three_and_four_spreads_the_seeds():
    assert plan("abcdefghi", [], table_size=3).tables == (
        ("a", "d", "g"),
        ("b", "e", "h"),
        ("c", "f", "i"),
    )
    assert plan("abcdefghij", [], table_size=3) == RoundPlan(
        0, (("a", "d", "g"), ("b", "e", "h"), ("c", "f", "i")), ("j",)
    )
    assert plan("abcdefg", [], table_size=3) == RoundPlan(
        0, (("a", "c", "e"), ("b", "d", "f")), ("g",)
    )
    assert plan("abcdefghijklmnop", [], table_size=4).tables == (
        ("a", "e", "i", "m"),
        ("b", "f", "j", "n"),
        ("c", "g", "k", "o"),
        ("d", "h", "l", "p"),
    )
    assert plan("abcdef", [], table_size=4) == RoundPlan(0, (("a", "b", "c", "d"),), ("e", "f"))


# --- later rounds, from literal results ---------------------------------------------------------


def test_score_groups_pair_top_half_against_bottom_half():
    history = results("a>e b>f c>g d>h")  # a b c d on 1, e f g h on 0
    assert plan(EIGHT, history) == RoundPlan(
        1, (("a", "c"), ("b", "d"), ("e", "g"), ("f", "h")), ()
    )


def test_an_odd_group_floats_its_last_bot_down_to_the_top_of_the_next_group():
    # scores: a d f 1 (Buchholz 0, seeding order a d f), c g 0.5, b e h 0 (Buchholz 1)
    history = results("a>e f>b c=g d>h")
    # a-d within the 1-group, f floats down to c (top of the 0.5 group), g floats to b
    assert plan(EIGHT, history).tables == (("a", "d"), ("f", "c"), ("g", "b"), ("e", "h"))


def test_no_rematch_even_when_the_natural_pairing_must_be_undone():
    # after two rounds: a c on 2, b e on 1, d f on 0 (ordered by Buchholz)
    history = results("a>d b>e c>f", "a>b c>d e>f")
    # a-c; b-e met, and b-d would leave e-f who met: b-f, e-d
    assert plan("abcdef", history) == RoundPlan(2, (("a", "c"), ("b", "f"), ("e", "d")), ())


def test_the_top_pairing_gives_way_when_the_rest_could_not_be_paired():
    scores = dict.fromkeys("abcdef", 1.0)
    # c has met d, e and f: it must meet a or b, so b cannot take e or f
    assert pair_two(list("abcdef"), met("cd", "ce", "cf"), scores) == [
        ("a", "d"),
        ("b", "c"),
        ("e", "f"),
    ]
    # c has also met b: only a is left for c, so a gives up its natural opponent d
    assert pair_two(list("abcdef"), met("cd", "ce", "cf", "cb"), scores) == [
        ("a", "c"),
        ("b", "e"),
        ("d", "f"),
    ]


def test_a_forced_rematch_is_the_only_one():
    # four bots who all met each other but a-d and b-c: a-b must repeat if a-d is not played
    scores = {"a": 2.0, "b": 2.0, "c": 0.0, "d": 0.0}
    assert pair_two(list("abcd"), met("ab", "ac", "bd", "cd"), scores) == [("a", "d"), ("b", "c")]
    everyone = met("ab", "ac", "ad", "bc", "bd", "cd")
    assert pair_two(list("abcd"), everyone, scores) == [("a", "b"), ("c", "d")]
    # a met everybody else, the others met nobody: exactly one rematch, a's
    pairs = pair_two(list("abcdef"), met("ab", "ac", "ad", "ae", "af"), dict.fromkeys("abcdef", 0))
    assert pairs == [("a", "d"), ("b", "e"), ("c", "f")]


def test_pairings_have_the_fewest_rematches_possible():
    for seed in range(300):  # random small fields against every pairing there is
        rng = random.Random(seed)
        n = rng.choice([2, 4, 6, 8, 10])
        bots = [str(i) for i in range(n)]
        density = rng.random()
        meetings = met(
            *(a + b for a, b in itertools.combinations(bots, 2) if rng.random() < density)
        )
        scores = {b: float(rng.randint(0, 2)) for b in bots}
        ranked = sorted(bots, key=lambda b: -scores[b])
        pairs = pair_two(ranked, meetings, scores)
        assert sorted(b for p in pairs for b in p) == bots

        fewest = min(_rematches(p, meetings) for p in _pairings(ranked))
        assert _rematches(pairs, meetings) == fewest, seed


def _rematches(pairing, meetings):
    return sum(1 for a, b in pairing if meetings.get(a, {}).get(b))


def _pairings(bots):
    if not bots:
        yield []
        return
    first, rest = bots[0], bots[1:]
    for i, other in enumerate(rest):
        for tail in _pairings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *tail]


def test_the_bye_goes_to_the_lowest_bot_who_had_none_and_leaves_a_pairable_field():
    history = results("a>c d>b")  # round 0 of five: e had the bye, worth a win
    assert swiss_byes(list("abcde"), 2, history) == ("e",)
    # ranking: e (1, Buchholz = its own score), a, d, then b, c; c sits out;
    # e-a would leave d-b, who met: e-d, a-b
    assert plan("abcde", history) == RoundPlan(1, (("e", "d"), ("a", "b")), ("c",))
    # e, the lowest, cannot sit out: a met b, c and d and needs e
    assert bye_for_two(list("abcde"), met("ab", "ac", "ad"), {}) == "d"
    # one bye per bot while somebody has none, before avoiding a rematch
    assert bye_for_two(list("abc"), met("ab"), {"c": 1, "b": 1}) == "a"


def test_tables_of_three_keep_score_groups_together():
    history = results("a>d>g b>e>h c>f>i")
    assert plan("abcdefghi", history, table_size=3).tables == (
        ("a", "b", "c"),
        ("d", "e", "f"),
        ("g", "h", "i"),
    )


def test_tables_of_three_search_past_a_first_table_that_strands_the_rest():
    scores = dict.fromkeys("abcdef", 0.0)
    # natural tables a c e / b d f, but b and d met
    assert seat_tables(list("abcdef"), met("bd"), scores, 3) == [("a", "c", "d"), ("b", "e", "f")]


def test_past_its_budget_the_table_search_fills_greedily_then_swaps_repeats_away(monkeypatch):
    monkeypatch.setattr(pairing, "SEARCH_BUDGET", 0)
    scores = dict.fromkeys("abcdef", 0.0)
    # greedy: a c e / b d f, where b and d met; b trades places with c, its nearest lower rival
    assert seat_tables(list("abcdef"), met("bd"), scores, 3) == [("a", "b", "e"), ("c", "d", "f")]


def test_tables_of_four_with_unavoidable_repeats_seat_the_fewest():
    history = results("a>c>e>g b>d>f>h")  # any table of 4 of these 8 repeats two meetings
    planned = plan(EIGHT, history, table_size=4)
    assert planned.tables == (("a", "b", "c", "d"), ("e", "f", "g", "h"))
    round_1 = results(*[" ".join(">".join(t) for t in planned.tables)], first_round=1)
    assert repeat_meetings(history + round_1) == 4  # the minimum: 2 per table


# --- whole tournaments ----------------------------------------------------------------------


def run_swiss(bots, table_size, rounds, seed):
    rng = random.Random(seed)
    played, plans = [], []
    while (p := plan_swiss_round(bots, table_size, rounds, played)) is not None:
        assert p.round == len(plans)
        plans.append(p)
        played += play_round(p, rng)
    return plans, played


@pytest.mark.parametrize(("n", "table_size"), [(9, 2), (16, 2), (12, 3), (13, 3), (16, 4), (19, 4)])
@pytest.mark.parametrize("seed", range(4))
def test_a_whole_swiss_never_repeats_a_meeting_and_shares_byes(n, table_size, seed):
    bots = names(n)
    rounds = default_swiss_rounds(n, table_size)
    plans, played = run_swiss(bots, table_size, rounds, seed)
    assert len(plans) == rounds
    assert repeat_meetings(played) == 0
    for p in plans:
        assert sorted(p.seated + p.byes) == bots  # the tables partition the non-bye bots
        assert all(len(t) == table_size for t in p.tables)
        assert len(p.byes) == n % table_size
    byes = Counter(b for p in plans for b in p.byes)
    assert max(byes.values(), default=0) <= 1
    assert Counter(swiss_byes(bots, table_size, played)) == byes
    standings = swiss_standings(bots, played, byes.elements())
    assert sum(s.encounters for s in standings) == sum(len(t) for p in plans for t in p.tables)


def test_a_long_swiss_of_two_player_tables_stays_free_of_rematches():
    plans, played = run_swiss(names(20), 2, 15, seed=3)
    assert len(plans) == 15 and repeat_meetings(played) == 0


def test_512_bots_are_paired_fast_without_rematches():
    bots = names(512)
    started = time.perf_counter()
    plans, played = run_swiss(bots, 2, default_swiss_rounds(512, 2), seed=1)
    elapsed = time.perf_counter() - started
    assert len(plans) == 9 and repeat_meetings(played) == 0
    assert elapsed < 20  # about 1 s on one core; generous for shared CI machines


def test_the_plan_is_the_same_whatever_the_order_of_the_played_encounters():
    bots = names(11)
    plans, played = run_swiss(bots, 2, 4, seed=5)
    for seed in range(5):
        shuffled = list(played[:-5])
        random.Random(seed).shuffle(shuffled)
        assert plan_swiss_round(bots, 2, 4, shuffled) == plan_swiss_round(bots, 2, 4, played[:-5])
    again, _ = run_swiss(bots, 2, 4, seed=5)
    assert again == plans


def test_a_round_under_way_is_planned_again_identically_and_checked():
    history = results("a>e b>f c>g d>h")
    full = plan(EIGHT, history)
    partial = history + results("a<c", first_round=1)  # round 1, table 0 played
    assert plan(EIGHT, partial) == full
    wrong = history + results("a>b", first_round=1)
    with pytest.raises(TournamentError, match="its plan differs"):
        plan(EIGHT, wrong)
    beyond = history + results("a>b", first_round=2)
    with pytest.raises(TournamentError, match="after the unfinished round"):
        plan(EIGHT, beyond)
    twice = results("a>e b>f c>g d>h", "a>c b>d e>g f>a")
    with pytest.raises(TournamentError, match="at most once"):
        plan(EIGHT, twice)


def test_the_last_round_done_means_no_plan():
    history = results("a>b")
    assert plan("ab", history, rounds=1) is None
    with pytest.raises(TournamentError, match="beyond the last round"):
        plan("ab", history + results("b>a", first_round=1), rounds=1)


def test_default_round_counts():
    assert [default_swiss_rounds(n, 2) for n in (2, 3, 4, 8, 9, 16, 17, 512)] == [
        1, 2, 2, 3, 4, 4, 5, 9,
    ]  # fmt: skip
    assert [default_swiss_rounds(n, 3) for n in (3, 4, 9, 10, 27, 28)] == [1, 1, 2, 3, 3, 4]
    assert [default_swiss_rounds(n, 4) for n in (4, 5, 7, 16, 17, 64)] == [1, 1, 2, 2, 3, 3]


def test_fields_and_rounds_that_make_no_sense_are_refused():
    with pytest.raises(ConfigError, match="at least 2"):
        plan_swiss_round(["a", "b"], 1, 1, [])
    with pytest.raises(ConfigError, match="cannot fill"):
        plan_swiss_round(["a", "b"], 3, 1, [])
    with pytest.raises(ConfigError, match="at least 1 round"):
        plan_swiss_round(["a", "b"], 2, 0, [])
    with pytest.raises(ConfigError, match="twice"):
        plan_swiss_round(["a", "a"], 2, 1, [])


# --- standings ------------------------------------------------------------------------------


def test_standings_order_by_score_buchholz_then_sonneborn_berger():
    played = results("a>b c=d", "a=c b>d")
    rows = [(s.place, s.bot, s.score, s.buchholz, s.sonneborn_berger) for s in
            swiss_standings(list("abcd"), played, [])]  # fmt: skip
    assert rows == [
        (1, "a", 1.5, 2.0, 1.5),  # beat b (1), drew c (1)
        (2, "c", 1.0, 2.0, 1.0),  # drew d (0.5) and a (1.5)
        (3, "b", 1.0, 2.0, 0.5),  # lost to a, beat d (0.5)
        (4, "d", 0.5, 2.0, 0.5),
    ]


def test_standings_at_tables_of_three_credit_whom_a_bot_finished_ahead_of():
    rows = swiss_standings(list("abc"), results("a>b=c"), [])
    assert [(s.place, s.bot, s.score, s.buchholz, s.sonneborn_berger) for s in rows] == [
        (1, "a", 1.0, 0.5, 0.5),
        (2, "b", 0.25, 1.25, 0.125),  # b and c share places 2-3: 0.25 each
        (2, "c", 0.25, 1.25, 0.125),
    ]


def test_a_bye_scores_a_win_and_counts_the_bots_own_score_in_its_buchholz():
    rows = {s.bot: s for s in swiss_standings(list("abcde"), results("a>c d>b"), ["e"])}
    assert (rows["e"].score, rows["e"].buchholz, rows["e"].sonneborn_berger) == (1.0, 1.0, 0.0)
    assert (rows["e"].encounters, rows["e"].byes) == (0, 1)
    assert (rows["a"].score, rows["a"].buchholz, rows["a"].byes) == (1.0, 0.0, 0)


def test_standings_refuse_unknown_bots():
    with pytest.raises(TournamentError, match="outside the field"):
        swiss_standings(["a"], results("a>z"), [])


# --- the matching behind the exact pairing ---------------------------------------------------


def test_the_matching_is_maximum_also_after_removing_vertices():
    def best(vertices, forbidden):  # brute force
        if len(vertices) < 2:
            return 0
        v, rest = vertices[0], vertices[1:]
        return max(
            [best(rest, forbidden)]
            + [
                1 + best([x for x in rest if x != u], forbidden)
                for u in rest
                if u not in forbidden[v]
            ]
        )

    rng = random.Random(2)
    for _ in range(400):  # dense and sparse graphs, odd cycles (blossoms) included
        n = rng.randint(1, 9)
        density = rng.random()
        forbidden: list[set[int]] = [set() for _ in range(n)]
        for a, b in itertools.combinations(range(n), 2):
            if rng.random() < density:
                forbidden[a].add(b)
                forbidden[b].add(a)
        matching = Matching(forbidden)
        alive = list(range(n))
        while True:
            assert matching.size == best(alive, forbidden)
            mates = {v: matching.mate[v] for v in alive if matching.mate[v] >= 0}
            assert all(u in alive and matching.mate[u] == v for v, u in mates.items())
            assert all(u not in forbidden[v] for v, u in mates.items())
            if len(alive) < 2:
                break
            gone = rng.sample(alive, rng.randint(1, 2))
            matching = matching.without(*gone)
            alive = [v for v in alive if v not in gone]
