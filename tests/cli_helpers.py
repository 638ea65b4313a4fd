"""Shared helpers of the CLI tests: run `arena` in-process and read what it printed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
import token_ledger

from arena.cli import main

BUILTIN_BOTS = (
    "--bot",
    "ann=builtin:random",
    "--bot",
    "bob=builtin:random",
    "--bot",
    "cy=builtin:first",
)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one `arena` command."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(args))
    captured = capsys.readouterr()
    where = "arena " + " ".join(args)
    if not token_ledger.issues_a_token(args):  # a new token is printed on stdout on purpose
        token_ledger.printed(where, captured.out)
    token_ledger.printed(where, captured.err)
    return exit_info.value.code or 0, captured.out, captured.err


def run_ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Stdout of an `arena` command that must succeed."""
    code, out, err = run_cli(capsys, *args)
    assert code == 0, err
    return out


def stored_matches(path: str | Path) -> int:
    """Matches stored in an SQLite database another process writes (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT count(*) FROM matches").fetchone()[0])
    except sqlite3.OperationalError:  # not created yet
        return 0
