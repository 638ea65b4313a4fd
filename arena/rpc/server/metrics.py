"""Server-side overhead per decision: referee work between a reply and the next request.

Off by default; the referee benchmark switches it on. A sample is the time from the arrival of
a match's previous decision to the moment its next request is handed to the transport: applying
the move, computing the next view and legal moves, and encoding them. The bot's thinking time
and the transport are outside it by construction.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass, field


@dataclass(slots=True)
class OverheadRecorder:
    """Collects overhead samples (seconds) per decision while enabled."""

    enabled: bool = False
    samples: deque[float] = field(default_factory=lambda: deque(maxlen=1_000_000))
    _last_reply: dict[str, float] = field(default_factory=dict)

    def reply_arrived(self, match_id: str, at: float) -> None:
        """A decision of `match_id` arrived at perf_counter time `at`."""
        if self.enabled:
            self._last_reply[match_id] = at

    def request_ready(self, match_id: str, at: float) -> None:
        """The next request of `match_id` is about to be written at time `at`."""
        if self.enabled and match_id in self._last_reply:
            self.samples.append(at - self._last_reply.pop(match_id))

    def match_over(self, match_id: str) -> None:
        """Forget a finished match."""
        self._last_reply.pop(match_id, None)

    def summary_ms(self) -> dict[str, float]:
        """Count, median and p99 of the samples in milliseconds."""
        data = sorted(self.samples)
        if not data:
            return {"count": 0, "median_ms": 0.0, "p99_ms": 0.0}
        p99 = data[min(len(data) - 1, int(0.99 * len(data)))]
        return {"count": len(data), "median_ms": statistics.median(data) * 1e3, "p99_ms": p99 * 1e3}


OVERHEAD = OverheadRecorder()
"""The process-wide recorder the remote players report to."""
