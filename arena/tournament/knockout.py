"""Knockout tournaments: a seeded bracket, one bot per table going on, tie-breaks replayed.

The bracket is seeded in the standard way so that the top seeds meet last: at tables of two,
1-8, 4-5, 2-7, 3-6 for eight bots; at tables of k the seeds of each table snake through k
layers (1, 6, 7 / 2, 5, 8 / 3, 4, 9 at tables of three), recursively, so the k top seeds can
only meet in the final. Each table's encounter winner goes on; at a table of k > 2 only the
winner does. Every table loses k - 1 bots, so a field of n bots needs (n - 1) / (k - 1) tables:
n must be 1 more than a multiple of k - 1 (any n at tables of two); other fields raise
ConfigError. When n is not a power of k, the top seeds get byes into the second stage, exactly
as many as fill its bracket: (k^R - n) / (k - 1), R the number of stages.

A tied encounter (the best bots of the table equal on game points and wins) is replayed in a
round of its own, by the whole table (every seat must be filled) but only the tied bots can go
on; after MAX_TIE_BREAKS replays still tied, the highest seed among them goes on. Stages and
tie-break replays are rounds 0, 1, 2 ... in the order they are played.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from arena.errors import ConfigError, TournamentError
from arena.tournament.encounters import Encounter
from arena.tournament.rounds import RoundPlan

# [ASSUMPTION] two replays of a tied table, then the higher seed goes on: a tie between bots
# that keep drawing is decided within a bounded number of games.
MAX_TIE_BREAKS = 2


@dataclass(frozen=True, slots=True)
class KnockoutPlacing:
    """One bot's place: bots out in the same stage share a range of places (3-4, 5-8 ...)."""

    place: int  # the best place of the shared range
    last_place: int  # its worst place (== place when alone)
    bot: str
    out_in_stage: int | None  # the bracket stage (0 = first) it lost in; None: still in or won


@dataclass(slots=True)
class _Bracket:
    plans: list[RoundPlan] = field(default_factory=list)
    current: RoundPlan | None = None  # the round to play now; None once the winner is known
    out_in_stage: dict[str, int] = field(default_factory=dict)


def check_knockout(bot_count: int, table_size: int) -> None:
    """Raise ConfigError unless a knockout of bot_count bots at tables of table_size exists."""
    if table_size < 2:
        raise ConfigError("a knockout needs tables of at least 2 bots")
    if bot_count < table_size:
        raise ConfigError(f"{bot_count} bots cannot fill a table of {table_size}")
    if (bot_count - 1) % (table_size - 1):
        sizes = ", ".join(str(table_size + i * (table_size - 1)) for i in range(4))
        raise ConfigError(
            f"a knockout at tables of {table_size} needs a field of {sizes} ... bots: each "
            f"table sends one bot on, so {bot_count} bots cannot be reduced to one winner"
        )


def knockout_stages(bot_count: int, table_size: int) -> int:
    """How many bracket stages (rounds without tie-breaks) lead to the winner."""
    check_knockout(bot_count, table_size)
    stages = 1
    while table_size**stages < bot_count:
        stages += 1
    return stages


def plan_knockout_round(
    bots: Sequence[str], table_size: int, played: Iterable[Encounter]
) -> RoundPlan | None:
    """The round to play now (a stage or a tie-break replay); None once the winner is known.

    `bots` in seeding order. A pure function of its arguments: while a round is under way it is
    returned again, its finished tables checked against it.
    """
    return _replay(bots, table_size, played).current


def knockout_rounds(
    bots: Sequence[str], table_size: int, played: Iterable[Encounter]
) -> tuple[RoundPlan, ...]:
    """Every round planned so far, in order: the finished ones, then the one under way."""
    return tuple(_replay(bots, table_size, played).plans)


def knockout_placings(
    bots: Sequence[str], table_size: int, played: Iterable[Encounter]
) -> list[KnockoutPlacing]:
    """Places so far: the bots still in share the top places, then the losers stage by stage.

    Once the final is decided: the winner 1, the final's losers 2 (2-k at tables of k), the
    previous stage's losers the next places (3-4 at tables of two), and so on.
    """
    out_in = _replay(bots, table_size, played).out_in_stage
    stages = knockout_stages(len(bots), table_size)
    by_level: defaultdict[int, list[str]] = defaultdict(list)
    for bot in bots:  # level: stages survived, the bots still in counting as past them all
        by_level[out_in.get(bot, stages)].append(bot)
    out: list[KnockoutPlacing] = []
    for level in sorted(by_level, reverse=True):
        group = by_level[level]
        place = len(out) + 1
        stage = None if level == stages else level
        out += [KnockoutPlacing(place, place + len(group) - 1, b, stage) for b in group]
    return out


