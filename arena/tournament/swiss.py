"""Swiss tournaments: rounds paired by score without rematches, and the Swiss standings.

Rules, in the spirit of FIDE's Dutch system, adapted to encounters and to tables of k:

- Score = match points of the encounters (1 / 0.5 / 0 at tables of two) + BYE_POINTS per bye.
- The field is ranked by score, Buchholz, Sonneborn-Berger, then the seeding order; round 0
  (everybody on 0) is therefore the seeding order: top half against bottom half at tables of
  two (1-5, 2-6, 3-7, 4-8 with 8 bots), seeds 1, n/k + 1, 2n/k + 1 ... together at tables of k.
- Tables are filled top-down within score groups, odd or unpairable bots floating down to the
  next group (see pairing.py). Tables of two never repeat a meeting while that is avoidable:
  an exact search (maximum matchings) that also keeps the rematches, when forced, to the
  minimum. Tables of k avoid repeats by a bounded search, else seat the fewest repeats.
  Unlike the Dutch system, the number of floaters is not minimised across a whole group, and
  floats in consecutive rounds are not avoided.
- Byes: n mod k bots sit out a round: the lowest-ranked among those with the fewest byes so
  far (one bye per bot while some bot has none; at tables of two, among those the lowest whose
  absence leaves the others pairable without extra rematches). Byes are not stored: they are
  the bots absent from a finished round.
- Rounds are numbered from 0 (the fixtures' cycle).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.errors import ConfigError, TournamentError
from arena.tournament.encounters import POINTS_DIGITS, Encounter
from arena.tournament.pairing import bye_for_two, pair_two, seat_tables
from arena.tournament.rounds import RoundPlan

# [ASSUMPTION] a bye is worth a sole encounter win: 1 match point at any table size.
BYE_POINTS = 1.0
SWISS_TIE_BREAKS = (
    "score (match points, byes included), then Buchholz, then Sonneborn-Berger; "
    "equal on all three share a place"
)


@dataclass(frozen=True, slots=True)
class SwissStanding:
    """One bot's line in the Swiss standings."""

    place: int  # 1 is best; bots equal on score, Buchholz and SB share a place
    bot: str
    score: float  # match points + BYE_POINTS per bye
    buchholz: float  # the opponents' scores, summed over encounters (+ own score per bye)
    sonneborn_berger: float  # per opponent met: 1 / 0.5 / 0 (beat / tied / lost) x its score
    encounters: int
    byes: int


