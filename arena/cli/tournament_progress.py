"""What a running tournament shows: a progress bar on a terminal, else one line per match;
live warnings; SIGTERM and SIGHUP handled like Ctrl-C."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from arena.core import MatchRecord
from arena.store import StoredTournament
from arena.tournament import Fixture

INTERRUPTING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)  # `kill`, `docker stop`, closed terminal


class MatchProgress:
    """Counts finished matches: a live bar on a terminal, one plain line each elsewhere."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(stderr=True)
        self.tty = self.console.is_terminal
        self._bar: Progress | None = None
        self._task: Any = None
        self.done = 0
        self.total = 0

    def start(self, tournament: StoredTournament) -> None:
        """Begin showing this tournament's progress (it exists now)."""
        self.done, self.total = tournament.played, tournament.fixtures
        if not self.tty:
            return
        self._bar = Progress(
            TextColumn("[bold]tournament {task.fields[tid]}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.console,
        )
        self._task = self._bar.add_task(
            "matches", total=self.total, completed=self.done, tid=tournament.id
        )
        self._bar.start()

    def advance(self, fixture: Fixture, record: MatchRecord) -> None:
        """One match finished."""
        self.done += 1
        if self._bar is not None:
            self._bar.advance(self._task)
            return
        outcome = record.outcome
        pairs = zip(record.players, outcome.ranks, strict=False)
        ranks = " ".join(f"{bot}:{rank}" for bot, rank in pairs)
        line = f"[{self.done}/{self.total}] {record.match_id} {outcome.termination.value} {ranks}"
        if outcome.termination.is_fault and outcome.detail:
            line += f" ({outcome.detail[:120]})"
        self.console.print(line, highlight=False, soft_wrap=True)

    def warn(self, text: str) -> None:
        """A live warning (a crash, a withdrawal), above the bar if there is one."""
        self.console.print(f"warning: {text}", style="yellow", highlight=False, soft_wrap=True)

    def stop(self) -> None:
        """Stop the bar (if any)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None


@contextmanager
def signals_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP do what Ctrl-C does while this is active (then the old handlers)."""

    def forward(_signum: int, frame: FrameType | None) -> None:
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):  # asyncio.run's own: cancels the main task, then KeyboardInterrupt
            handler(signal.SIGINT, frame)
        else:
            raise KeyboardInterrupt

    previous = {sig: signal.signal(sig, forward) for sig in INTERRUPTING_SIGNALS}
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
