"""Rate-limited, truncated logging of per-message problems: a flood of bad messages from one
peer writes a few lines and a count, never one line per message or a field whole."""

from __future__ import annotations

import logging
import time

from arena.match.limits import clip

LINE_CHARS = 300  # a logged problem is cut to this length
BURST = 5  # lines written per window before the rest are only counted
WINDOW_S = 60.0


class RateLimitedLog:
    """At most BURST lines per WINDOW_S; the lines suppressed meanwhile are counted once."""

    def __init__(self, logger: logging.Logger, burst: int = BURST, window_s: float = WINDOW_S):
        self.logger = logger
        self.burst = burst
        self.window_s = window_s
        self._window_start = float("-inf")
        self._written = 0
        self._suppressed = 0

    def warning(self, message: str) -> None:
        """Log `message` (cut short) unless this window's burst is spent."""
        now = time.monotonic()
        if now - self._window_start >= self.window_s:
            if self._suppressed:
                self.logger.warning(
                    "... %d more such problems in the last %.0f s were not logged",
                    self._suppressed,
                    now - self._window_start,
                )
            self._window_start, self._written, self._suppressed = now, 0, 0
        if self._written < self.burst:
            self._written += 1
            self.logger.warning("%s", clip(message, LINE_CHARS))
        else:
            self._suppressed += 1