def bracket_order(size: int, k: int) -> list[int]:
    """Seeds 1..size (a power of k) in bracket order: each k in a row meet in the first stage."""
    order = [1]
    while len(order) < size:
        order = [s for top in order for s in _snake(top, len(order), k)]
    if len(order) != size:
        raise ValueError(f"{size} is not a power of {k}")
    return order


def _snake(s: int, m: int, k: int) -> list[int]:
    # Seed s of m leads the table s, 2m + 1 - s, 2m + s, 4m + 1 - s ...: layers alternate
    # direction, so the tables' seed sums stay as even as possible.
    return [layer * m + s if layer % 2 == 0 else (layer + 1) * m + 1 - s for layer in range(k)]


def _first_stage(bots: Sequence[str], k: int) -> tuple[list[tuple[str, ...] | str], int]:
    """The first stage in bracket order: a table, or a bot with a bye; and the stage count."""
    n = len(bots)
    stages = knockout_stages(n, k)
    byes = (k**stages - n) // (k - 1)
    tables = (n - byes) // k  # a power of k's worth of entrants to the second stage
    out: list[tuple[str, ...] | str] = []
    for v in bracket_order(k ** (stages - 1), k):
        if v <= byes:
            out.append(bots[v - 1])
        else:
            out.append(tuple(bots[byes + s - 1] for s in _snake(v - byes, tables, k)))
    return out, stages


def _replay(bots: Sequence[str], k: int, played: Iterable[Encounter]) -> _Bracket:
    if len(set(bots)) != len(bots):
        raise ConfigError("a bot is named twice in the seeding")
    seed = {b: i for i, b in enumerate(bots)}
    by_round: defaultdict[int, dict[int, Encounter]] = defaultdict(dict)
    for e in played:
        if e.table in by_round[e.round]:
            raise TournamentError(f"round {e.round} table {e.table} has two encounters")
        by_round[e.round][e.table] = e
    entries, stages = _first_stage(bots, k)
    state = _Bracket()
    round_ = 0
    for stage in range(stages):
        tables = [x for x in entries if isinstance(x, tuple)]
        byes = tuple(sorted((x for x in entries if isinstance(x, str)), key=seed.__getitem__))
        winners: dict[int, str] = {}
        candidates = [list(t) for t in tables]
        pending = list(range(len(tables)))
        replays = 0
        while pending:
            plan = RoundPlan(round_, tuple(tables[i] for i in pending), byes if not replays else ())
            state.plans.append(plan)
            got = by_round.get(round_, {})
            for e in got.values():
                if e.table >= len(plan.tables) or e.bots != plan.tables[e.table]:
                    raise TournamentError(
                        f"round {round_} table {e.table} was played by {e.bots}, its plan differs"
                    )
            if len(got) < len(plan.tables):
                state.current = plan
                _check_nothing_after(by_round, round_)
                return state
            still = []
            for pos, i in enumerate(pending):
                best = min(got[pos].rank_of(c) for c in candidates[i])
                candidates[i] = [c for c in candidates[i] if got[pos].rank_of(c) == best]
                if len(candidates[i]) > 1 and replays < MAX_TIE_BREAKS:
                    still.append(i)
                else:  # sole winner, or out of replays: the highest seed among the tied
                    winners[i] = min(candidates[i], key=seed.__getitem__)
            pending = still
            replays += 1
            round_ += 1
        for i, table in enumerate(tables):
            state.out_in_stage.update((b, stage) for b in table if b != winners[i])
        it = iter(winners[i] for i in range(len(tables)))
        survivors = [x if isinstance(x, str) else next(it) for x in entries]
        entries = [tuple(survivors[j : j + k]) for j in range(0, len(survivors), k)]
    _check_nothing_after(by_round, round_ - 1)
    return state


def _check_nothing_after(by_round: dict[int, dict[int, Encounter]], last: int) -> None:
    later = sorted(r for r, got in by_round.items() if got and r > last)
    if later:
        raise TournamentError(f"encounters in round {later[0]}, after the round to play ({last})")
