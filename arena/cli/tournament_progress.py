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

from arena.app.reports import MatchRow
from arena.app.rows import finished_line

INTERRUPTING_SIGNALS = (signal.SIGTERM, signal.SIGHUP)  # `kill`, `docker stop`, closed terminal


class MatchProgress:
    """Counts finished matches: a live bar on a terminal, one plain line each elsewhere."""

    def __init__(self, console: Console | None = None, *, lines: bool = True) -> None:
        self.console = console or Console(stderr=True)
        self.lines = lines  # off a terminal: a line per finished match
        self.tty = self.console.is_terminal
        self._bar: Progress | None = None
        self._task: Any = None
        self.done = 0
        self.total = 0

    def start(self, tid: int, done: int, total: int) -> None:
        """Begin showing a tournament's progress (it exists now)."""
        self.done, self.total = done, total
        if not self.tty:
            return
        self._bar = Progress(
            TextColumn("[bold]tournament {task.fields[tid]}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=self.console,
        )
        self._task = self._bar.add_task("matches", total=self.total, completed=self.done, tid=tid)
        self._bar.start()

    def grow(self, total: int) -> None:
        """The schedule grew (a round format planned its next round)."""
        if total > self.total:
            self.total = total
            if self._bar is not None:
                self._bar.update(self._task, total=total)

    def advance(self, row: MatchRow) -> None:
        """One match finished."""
        self.done += 1
        self.total = max(self.total, self.done)
        if self._bar is not None:
            self._bar.advance(self._task)
            return
        if not self.lines:
            return
        self.console.print(
            finished_line(self.done, self.total, row), highlight=False, soft_wrap=True, markup=False
        )

    def warn(self, text: str) -> None:
        """A live warning (a crash, a withdrawal), above the bar if there is one."""
        self.console.print(
            f"warning: {text}", style="yellow", highlight=False, soft_wrap=True, markup=False
        )

    def say(self, text: str) -> None:
        """A line of information, above the bar if there is one."""
        self.console.print(text, highlight=False, soft_wrap=True, markup=False)

    def say_after_interrupt(self, text: str) -> None:
        """A line after a Ctrl-C, on a console of its own over the same file: an interrupt
        that lands inside one of rich's prints can leave its console buffering everything
        after it, so the last line would never be written."""
        Console(file=self.console.file, width=self.console.width).print(
            text, highlight=False, soft_wrap=True, markup=False
        )

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
