"""The progress display's last line after a Ctrl-C is written even when the interrupt landed
inside one of rich's prints (a console left buffering writes nothing more)."""

from __future__ import annotations

import io

from rich.console import Console

from arena.cli.tournament_progress import MatchProgress


def test_the_line_after_an_interrupt_is_written_whatever_the_console_was_doing() -> None:
    out = io.StringIO()
    progress = MatchProgress(Console(file=out, width=100))
    progress.say("before")
    progress.console._enter_buffer()  # an interrupt between entering and leaving a print
    progress.say("held in the console's buffer")
    progress.say_after_interrupt("detached: tournament 1 goes on")
    written = out.getvalue()
    assert "before" in written
    assert "detached: tournament 1 goes on" in written
    assert "held in the console's buffer" not in written  # what the old console would lose
