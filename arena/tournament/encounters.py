"""Encounters: a table's games of one round (one per rotation of its seating), scored as one.

The round-based formats (Swiss, knockout) pair and advance bots by encounters, not by single
games: an encounter gives every bot of the table each seat once, so its result is seat-fair.
A bot's encounter result is its game points (Outcome.points, the points of the standings) summed
over the encounter's games, then its game wins; bots equal on both share a rank. Its *match
points* are `points_by_rank` of those ranks: 1 / 0.5 / 0 between two bots, (n - r) / (n - 1)
at a table of n, tied bots sharing the average of their places.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.core.game import points_by_rank, ranks_from_keys
from arena.core.values import MatchRecord, Outcome
from arena.errors import TournamentError
from arena.tournament.schedule import Fixture

POINTS_DIGITS = 9  # summed float points compare after rounding, as in the standings


@dataclass(frozen=True, slots=True)
class Encounter:
    """One table of one round, every rotation played: per-bot totals, ranks and match points."""

    round: int  # the fixtures' cycle
    table: int  # the table's index in its round
    bots: tuple[str, ...]  # the seating list (rotation 0's seats)
    points: tuple[float, ...]  # game points summed over the encounter's games, per bot
    wins: tuple[int, ...]  # games ranked first (shared firsts count), per bot
    ranks: tuple[int, ...]  # 1 is best, by (points, wins); equal bots share a rank
    match_points: tuple[float, ...]  # points_by_rank(ranks)

    def match_points_of(self, bot: str) -> float:
        """The match points the bot earned in this encounter."""
        return self.match_points[self.bots.index(bot)]

    def rank_of(self, bot: str) -> int:
        """The bot's rank in this encounter (1 is best)."""
        return self.ranks[self.bots.index(bot)]

    @property
    def winners(self) -> tuple[str, ...]:
        """The bots ranked first (one unless the encounter is tied at the top)."""
        return tuple(b for b, r in zip(self.bots, self.ranks, strict=True) if r == 1)


def encounter_of(
    round_: int, table: int, bots: tuple[str, ...], games: Iterable[tuple[tuple[str, ...], Outcome]]
) -> Encounter:
    """The encounter of a table from its games, each given as (seats, outcome)."""
    points = dict.fromkeys(bots, 0.0)
    wins = dict.fromkeys(bots, 0)
    for seats, outcome in games:
        for seat, bot in enumerate(seats):
            points[bot] += outcome.points[seat]
            wins[bot] += outcome.ranks[seat] == 1
    totals = tuple(points[b] for b in bots)
    firsts = tuple(wins[b] for b in bots)
    ranks = ranks_from_keys([(round(points[b], POINTS_DIGITS), wins[b]) for b in bots])
    return Encounter(round_, table, bots, totals, firsts, ranks, points_by_rank(ranks))


def encounters_from(pairs: Iterable[tuple[Fixture, MatchRecord]]) -> list[Encounter]:
    """The complete encounters among finished games, ordered by (round, table).

    Games are grouped by (fixture.cycle, fixture.table). A group with a rotation still unplayed
    is left out: it does not count for pairing, standings or advancing. The runner finishes a
    round before it plans the next, and a resume replans the round in progress from the rounds
    before it (the same plan), so a partial encounter only ever belongs to that round and is
    completed there. Raises TournamentError when records contradict their fixtures.
    """
    groups: dict[tuple[int, int], dict[int, tuple[Fixture, MatchRecord]]] = {}
    for fixture, record in pairs:
        if tuple(record.players) != fixture.seats:
            raise TournamentError(
                f"match {record.match_id} seats {record.players}, its fixture {fixture.seats}"
            )
        games = groups.setdefault((fixture.cycle, fixture.table), {})
        if fixture.rotation in games:
            raise TournamentError(
                f"round {fixture.cycle} table {fixture.table} rotation {fixture.rotation} "
                "has two records"
            )
        games[fixture.rotation] = (fixture, record)
    out: list[Encounter] = []
    for (round_, table), games in sorted(groups.items()):
        seatings = {_seating(f) for f, _ in games.values()}
        if len(seatings) != 1:
            raise TournamentError(f"round {round_} table {table} mixes seatings {seatings}")
        seating = seatings.pop()
        if set(games) != set(range(len(seating))):
            continue  # partially played: see the docstring
        ordered = [games[r] for r in sorted(games)]  # a fixed summing order: same floats
        out.append(encounter_of(round_, table, seating, ((f.seats, m.outcome) for f, m in ordered)))
    return out


def _seating(fixture: Fixture) -> tuple[str, ...]:
    # A rotation r seats the list rotated left by r; rotating right by r gives the list back.
    k, r = len(fixture.seats), fixture.rotation
    if not 0 <= r < k:
        raise TournamentError(f"fixture {fixture.index} has rotation {r} at a table of {k}")
    return fixture.seats[k - r :] + fixture.seats[: k - r]
