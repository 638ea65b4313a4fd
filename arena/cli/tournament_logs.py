"""Bot process logs of `arena tournament`: live echo (-v) and `show --logs`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer

from arena.errors import ConfigError
from arena.tournament.logs import match_section, tournament_log_dir


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
