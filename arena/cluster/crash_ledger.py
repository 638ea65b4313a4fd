"""`--max-crashes` over every warm worker: the organizer counts each bot's crashes.

A warm worker restarts a bot that crashed, as a one-process run does (arena/tournament/
crashes.py), but the count is the tournament's, not the worker's: each fixture goes out with
the counts and withdrawals known so far (a `CrashState`), and comes back with what the worker
saw meanwhile (a `CrashReport`: crashes counted, bots it withdrew, its warnings). The organizer
merges the report before the worker gets its next fixture, so a bot over its limit forfeits
everywhere from then on. Two workers that see crashes of the same bot at once may both restart
it; the count then passes the limit and the bot is withdrawn with the next report.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from arena.tournament.crashes import DEFAULT_MAX_CRASHES


@dataclass(frozen=True, slots=True)
class CrashState:
    """What a worker is told with a fixture: each bot's crashes so far and who is withdrawn."""

    crashes: dict[str, int] = field(default_factory=dict)
    withdrawn: dict[str, str] = field(default_factory=dict)  # bot -> why


@dataclass(frozen=True, slots=True)
class CrashReport:
    """What a worker saw while it played a fixture (or started its bots)."""

    crashes: dict[str, int] = field(default_factory=dict)  # new crashes per bot
    withdrawn: dict[str, str] = field(default_factory=dict)  # bots it withdrew, and why
    warnings: tuple[str, ...] = ()


class CrashLedger:
    """The organizer's count of crashes and withdrawals, over every worker."""

    def __init__(self, max_crashes: int = DEFAULT_MAX_CRASHES) -> None:
        self.max_crashes = max(1, max_crashes)
        self.crashes: Counter[str] = Counter()
        self.withdrawn: dict[str, str] = {}

    def state(self) -> CrashState:
        """A copy to send with a fixture."""
        return CrashState(dict(self.crashes), dict(self.withdrawn))

    def merge(self, report: CrashReport) -> list[str]:
        """Add a worker's report; the warnings to show (the worker's, then the ledger's own)."""
        shown = list(report.warnings)
        self.crashes.update(report.crashes)
        for name, why in report.withdrawn.items():
            self.withdrawn.setdefault(name, why)
        for name, count in sorted(self.crashes.items()):
            if count >= self.max_crashes and name not in self.withdrawn:
                why = f"{count} crashes on the cluster's workers"
                self.withdrawn[name] = why
                shown.append(f"bot {name} withdrawn, its remaining matches are forfeited: {why}")
        return shown
