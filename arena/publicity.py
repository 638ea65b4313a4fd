"""What is public about a match or a tournament: decided here, asked by every front end.

A deal is hidden information. Every match seed of a tournament follows from its seed, so the
tournament seed stays secret until the tournament is finished; so does each match's seed. With
duplicate deals, the moves of one seating tell the deal of the seatings still to play, so those
stay secret too until the tournament is finished. A match outside any tournament is public once
it is over (the organizer chose its seed).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arena.core import MatchRecord
from arena.tournament.schedule import Deals, Status, TournamentSpec


@dataclass(frozen=True, slots=True)
class Disclosure:
    """A record as it may be shown now, and what was withheld from it."""

    record: MatchRecord
    seed_withheld: bool = False
    moves_withheld: bool = False


def tournament_is_public(status: Status) -> bool:
    """Whether a tournament's seed (and so every deal) may be shown."""
    return status is Status.FINISHED


def disclose_match(
    record: MatchRecord, tournament: tuple[TournamentSpec, Status] | None
) -> Disclosure:
    """The public form of a finished match; `tournament` is its (spec, status) if it has one."""
    if tournament is None:
        return Disclosure(record)
    spec, status = tournament
    if tournament_is_public(status):
        return Disclosure(record)
    hide_moves = spec.deals is Deals.DUPLICATE
    shown = replace(record, seed=0, moves=() if hide_moves else record.moves)
    return Disclosure(shown, seed_withheld=True, moves_withheld=hide_moves)
