"""Where the output of tournament bot processes is kept, and reading it back per match.

Each bot process of a tournament run writes everything it prints (stdout and stderr) to
`<root>/tournament-<id>/<bot>.log`; the runner marks each match's start and end in it, so the
part of one match can be cut out again (exactly so when the bot plays one match at a time).
Logs are appended to (a resume adds to them); each bot launch starts with a dated header.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from arena.core.values import MatchRecord
from arena.tournament.runner import MatchRunner
from arena.tournament.schedule import Fixture

LOG_ROOT_ENV = "ARENA_LOG_DIR"
DEFAULT_LOG_ROOT = Path("arena-logs")
MARK = "==> "  # the prefix of the runner's marker lines in a bot log


def log_root(option: Path | None = None) -> Path:
    """The logs root: the option, else $ARENA_LOG_DIR, else ./arena-logs."""
    if option is not None:
        return option
    return Path(os.environ.get(LOG_ROOT_ENV) or DEFAULT_LOG_ROOT)


def tournament_log_dir(root: Path, tournament_id: int) -> Path:
    """The directory of one tournament's bot logs."""
    return root / f"tournament-{tournament_id}"


def started_mark(match_id: str, players: tuple[str, ...]) -> str:
    """The marker text written when a match starts."""
    return f"match {match_id} started: {', '.join(players)}"


def ended_mark(match_id: str, result: str) -> str:
    """The marker text written when a match ends."""
    return f"match {match_id} ended: {result}"


def match_section(text: str, match_id: str) -> str:
    """The lines of a bot log from the start marker of `match_id` to its end marker.

    The last such section wins: logs are appended to, so a match replayed by a resume (or a
    tournament id reused by a new database) shows its latest run.
    """
    start = MARK + f"match {match_id} started"
    end = MARK + f"match {match_id} ended"
    section: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith(start):
            section, inside = [], True
        if inside:
            section.append(line)
            inside = not line.startswith(end)
    return "\n".join(section)


def marked_runner(play: MatchRunner, referee: Any, processes: set[str]) -> MatchRunner:
    """A runner that marks each match's start and end in its bot processes' logs."""

    async def marked(fixture: Fixture) -> MatchRecord:
        bots = [name for name in dict.fromkeys(fixture.seats) if name in processes]
        for name in bots:
            referee.note(name, started_mark(fixture.match_id, fixture.seats))
        record = await play(fixture)
        outcome = record.outcome
        result = f"{outcome.termination.value}, ranks {list(outcome.ranks)}"
        if outcome.detail:
            result += f" ({outcome.detail})"
        for name in bots:
            referee.note(name, ended_mark(fixture.match_id, result))
        return record

    return marked
