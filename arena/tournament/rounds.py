"""What the round-based formats share: a round's plan, the seeding order and a round's fixtures.

A Swiss or knockout tournament is planned one round at a time from the encounters played so
far (pure functions: a resume recomputes the same rounds). Rounds are numbered from 0, like the
cycles of the other formats: a round's fixtures carry cycle = round, table = the table's index
in the plan, rotation as everywhere, and seeds from the same scheme as make_fixtures.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from arena.errors import ConfigError
from arena.tournament.schedule import Deals, Fixture, StartSeat, derive_seed, table_fixtures

SEEDING_PATH = -1  # derive_seed(seed, -1, i) never meets a fixture's (cycle, table ...) path


@dataclass(frozen=True, slots=True)
class RoundPlan:
    """One round: its tables (seating lists, table index = position) and the bots sitting out."""

    round: int
    tables: tuple[tuple[str, ...], ...]
    byes: tuple[str, ...] = ()

    @property
    def seated(self) -> tuple[str, ...]:
        """Every bot at a table this round, table by table."""
        return tuple(b for table in self.tables for b in table)


def seeding(
    bot_names: Iterable[str], seed: int, order: Sequence[str] | None = None
) -> tuple[str, ...]:
    """The seeding order: `order` if given (checked), else the sorted names shuffled by seed.

    The shuffle is Fisher-Yates driven by derive_seed, so it is the same on every machine and
    Python version; an explicit order lets the organizer seed by rating and store it.
    """
    names = sorted(bot_names)
    if len(set(names)) != len(names):
        raise ConfigError("a bot is named twice in the seeding")
    if order is not None:
        if sorted(order) != names:
            raise ConfigError("the seeding order must list every bot exactly once")
        return tuple(order)
    out = list(names)
    for i in range(len(out) - 1, 0, -1):
        j = derive_seed(seed, SEEDING_PATH, i) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def fixtures_for_round(
    seed: int,
    plan: RoundPlan,
    deals: Deals,
    start_seat: StartSeat | None,
    first_index: int,
) -> list[Fixture]:
    """The fixtures of a planned round: each table once per rotation, indexed from first_index.

    Seeds follow make_fixtures: derive_seed(seed, round, table, rotation) with the fair-start
    search for independent deals, one seed per table for duplicate deals. A knockout tie-break
    is a round of its own, hence fresh deals. first_index is the number of fixtures of the
    earlier rounds, so indexes (the order ratings fold in) follow the rounds.
    """
    out: list[Fixture] = []
    for table, seating in enumerate(plan.tables):
        out += table_fixtures(
            seed, plan.round, table, seating, deals, start_seat, first_index + len(out)
        )
    return out
