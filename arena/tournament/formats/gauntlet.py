"""Gauntlet: one bot (the hero) against every table of the others."""

from __future__ import annotations

import itertools
import math

from arena.errors import ConfigError
from arena.tournament.formats.base import AllAtOnce
from arena.tournament.schedule import TournamentSpec


class Gauntlet(AllAtOnce):
    """The hero sits at every table: itself and each combination of table_size - 1 others."""

    name = "gauntlet"
    help = "--hero against all"
    takes_hero = True

    def check(self, spec: TournamentSpec) -> None:
        """A hero is needed, and it must be one of the bots."""
        super().check(spec)
        names = [b.name for b in spec.bots]
        if spec.hero is None:
            raise ConfigError("a gauntlet needs --hero NAME")
        if spec.hero not in names:
            raise ConfigError(f"the hero {spec.hero!r} is not among the bots ({', '.join(names)})")

    def tables(self, spec: TournamentSpec) -> list[tuple[str, ...]]:
        """The hero first, then each combination of the field."""
        self.check(spec)
        assert spec.hero is not None
        field_ = [n for n in spec.bot_names if n != spec.hero]
        return [(spec.hero, *rest) for rest in itertools.combinations(field_, spec.table_size - 1)]

    def table_count(self, spec: TournamentSpec) -> int:
        """(n - 1) choose (k - 1), without listing them."""
        self.check(spec)
        return math.comb(len(spec.bots) - 1, spec.table_size - 1)


FORMAT = Gauntlet()