def default_swiss_rounds(bot_count: int, table_size: int) -> int:
    """ceil(log_k n) rounds at tables of k (ceil(log2 n) for two), capped at (n - 1) // (k - 1).

    Each round, the bots on a perfect score are seated together and only one in k of them stays
    perfect, so log_k n rounds leave one bot ahead of the rest, as log2 n does for FIDE's Swiss
    (a table of k ranks k bots at once, hence fewer rounds for the same separation). The cap is
    the most rounds in which a bot could meet only new opponents (k - 1 per round). Below k^2
    bots, tables of k > 2 repeat meetings from the second round whatever the pairing (two
    tables of 4 among 8 bots share bots); the pairing then seats the fewest repeats.
    """
    check_swiss(bot_count, table_size)
    rounds = 0
    while table_size**rounds < bot_count:
        rounds += 1
    return max(1, min(rounds, (bot_count - 1) // (table_size - 1)))


def swiss_standings(
    bots: Sequence[str], played: Iterable[Encounter], byes: Iterable[str]
) -> list[SwissStanding]:
    """The standings: bots in seeding order, the complete encounters, one entry per bye.

    Byes: [ASSUMPTION] a bye counts in the bot's own Buchholz as a dummy opponent with the
    bot's own score (the "game against oneself" of FIDE's 2023 tie-break rules) and adds
    nothing to its Sonneborn-Berger (it beat nobody); with nothing at all, a bye would also
    cost its Buchholz an opponent. Sonneborn-Berger at tables of k counts each opponent met:
    its score, in full when the bot ranked above it in the encounter, half when they tied;
    with two bots that is FIDE's own match points x the opponent's score.
    """
    encounters = sorted(played, key=lambda e: (e.round, e.table))
    unknown = {b for e in encounters for b in e.bots} - set(bots)
    if unknown:
        raise TournamentError(f"encounters of bots outside the field: {sorted(unknown)}")
    bye_counts = Counter(byes)
    score = {b: BYE_POINTS * bye_counts[b] for b in bots}
    for e in encounters:
        for bot, points in zip(e.bots, e.match_points, strict=True):
            score[bot] += points
    score = {b: round(s, POINTS_DIGITS) for b, s in score.items()}
    buchholz = {b: score[b] * bye_counts[b] for b in bots}
    sb = dict.fromkeys(bots, 0.0)
    count = dict.fromkeys(bots, 0)
    for e in encounters:
        for bot, rank in zip(e.bots, e.ranks, strict=True):
            count[bot] += 1
            for other, other_rank in zip(e.bots, e.ranks, strict=True):
                if other != bot:
                    buchholz[bot] += score[other]
                    beat = 1.0 if rank < other_rank else 0.5 if rank == other_rank else 0.0
                    sb[bot] += beat * score[other]
    seed = {b: i for i, b in enumerate(bots)}

    def key(b: str) -> tuple[float, float, float]:
        return (-score[b], -round(buchholz[b], POINTS_DIGITS), -round(sb[b], POINTS_DIGITS))

    out: list[SwissStanding] = []
    for i, bot in enumerate(sorted(bots, key=lambda b: (key(b), seed[b]))):
        place = out[-1].place if out and key(out[-1].bot) == key(bot) else i + 1
        out.append(
            SwissStanding(
                place, bot, score[bot], buchholz[bot], sb[bot], count[bot], bye_counts[bot]
            )
        )
    return out


def swiss_byes(
    bots: Sequence[str], table_size: int, played: Iterable[Encounter]
) -> tuple[str, ...]:
    """The byes of the finished rounds: round by round, the bots absent from it in seeding order."""
    rounds = _finished_rounds(bots, table_size, list(played))
    return tuple(b for tables in rounds for b in _absent(bots, tables))


def plan_swiss_round(
    bots: Sequence[str], table_size: int, rounds: int, played: Iterable[Encounter]
) -> RoundPlan | None:
    """The round to play now from the encounters so far; None once `rounds` rounds are done.

    `bots` in seeding order (see rounds.seeding). A pure function of its arguments (not of the
    order of `played`): the round after the finished ones, or, while a round is under way, that
    same round again (its finished tables are checked against it). The tournament seed plays
    no part beyond the seeding order and the fixtures' deals.
    """
    check_swiss(len(bots), table_size, rounds)
    if len(set(bots)) != len(bots):
        raise ConfigError("a bot is named twice in the seeding")
    encounters = list(played)
    finished = _finished_rounds(bots, table_size, encounters)
    current = len(finished)
    in_progress = [e for e in encounters if e.round == current]
    if current >= rounds:
        if in_progress or current > rounds:
            raise TournamentError(f"encounters beyond the last round ({rounds})")
        return None
    history = [e for e in encounters if e.round < current]
    byes = [b for tables in finished for b in _absent(bots, tables)]
    plan = _plan(bots, table_size, current, history, byes)
    for e in in_progress:
        if e.table >= len(plan.tables) or plan.tables[e.table] != e.bots:
            raise TournamentError(
                f"round {current} table {e.table} was played by {e.bots}, its plan differs"
            )
    return plan


def _plan(
    bots: Sequence[str],
    k: int,
    round_: int,
    history: Sequence[Encounter],
    byes: Sequence[str],
) -> RoundPlan:
    standings = swiss_standings(bots, history, byes)
    ranked = [s.bot for s in standings]
    scores = {s.bot: s.score for s in standings}
    met: defaultdict[str, Counter[str]] = defaultdict(Counter)
    for e in history:
        for bot in e.bots:
            met[bot].update(o for o in e.bots if o != bot)
    bye_counts = Counter(byes)
    sitting_out: list[str] = []
    if k == 2 and len(ranked) % 2:
        sitting_out.append(bye_for_two(ranked, met, bye_counts))
    elif k > 2:
        by_need = sorted(reversed(ranked), key=lambda b: bye_counts[b])  # stable: lowest first
        sitting_out = by_need[: len(ranked) % k]
    field = [b for b in ranked if b not in sitting_out]
    tables: list[tuple[str, ...]]
    if k == 2:
        tables = list(pair_two(field, met, scores))
    else:
        tables = seat_tables(field, met, scores, k)
    byes_now = tuple(b for b in ranked if b in sitting_out)
    return RoundPlan(round_, tuple(tables), byes_now)


def _finished_rounds(
    bots: Sequence[str], k: int, encounters: Sequence[Encounter]
) -> list[list[Encounter]]:
    """The finished rounds 0, 1 ... in order: each with all of its n // k tables played."""
    known = set(bots)
    by_round: defaultdict[int, list[Encounter]] = defaultdict(list)
    for e in encounters:
        if len(e.bots) != k or not set(e.bots) <= known:
            raise TournamentError(f"round {e.round} table {e.table} seats {e.bots}")
        by_round[e.round].append(e)
    per_round = len(bots) // k
    out: list[list[Encounter]] = []
    while len(by_round.get(len(out), ())) == per_round:
        tables = sorted(by_round[len(out)], key=lambda e: e.table)
        seated = [b for e in tables for b in e.bots]
        if [e.table for e in tables] != list(range(per_round)) or len(set(seated)) != len(seated):
            raise TournamentError(f"round {len(out)} does not seat each bot at most once")
        out.append(tables)
    if any(r > len(out) or r < 0 for r in by_round):
        raise TournamentError(f"encounters of a round after the unfinished round {len(out)}")
    return out


def _absent(bots: Sequence[str], tables: Sequence[Encounter]) -> list[str]:
    seated = {b for e in tables for b in e.bots}
    return [b for b in bots if b not in seated]


def check_swiss(bot_count: int, table_size: int, rounds: int = 1) -> None:
    """Raise ConfigError unless a Swiss of bot_count bots at tables of table_size can be run."""
    if rounds < 1:
        raise ConfigError("a Swiss needs at least 1 round")
    if table_size < 2:
        raise ConfigError("a Swiss needs tables of at least 2 bots")
    if bot_count < table_size:
        raise ConfigError(f"{bot_count} bots cannot fill a table of {table_size}")
