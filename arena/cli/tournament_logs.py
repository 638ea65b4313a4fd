"""Bot process logs of `arena tournament`: live echo (-v), match markers, `show --logs`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from arena.core import MatchRecord
from arena.errors import ConfigError
from arena.tournament import Fixture
from arena.tournament.logs import ended_mark, match_section, started_mark, tournament_log_dir
from arena.tournament.runner import MatchRunner


@dataclass(frozen=True, slots=True)
class BotLogs:
    """Where bot processes' output goes, and whether it is also streamed live (-v)."""

    root: Path
    live: bool = False

    def echo(self, bot: str, line: str) -> None:
        """Show one line a bot printed (on stderr, above the progress bar)."""
        if self.live:
            typer.echo(f"[{bot}] {line}", err=True)


def show_logs(root: Path, tournament_id: int, bot: str, match: str | None) -> None:
    """Print a bot's saved output for a tournament (or one match of it)."""
    folder = tournament_log_dir(root, tournament_id)
    path = folder / f"{bot}.log"
    if not path.is_file():
        saved = sorted(p.stem for p in folder.glob("*.log")) if folder.is_dir() else []
        where = f"saved there: {', '.join(saved)}" if saved else "no logs there"
        raise ConfigError(f"no log of bot {bot!r} in {folder} ({where}; see --log-dir)")
    text = path.read_text(encoding="utf-8", errors="replace")
    if match is not None:
        text = match_section(text, match)
        if not text:
            raise ConfigError(f"{path} has no part for match {match!r}")
    typer.echo(f"# {path}", err=True)
    typer.echo(text.rstrip("\n"))


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
