"""Bad files given to export, import and replay: one line naming the path or the line, exit 1,
no traceback, and nothing stored changes (issue 40)."""

from __future__ import annotations

import pytest
from cli_helpers import run_cli

from arena.store import Store


@pytest.fixture(autouse=True)
def no_default_db(monkeypatch):
    monkeypatch.delenv("ARENA_DB", raising=False)


@pytest.fixture
def stored(capsys, tmp_path):
    db = str(tmp_path / "a.db")
    code, _, _ = run_cli(
        capsys, "play", "lucky_numbers", "--bot", "greedy", "--bot", "random", "--seed", "7",
        "--db", db,
    )  # fmt: skip
    assert code == 0
    return db


def one_error_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    return lines[0]


def test_export_to_a_path_that_cannot_be_written_names_it_and_why(capsys, tmp_path, stored):
    missing = tmp_path / "nowhere" / "x.jsonl"
    code, _, err = run_cli(capsys, "export", "--db", stored, "-o", str(missing))
    assert code == 1
    assert one_error_line(err) == f"error: cannot write {missing}: No such file or directory"
    code, _, err = run_cli(capsys, "export", "--db", stored, "-o", str(tmp_path))
    assert code == 1
    assert one_error_line(err) == f"error: cannot write {tmp_path}: Is a directory"
    assert not missing.parent.exists()


def test_import_of_a_missing_file_or_a_directory_names_it_and_why(capsys, tmp_path):
    db = tmp_path / "b.db"
    missing = tmp_path / "x.jsonl"
    code, _, err = run_cli(capsys, "import", str(missing), "--db", str(db))
    assert code == 1
    assert one_error_line(err) == f"error: cannot read {missing}: No such file or directory"
    code, _, err = run_cli(capsys, "import", str(tmp_path), "--db", str(db))
    assert code == 1
    assert one_error_line(err) == f"error: cannot read {tmp_path}: Is a directory"
    assert not db.exists()  # nothing read: no database made either


def test_a_line_that_is_not_utf8_is_named(capsys, tmp_path, stored):
    good = tmp_path / "good.jsonl"
    assert run_cli(capsys, "export", "--db", stored, "-o", str(good))[0] == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(good.read_bytes() + b'{"format": "\xff\xfe"}\n')
    code, _, err = run_cli(capsys, "import", str(bad), "--db", stored)
    assert code == 1
    assert one_error_line(err).startswith("error: line 2: not UTF-8 (byte 0xff at byte 13")
    code, _, err = run_cli(capsys, "replay", str(bad))
    assert code == 1 and one_error_line(err).startswith("error: line 2: not UTF-8")
    with Store.open(stored) as store:  # the good line before it was not imported either
        assert len(store.match_summaries()) == 1


def test_a_line_nested_200000_deep_is_refused_unparsed(capsys, tmp_path, stored):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("\n" + "[" * 200_000 + "]" * 200_000 + "\n")
    code, _, err = run_cli(capsys, "import", str(deep), "--db", stored)
    assert code == 1
    assert one_error_line(err) == ("error: line 2: not a record: JSON nested deeper than 32 levels")
    code, _, err = run_cli(capsys, "replay", str(deep))
    assert code == 1 and "line 2: not a record" in one_error_line(err)
    with Store.open(stored) as store:
        assert len(store.match_summaries()) == 1
