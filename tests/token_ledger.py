"""No secret is ever printed: every token the suite issues is remembered, and at the end of the
session everything its servers, bots and CLIs printed is searched for them.

A pytest plugin (tests/conftest.py loads it). Tokens issued in this process are caught where
they are made (arena.store.credentials.new_token); helpers that run `arena bot add` or
`arena organizer add` as a subprocess hand theirs over with `issued`. Output comes from every
test's captured stdout, stderr and log, from the helpers that run servers, bots and CLIs as
processes (`printed`), and from every file under the session's bot-log folder. The command
that issues a token prints it once on stdout on purpose: that one output is not searched.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import pytest

ISSUED: set[str] = set()
OUTPUTS: list[tuple[str, str]] = []
STREAMS: list[tuple[str, list[str]]] = []  # lines still arriving (a server's drained stderr)
ISSUING = {("bot", "add"), ("bot", "rotate"), ("organizer", "add"), ("organizer", "rotate")}


def issued(token: str) -> str:
    """Remember a token the suite was given (returned, for chaining)."""
    if token:
        ISSUED.add(token.strip())
    return token


def printed(where: str, text: str) -> None:
    """Remember output to search at the end of the session."""
    if text:
        OUTPUTS.append((where, text))


def streamed(where: str, lines: list[str]) -> None:
    """Remember a list of lines that fills up as a process prints (searched at the end)."""
    STREAMS.append((where, lines))


FILES: list[tuple[str, Path]] = []


def log_file(where: str, path: Path) -> None:
    """Remember a file a process writes its output to (read at the end)."""
    FILES.append((where, path))


def issues_a_token(args: Iterable[str]) -> bool:
    """Whether an `arena` command line prints a new token on stdout (on purpose, once)."""
    words = [a for a in args if not a.startswith("-")][:2]
    return tuple(words) in ISSUING


def leaks(outputs: Iterable[tuple[str, str]], tokens: Iterable[str]) -> list[str]:
    """Where a token appears in the outputs (the token itself is never returned)."""
    secrets = [t for t in tokens if len(t) >= 16]
    return sorted({where for where, text in outputs for t in secrets if t in text})


def _log_files() -> list[tuple[str, str]]:
    out = [(w, p.read_text(errors="replace")) for w, p in FILES if p.is_file()]
    root = os.environ.get("ARENA_LOG_DIR")
    if not root or not Path(root).is_dir():
        return out
    for path in Path(root).rglob("*"):
        if path.is_file():
            out.append((str(path), path.read_text(errors="replace")))
    return out


def pytest_sessionstart(session: pytest.Session) -> None:
    """Catch every token made in this process."""
    from arena.store import credentials

    made = credentials.new_token

    def remembered() -> str:
        return issued(made())

    credentials.new_token = remembered  # type: ignore[assignment]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A test's captured output (every phase, passed or not)."""
    for name, content in report.sections:
        printed(f"{report.nodeid} ({name})", content)
    if report.longrepr is not None:
        printed(f"{report.nodeid} (traceback)", str(report.longrepr))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Fail the run when a token was printed anywhere."""
    streams = [(where, "".join(lines)) for where, lines in STREAMS]
    found = leaks([*OUTPUTS, *streams, *_log_files()], ISSUED)
    if found:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        lines = "\n  ".join(found[:20])
        message = f"a token the suite issued was printed ({len(found)} places):\n  {lines}"
        if reporter is not None:
            reporter.write_line(message, red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
