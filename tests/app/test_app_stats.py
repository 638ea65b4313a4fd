"""arena.app.stats: `arena stats` over one tournament or every match of a game, from literal
results in a SQLite store; Elo without inf or nan."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from app_helpers import GAME, play, record, spec, tournament

from arena.app.stats import Elo, duels, elo_of, stats_report
from arena.errors import ConfigError, UnknownTournamentError
from arena.ratings.elo import EloEstimate, perfect_score_bound
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store
from arena.tournament.schedule import Deals


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(str(tmp_path / "arena.db")) as opened:
        yield opened


def test_an_estimate_with_an_infinite_end_keeps_its_value_and_drops_its_error() -> None:
    half = elo_of(EloEstimate(0.9, 380.0, 120.0, math.inf, 12))
    assert half == Elo(380.0, None, 120.0, None)
    finite = elo_of(EloEstimate(0.5, 0.0, -50.0, 50.0, 40))
    assert finite == Elo(0.0, 50.0, -50.0, 50.0)
    lost = elo_of(EloEstimate(0.0, -math.inf, -math.inf, -200.0, 6))
    assert lost == Elo(None, None, None, -perfect_score_bound(6), unbounded=True)


def test_duels_count_every_pair_and_give_elo_only_at_tables_of_two() -> None:
    two = [
        record("a", ("ann", "bob"), (1, 2)),
        record("b", ("bob", "ann"), (1, 1)),
        record("c", ("bob", "ann"), (2, 1)),
    ]
    (d,) = duels(two, {})
    assert (d.bot, d.opponent, d.games, d.wins, d.draws, d.losses) == ("ann", "bob", 3, 2, 1, 0)
    assert d.elo is not None and d.elo.elo is not None and d.elo.elo > 0 and d.los is not None
    assert (d.pairs, d.pentanomial, d.paired_elo) == (0, (), None)
    three = [record("t", ("ann", "bob", "cy"), (1, 2, 3))]
    found = {(x.bot, x.opponent): x for x in duels(three, {})}
    assert sorted(found) == [("ann", "bob"), ("ann", "cy"), ("bob", "cy")]
    assert all(x.elo is None and x.los is None for x in found.values())
    assert duels([], {}) == ()


def test_repeated_deals_are_counted_as_pairs() -> None:
    games = [
        record("g0", ("ann", "bob"), (1, 2)),
        record("g1", ("bob", "ann"), (2, 1)),  # the same deal, seats swapped: ann wins both
    ]
    (d,) = duels(games, {"g0": (0, 0), "g1": (0, 0)})
    assert d.pairs == 1 and d.pentanomial == (0, 0, 0, 0, 1)
    assert d.paired_elo is not None and d.paired_elo.unbounded  # a perfect paired score


def test_a_tournaments_statistics(store: Store) -> None:
    t, fixtures = tournament(store, spec(deals=Deals.DUPLICATE))
    for f in fixtures:
        play(store, f, (1, 2) if f.seats[0] == "ann" or f.seats[1] == "cy" else (2, 1))
    report = stats_report(store, tournament=t.id, game=None)
    assert report.scope == f"tournament {t.id}, duplicate deals"
    assert report.kind == "paired (pentanomial) where deals repeat"
    assert not report.multiplayer
    assert [r.bot for r in report.trueskill] == [
        e.bot for e in fold_ratings(store.results(GAME, t.id))
    ]
    assert [s.bot for s in report.standings] == ["ann", "bob", "cy"]  # ann won all four
    assert [(s.points, s.games) for s in report.standings] == [(4.0, 4), (2.0, 4), (0.0, 4)]
    assert [d.pairs for d in report.duels] == [1, 1, 1]  # each pair: one deal, both seatings


def test_every_match_of_a_game_independent_deals_and_a_bot_with_no_points(store: Store) -> None:
    t, fixtures = tournament(store, spec())
    play(store, fixtures[0], (1, 2))
    store.save_match(record("loose", ("ann", "dee", "bob"), (1, 2, 3)))
    report = stats_report(store, tournament=None, game=None)
    assert report.scope == "every lucky_numbers match"
    assert report.kind == "trinomial (independent deals)" and report.multiplayer
    assert {s.bot for s in report.standings} == {"ann", "bob", "dee"}  # who played, only
    assert all(s.mean_points is not None for s in report.standings)


def test_nothing_to_describe_is_an_error(store: Store) -> None:
    with pytest.raises(ConfigError, match="no matches in"):
        stats_report(store, tournament=None, game=None)
    with pytest.raises(ConfigError, match=r"no matches to describe \(every azul match\)"):
        stats_report(store, tournament=None, game="azul")
    t, _ = tournament(store, spec())
    with pytest.raises(ConfigError, match=rf"no matches to describe \(tournament {t.id}"):
        stats_report(store, tournament=t.id, game=None)
    with pytest.raises(ConfigError, match="a tournament or a game, not both"):
        stats_report(store, tournament=t.id, game=GAME)
    with pytest.raises(UnknownTournamentError):
        stats_report(store, tournament=t.id + 1, game=None)


def test_a_game_scope_pairs_the_deals_of_its_duplicate_tournaments_apart(store: Store) -> None:
    for seed in (1, 2):
        t, fixtures = tournament(store, spec("ann", "bob", seed=seed, deals=Deals.DUPLICATE))
        for f in fixtures:
            play(store, f, (1, 2) if f.seats[0] == "ann" else (2, 1))
    report = stats_report(store, tournament=None, game=GAME)
    (d,) = report.duels
    assert d.games == 4 and d.pairs == 2  # one deal per tournament, never merged across them
    assert report.kind.startswith("paired")
