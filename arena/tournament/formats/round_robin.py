"""Round robin: every table of the chosen size among the bots, once per cycle."""

from __future__ import annotations

import itertools
import math

from arena.tournament.formats.base import AllAtOnce
from arena.tournament.schedule import TournamentSpec


class RoundRobin(AllAtOnce):
    """Every combination of table_size bots plays one match per rotation of its seating."""

    name = "round-robin"
    help = "every table"

    def tables(self, spec: TournamentSpec) -> list[tuple[str, ...]]:
        """Every combination of the sorted names."""
        return list(itertools.combinations(spec.bot_names, spec.table_size))

    def table_count(self, spec: TournamentSpec) -> int:
        """n choose k, without listing them."""
        return math.comb(len(spec.bots), spec.table_size)


FORMAT = RoundRobin()
