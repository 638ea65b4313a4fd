"""A knockout's bracket (of any format that plays one: TournamentFormat.knockout_part), read
back from a tournament report: stages as columns, each table with its bots, their encounter
points, the tie-break replays it took, and the bot that went on.

The report is what every front end holds (the web pages get it over the wire), so the bracket is
computed from it alone: the match rows in fixture order and the standings. A round format stores
each table's games together, one per rotation (k games at a table of k), and its rounds in the
order played (arena/tournament/rounds.py), so fixture index // k numbers the encounters in play
order; the stage sizes follow from the field (arena/tournament/knockout.py). A tied table is
replayed in the next round (up to MAX_TIE_BREAKS times); after that the higher seed goes on,
which the report does not hold: the standings do (the bot that goes on always places better
than the table's others), so the bot that went on is the table's best-placed bot.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena.app.reports import MatchRow, TournamentReport
from arena.core.game import ranks_from_keys
from arena.errors import ConfigError
from arena.tournament.encounters import POINTS_DIGITS
from arena.tournament.formats.registry import find_format
from arena.tournament.knockout import MAX_TIE_BREAKS, knockout_stages


@dataclass(frozen=True, slots=True)
class BracketGame:
    """One encounter of a table: its bots, their points summed over its games and their wins
    (games ranked first), as the encounter ranks them (arena/tournament/encounters.py)."""

    bots: tuple[str, ...]
    points: tuple[float, ...]
    wins: tuple[int, ...]
    games: int  # games finished of its k
    match_ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BracketTable:
    """A table of a stage: its encounter and replays, and who went on (None: not decided)."""

    bots: tuple[str, ...]
    encounters: tuple[BracketGame, ...]
    winner: str | None

    @property
    def replays(self) -> int:
        """The tie-break replays this table took (so far)."""
        return max(0, len(self.encounters) - 1)


@dataclass(frozen=True, slots=True)
class BracketStage:
    """A column of the bracket: its tables, in bracket order, and the bots with a bye."""

    name: str
    tables: tuple[BracketTable, ...]
    byes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bracket:
    """The stages played and planned so far, first to final."""

    stages: tuple[BracketStage, ...]
    table_size: int
    field: int  # the bots the bracket started with


def bracket_of(report: TournamentReport) -> Bracket | None:
    """The report's bracket; None for a format without one, or a report without its match rows
    (or one whose bracket has not begun)."""
    s = report.summary
    fmt = find_format(s.format)
    k = s.table_size
    part = None if fmt is None else fmt.knockout_part(len(s.bots), k, s.rounds, s.format_options)
    if part is None or report.matches is None:
        return None
    field, skipped = part  # the bracket's bots, and the encounters played before it
    try:
        stages = knockout_stages(field, k)
    except ConfigError:
        return None
    encounters = _encounters(report.matches, k, skipped)
    if not encounters:
        return None
    places = {row.bot: row.place for row in report.standings}
    # Its entrants: the whole field, or the Swiss's top N (the bracket's places come first).
    entrants = [row.bot for row in report.standings][:field]
    return Bracket(_stages(encounters, places, entrants, k, stages), k, field)


def stage_name(stage: int, stages: int, table_size: int) -> str:
    """final, semi-finals, quarter-finals (tables of two), else "stage 2 of 4"."""
    left = stages - stage
    if left == 1:
        return "final"
    if table_size == 2 and left <= 3:
        return {2: "semi-finals", 3: "quarter-finals"}[left]
    return f"stage {stage + 1} of {stages}"


def _encounters(rows: Sequence[MatchRow], k: int, skipped: int) -> list[BracketGame]:
    """The bracket's encounters in play order (fixture index // k, past the Swiss's)."""
    games: defaultdict[int, list[MatchRow]] = defaultdict(list)
    for row in rows:
        if row.fixture is not None and row.fixture // k >= skipped:
            games[row.fixture // k - skipped].append(row)
    out = []
    for index in range(max(games, default=-1) + 1):
        got = sorted(games.get(index, []), key=lambda r: r.fixture or 0)
        bots = tuple(got[0].players) if got else ()
        totals = dict.fromkeys(bots, 0.0)
        wins = dict.fromkeys(bots, 0)
        for row in got:
            for bot, points, rank in zip(row.players, row.points, row.ranks, strict=True):
                totals[bot] = totals.get(bot, 0.0) + points
                wins[bot] = wins.get(bot, 0) + (rank == 1)
        out.append(
            BracketGame(
                bots,
                tuple(totals[b] for b in bots),
                tuple(wins[b] for b in bots),
                len(got),
                tuple(r.match_id for r in got),
            )
        )
    return out


def _stages(
    encounters: list[BracketGame],
    places: Mapping[str, int],
    entrants: Sequence[str],
    k: int,
    stages: int,
) -> tuple[BracketStage, ...]:
    field = len(entrants)
    byes = (k**stages - field) // (k - 1)
    sizes = [(field - byes) // k] + [k ** (stages - 1 - s) for s in range(1, stages)]
    out: list[BracketStage] = []
    at = 0  # the next encounter in play order
    for stage, size in enumerate(sizes):
        first = encounters[at : at + size]
        if not first:
            break
        at += size
        tables: list[list[BracketGame]] = [[e] for e in first]
        pending = [i for i, e in enumerate(first) if _tied(e, e.bots)]
        candidates = {i: _best(e, e.bots) for i, e in enumerate(first)}
        replays = 0
        while pending and replays < MAX_TIE_BREAKS and at < len(encounters):
            replayed = encounters[at : at + len(pending)]
            at += len(replayed)
            still = []
            for i, e in zip(pending, replayed, strict=False):
                tables[i].append(e)
                candidates[i] = _best(e, candidates[i])
                if e.games < k or len(candidates[i]) > 1:
                    still.append(i)
            pending = still if len(replayed) == len(pending) else pending
            replays += 1
        decided = [
            _winner(
                t, candidates[i], places, k, replays_left=i in pending and replays < MAX_TIE_BREAKS
            )
            for i, t in enumerate(tables)
        ]
        out.append(
            BracketStage(
                stage_name(stage, stages, k),
                tuple(
                    BracketTable(t[0].bots, tuple(t), w)
                    for t, w in zip(tables, decided, strict=True)
                ),
            )
        )
    # The top seeds' byes into the second stage: the field's bots not at a first-stage table.
    if out and len(out[0].tables) == sizes[0] and all(t.bots for t in out[0].tables):
        seated = {b for t in out[0].tables for b in t.bots}
        byes = tuple(sorted(b for b in entrants if b not in seated))
        out[0] = BracketStage(out[0].name, out[0].tables, byes)
    return tuple(out)


def _ranked(e: BracketGame, among: Sequence[str]) -> dict[str, int]:
    """The encounter's ranks of `among`: by points (rounded as encounters round them), then
    wins."""
    keys = [
        (round(e.points[e.bots.index(b)], POINTS_DIGITS), e.wins[e.bots.index(b)]) for b in among
    ]
    return dict(zip(among, ranks_from_keys(keys), strict=True))


def _best(e: BracketGame, among: Sequence[str]) -> tuple[str, ...]:
    ranks = _ranked(e, [b for b in among if b in e.bots])
    return tuple(b for b, r in ranks.items() if r == 1)


def _tied(e: BracketGame, among: Sequence[str]) -> bool:
    return e.games == len(e.bots) and len(_best(e, among)) > 1


def _winner(
    table: Sequence[BracketGame],
    candidates: Sequence[str],
    places: Mapping[str, int],
    k: int,
    *,
    replays_left: bool,
) -> str | None:
    """Who went on (None: not known yet): once the table's last encounter is complete and no
    replay is to come, its sole best bot; still tied after the replays, the higher seed, which
    the standings show as the better place once the stage is over."""
    if table[-1].games < k or replays_left or not candidates:
        return None
    if len(candidates) == 1:
        return candidates[0]
    best = min(places.get(b, len(places) + 1) for b in candidates)
    placed = [b for b in candidates if places.get(b) == best]
    return placed[0] if len(placed) == 1 else None
