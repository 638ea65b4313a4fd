"""What a follower of a tournament sees at each change: the values a watch delivers."""

from __future__ import annotations

from dataclasses import dataclass

from arena.app.reports import MatchRow, TournamentReport


@dataclass(frozen=True, slots=True)
class TournamentUpdate:
    """A tournament as it stands now, the matches finished since the last update (every one
    finished so far, in the first) and the matches being played now."""

    report: TournamentReport  # summary, standings, seats, away and withdrawn bots; no matches
    finished: tuple[MatchRow, ...]
    live_matches: tuple[str, ...]
