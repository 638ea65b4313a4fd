"""Shared terminal output for the CLI."""

from __future__ import annotations

from rich.console import Console

# Piped output (logs, CI, `| less`) has no terminal width; rich would assume 80 columns and
# truncate bot names in wide tables, so give it room instead.
PIPED_WIDTH = 160


def console() -> Console:
    """A console for tables on stdout: the terminal's width, or PIPED_WIDTH when piped."""
    out = Console()
    if not out.is_terminal:
        out = Console(width=PIPED_WIDTH)
    return out
