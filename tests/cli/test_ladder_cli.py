"""`arena leaderboard` reads the stored ladder; `--bot` shows a history, `--rebuild` rebuilds."""

from __future__ import annotations

import json

import pytest
from cli_helpers import BUILTIN_BOTS, run_cli, run_ok

from arena.ratings.trueskill_ladder import fold_ratings, leaderboard_rows
from arena.store import Store
from arena.store.schema import ratings


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


@pytest.fixture
def played(capsys, sqlite_path):
    for seed in ("3", "4"):
        run_ok(
            capsys, "tournament", "run", "-g", "lucky_numbers", *BUILTIN_BOTS,
            "--seed", seed, "--concurrency", "3", "--db", sqlite_path,
        )  # fmt: skip
    return sqlite_path


def test_the_leaderboard_is_the_fold_of_every_match(capsys, played):
    rows = json.loads(run_ok(capsys, "leaderboard", "-f", "json", "--db", played))
    with Store.open(played) as store:
        assert rows == leaderboard_rows(fold_ratings(store.results("lucky_numbers")))
    assert {r["games"] for r in rows} == {8}


def test_a_bot_history_has_one_row_per_rated_match_ending_at_its_rating(capsys, played):
    rows = json.loads(run_ok(capsys, "leaderboard", "--bot", "ann", "-f", "json", "--db", played))
    board = {
        r["bot"]: r for r in json.loads(run_ok(capsys, "leaderboard", "-f", "json", "--db", played))
    }
    assert len(rows) == board["ann"]["games"] == 8
    assert (rows[-1]["mu"], rows[-1]["sigma"]) == (board["ann"]["mu"], board["ann"]["sigma"])
    assert [r["tournament"] for r in rows] == [1] * 4 + [2] * 4  # rating order
    assert sum(r["rank"] == 1 for r in rows) == board["ann"]["wins"]
    last = json.loads(
        run_ok(capsys, "leaderboard", "-b", "ann", "-n", "3", "-f", "json", "--db", played)
    )
    assert last == rows[-3:]
    table = run_ok(capsys, "leaderboard", "--bot", "ann", "--db", played)
    assert "Rating history: ann in lucky_numbers" in table and "delta mu" in table


def test_rebuild_restores_the_ladder_and_says_so(capsys, played):
    expected = run_ok(capsys, "leaderboard", "-f", "json", "--db", played)
    with Store.open(played) as store, store.engine.begin() as conn:
        conn.execute(ratings.delete())
    assert json.loads(run_ok(capsys, "leaderboard", "-f", "json", "--db", played)) == []
    code, out, err = run_cli(capsys, "leaderboard", "--rebuild", "-f", "json", "--db", played)
    assert code == 0
    assert "rebuilt the lucky_numbers ladder from 12 rated matches" in err
    assert out == expected


def test_history_of_an_unknown_bot_is_a_one_line_error(capsys, played):
    code, _, err = run_cli(capsys, "leaderboard", "--bot", "zed", "--db", played)
    assert code == 1
    assert err.startswith("error: 'zed' has no rated lucky_numbers match in sqlite:///")
