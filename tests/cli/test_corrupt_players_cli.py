"""A match row whose players cell is corrupt is named, as other corrupt cells are: it was left
out of `tournament show`'s ladder without a word (issue 40). Nothing stored is changed."""

from __future__ import annotations

import sqlite3

import pytest
from cli_helpers import run_cli

from arena.cli import main
from arena.store import Store


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    db = str(tmp_path_factory.mktemp("corrupt") / "t.db")
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", "run", "-g", "lucky_numbers", "--bot", "g=builtin:greedy",
              "--bot", "r=builtin:random", "--cycles", "2", "--seed", "5", "--db", db])  # fmt: skip
    assert exit_info.value.code in (0, None)
    return db


@pytest.mark.parametrize(
    ("cell", "reason"),
    [
        ("[ann", "column players is not valid JSON"),
        ("[]", "column players is not a list of 2 bot names"),  # was left out of the ladder
        ('["g"]', "column players is not a list of 2 bot names"),
        ('"gr"', "column players is not a list of 2 bot names"),
        ("[1, 2]", "column players is not a list of 2 bot names"),
        ('["g", "g"]', "column players seats a bot twice (g, g)"),
    ],
)
def test_tournament_show_names_the_match_and_the_column(capsys, tmp_path, played, cell, reason):
    db = tmp_path / "t.db"
    db.write_bytes(open(played, "rb").read())
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE matches SET players = ? WHERE id = 't1-1'", (cell,))
    code, _, err = run_cli(capsys, "tournament", "show", "1", "--db", str(db))
    assert code == 1 and one_line(err).startswith(f"error: match t1-1: {reason}")
    code, _, err = run_cli(
        capsys, "leaderboard", "-g", "lucky_numbers", "--rebuild", "--db", str(db)
    )
    assert code == 1 and one_line(err).startswith(f"error: match t1-1: {reason}")
    with Store.open(str(db)) as store:  # the rows are all there, the other matches readable
        assert store.tournament(1).played == 4
        assert store.match("t1-0").players == ("g", "r")
