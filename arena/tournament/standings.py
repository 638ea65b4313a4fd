"""Standings of a tournament: tournament points, wins, games and results by seat."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.core.values import MatchRecord

TIE_BREAKS = "points, then wins, then mean rank (lower is better); equal on all three share a place"


@dataclass(frozen=True, slots=True)
class Standing:
    """One bot's line in the standings."""

    place: int  # 1 is best; bots equal on every tie-break share a place
    bot: str
    points: float  # sum of Outcome.points
    wins: int  # games ranked first (shared wins count)
    games: int
    mean_rank: float
    faults: int  # games this bot lost by a fault (timeout, crash ...)
    seat_points: tuple[float, ...]  # points earned in seat 0, 1, ...
    seat_games: tuple[int, ...]  # games played in seat 0, 1, ...


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """How a seat (or play position) fared over all games: shows first-player advantage."""

    label: str
    games: int
    points: float
    wins: int


@dataclass(slots=True)
class _Tally:
    points: float = 0.0
    wins: int = 0
    games: int = 0
    rank_sum: int = 0
    faults: int = 0
    seat_points: list[float] | None = None
    seat_games: list[int] | None = None


def compute_standings(
    records: Iterable[MatchRecord], bots: Sequence[str], table_size: int
) -> list[Standing]:
    """The standings over finished matches; every listed bot appears, played or not."""
    tallies = {b: _Tally(seat_points=[0.0] * table_size, seat_games=[0] * table_size) for b in bots}
    for record in records:
        outcome = record.outcome
        for seat, bot in enumerate(record.players):
            tally = tallies.setdefault(
                bot, _Tally(seat_points=[0.0] * table_size, seat_games=[0] * table_size)
            )
            assert tally.seat_points is not None and tally.seat_games is not None
            tally.points += outcome.points[seat]
            tally.wins += outcome.ranks[seat] == 1
            tally.games += 1
            tally.rank_sum += outcome.ranks[seat]
            tally.faults += outcome.termination.is_fault and outcome.offender == seat
            tally.seat_points[seat] += outcome.points[seat]
            tally.seat_games[seat] += 1
    return _place(tallies)


def _key(t: _Tally) -> tuple[float, int, float]:
    mean_rank = t.rank_sum / t.games if t.games else float("inf")
    return (-round(t.points, 9), -t.wins, mean_rank)


def _place(tallies: dict[str, _Tally]) -> list[Standing]:
    order = sorted(tallies, key=lambda b: (_key(tallies[b]), b))
    out: list[Standing] = []
    for i, bot in enumerate(order):
        t = tallies[bot]
        tied_with_previous = i > 0 and _key(tallies[order[i - 1]]) == _key(t)
        place = out[-1].place if tied_with_previous else i + 1
        out.append(
            Standing(
                place=place,
                bot=bot,
                points=t.points,
                wins=t.wins,
                games=t.games,
                mean_rank=t.rank_sum / t.games if t.games else 0.0,
                faults=t.faults,
                seat_points=tuple(t.seat_points or ()),
                seat_games=tuple(t.seat_games or ()),
            )
        )
    return out


def seat_summary(
    records: Iterable[MatchRecord], table_size: int, *, by_play_order: bool = True
) -> list[SeatSummary]:
    """Totals by seat index, then (if asked) by play position, counted from the first mover.

    Pass by_play_order=False for games whose first decision is simultaneous (several seats
    to move at setup): there is no first mover, and the first recorded move only says which
    secret submission the referee happened to record first.
    """
    by_seat = [[0, 0.0, 0] for _ in range(table_size)]
    by_turn = [[0, 0.0, 0] for _ in range(table_size)]
    for record in records:
        n = len(record.players)
        first = record.moves[0].seat if record.moves else 0
        for seat in range(min(n, table_size)):
            win = int(record.outcome.ranks[seat] == 1)
            for row in (by_seat[seat], by_turn[(seat - first) % n]):
                row[0] += 1
                row[1] += record.outcome.points[seat]
                row[2] += win
    rows = [SeatSummary(f"seat {s}", int(g), p, int(w)) for s, (g, p, w) in enumerate(by_seat)]
    if by_play_order:
        rows += [
            SeatSummary(_ordinal(i + 1) + " to move", int(g), p, int(w))
            for i, (g, p, w) in enumerate(by_turn)
        ]
    return rows


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
