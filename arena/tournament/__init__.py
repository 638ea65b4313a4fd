"""Tournaments: formats, fixtures with fair seating, standings and a concurrent runner.

This package never imports grpc, typer or rich; bots come in through a pluggable match runner.
"""

from arena.tournament.formats import make_fixtures
from arena.tournament.runner import MatchRunner, MatchSink, run_fixtures
from arena.tournament.schedule import (
    BotEntry,
    Deals,
    Fixture,
    Format,
    Status,
    TournamentSpec,
    derive_seed,
)
from arena.tournament.standings import TIE_BREAKS, SeatSummary, Standing, compute_standings

__all__ = [
    "TIE_BREAKS",
    "BotEntry",
    "Deals",
    "Fixture",
    "Format",
    "MatchRunner",
    "MatchSink",
    "SeatSummary",
    "Standing",
    "Status",
    "TournamentSpec",
    "compute_standings",
    "derive_seed",
    "make_fixtures",
    "run_fixtures",
]
