"""The command line of records and statistics: play --db, export, replay FILE, import, stats."""

from __future__ import annotations

import json

import pytest

from arena.cli import main
from arena.store import Store


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.delenv("ARENA_DB", raising=False)


def run_cli(capsys, *args):
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    return exit_info.value.code or 0, captured.out, captured.err


def test_play_db_export_replay_import(capsys, tmp_path):
    src, dst, out = str(tmp_path / "a.db"), str(tmp_path / "b.db"), tmp_path / "m.jsonl"
    code, text, _ = run_cli(
        capsys, "play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--seed", "7",
        "--db", src,
    )  # fmt: skip
    assert code == 0 and "stored as match play-" in text
    code, _, err = run_cli(capsys, "export", "--db", src, "-o", str(out))
    assert code == 0 and "exported 1 matches" in err
    record = json.loads(out.read_text())
    assert record["seed"] == 7 and record["tournament"] is None
    code, text, _ = run_cli(capsys, "replay", str(out))
    assert code == 0 and f"match {record['match_id']}" in text and "result (normal)" in text
    code, text, _ = run_cli(capsys, "import", str(out), "--db", dst)
    assert code == 0 and "imported 1 matches" in text
    with Store.open(src) as a, Store.open(dst) as b:
        assert a.ladder("lucky_numbers") == b.ladder("lucky_numbers")


def test_import_of_a_tampered_file_fails_with_the_ply(capsys, tmp_path):
    src, out = str(tmp_path / "a.db"), tmp_path / "m.jsonl"
    run_cli(
        capsys, "play", "azul", "--bot", "greedy", "--bot", "random", "--seed", "3", "--db", src
    )
    run_cli(capsys, "export", "--db", src, "-o", str(out))
    data = json.loads(out.read_text())
    data["moves"][4]["move"] = "not a move"
    out.write_text(json.dumps(data) + "\n")
    code, _, err = run_cli(capsys, "import", str(out), "--db", str(tmp_path / "b.db"))
    assert code == 1 and "line 1, ply 5" in err
    code, _, err = run_cli(capsys, "replay", str(out))
    assert code == 1 and "ply 5" in err


def test_stats_of_a_duplicate_tournament_are_paired(capsys, tmp_path):
    db = str(tmp_path / "t.db")
    code, _, _ = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", "--bot", "g=builtin:greedy",
        "--bot", "r=builtin:random", "--cycles", "4", "--seed", "2", "--deals", "duplicate",
        "--db", db,
    )  # fmt: skip
    assert code == 0
    code, text, _ = run_cli(capsys, "stats", "-t", "1", "--db", db, "-f", "json")
    assert code == 0
    data = json.loads(text)
    duel, ladder = data["head_to_head"], data["trueskill"]
    assert duel[0]["bot"] == "g" and duel[0]["games"] == 8 and duel[0]["pairs"] == 4
    assert sum(duel[0]["penta"]) == 4 and "paired elo" in duel[0]
    assert [row["bot"] for row in ladder] == ["g", "r"] and ladder[0]["P(> next)"] > 0.5
