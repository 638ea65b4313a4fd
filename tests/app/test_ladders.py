"""arena.app.ladders: which game a ladder is of, its leaderboard and a bot's rating history."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from app_helpers import GAME, record

from arena.app.ladders import leaderboard, no_history_error, pick_game, rating_history
from arena.errors import ConfigError, UnknownGameError
from arena.ratings.trueskill_ladder import fold_ratings
from arena.store import Store


@pytest.fixture
def store(tmp_path: Path):
    with Store.open(str(tmp_path / "arena.db")) as opened:
        yield opened


def test_an_empty_database_has_no_game_to_pick(store: Store) -> None:
    with pytest.raises(ConfigError, match="no matches in .*arena.db yet"):
        pick_game(store, None)
    with pytest.raises(ConfigError, match="no matches"):
        leaderboard(store, None)
    assert leaderboard(store, "azul") == ("azul", [])  # a named game: an empty ladder


def test_the_only_game_is_picked_and_a_named_one_is_canonical(store: Store) -> None:
    store.save_match(record("m1", ("ann", "bob")))
    assert pick_game(store, None) == GAME
    assert pick_game(store, "lucky-numbers") == GAME  # the registry's spelling
    assert pick_game(store, "azul") == "azul"  # named: even with no match of it
    with pytest.raises(UnknownGameError):
        pick_game(store, "chess")


def test_two_games_need_a_name(store: Store) -> None:
    store.save_match(record("m1", ("ann", "bob")))
    store.save_match(replace(record("m2", ("ann", "bob")), game="azul", moves=()))
    with pytest.raises(ConfigError, match=r"give --game \(this database has azul, lucky_numbers\)"):
        pick_game(store, None)


def test_a_blank_game_is_refused_before_the_registry_sees_it(store: Store) -> None:
    for blank in ("", "  "):
        with pytest.raises(ConfigError, match="give the game"):
            leaderboard(store, blank)


def test_the_leaderboard_is_the_fold_of_every_match_best_first(store: Store) -> None:
    for i, ranks in enumerate(((1, 2), (1, 2), (2, 1), (1, 1))):
        store.save_match(record(f"m{i}", ("ann", "bob"), ranks, finished_at=float(i)))
    store.save_match(record("m9", ("cy", "bob"), (1, 2), finished_at=9.0))
    name, ladder = leaderboard(store, None)
    assert name == GAME
    assert ladder == fold_ratings(store.results(GAME))
    assert [e.bot for e in ladder][0] == "ann" and {e.bot for e in ladder} == {"ann", "bob", "cy"}
    assert [(e.bot, e.games, e.wins) for e in ladder if e.bot == "bob"] == [("bob", 5, 2)]


def test_a_rating_history_is_oldest_first_and_the_last_n_keep_their_before(store: Store) -> None:
    for i in range(4):
        store.save_match(record(f"m{i}", ("ann", "bob"), (1, 2), finished_at=float(i)))
    name, every = rating_history(store, None, "ann")
    assert name == GAME and [c.match_id for c in every] == ["m0", "m1", "m2", "m3"]
    assert all(b.mu_before == a.mu for a, b in zip(every, every[1:], strict=False))
    _, last = rating_history(store, GAME, "ann", last=2)
    assert last == every[2:]  # the rating before m2 is m1's, not the prior
    assert rating_history(store, GAME, "nobody") == (GAME, [])


def test_no_history_reads_the_same_wherever_it_comes_from() -> None:
    error = no_history_error("ann", "azul", "db.sqlite")
    assert isinstance(error, ConfigError)
    assert str(error) == "'ann' has no rated azul match in db.sqlite"
