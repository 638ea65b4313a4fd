"""The Arctic Scavengers Game object: options, the contract methods, outcome and adjudication."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from arena.core import Outcome, Seat
from arena.errors import OptionError
from arena.game import check_player_count, points_by_rank, ranks_from_keys, ranks_with_offender_last

from . import rules
from .cards import SHOVEL_DIG, people_of
from .model import OVER, State
from .render import render as render_state
from .rounds import setup
from .view import build_view

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(5))


@dataclass(frozen=True, slots=True)
class ArcticScavengersOptions:
    """The Shovel's dig modifier (AS-A1): plus2 (spec default) or plus1 (one card database)."""

    shovel: Literal["plus2", "plus1"] = "plus2"  # cards.DEFAULT_SHOVEL (AS-A1)


def people_now(state: State) -> list[int]:
    """Every seat's people on every card it owns (§8.2, AS-A14)."""
    if state.result:
        return list(state.result)
    return [
        people_of(z.deck) + people_of(z.discard) + people_of(z.hand) + people_of(z.force)
        for z in state.players
    ]


class ArcticScavengersGame:
    """Arctic Scavengers, base game, 2-5 players (docs/games/arctic_scavengers.md)."""

    name = "arctic_scavengers"
    title = "Arctic Scavengers"
    min_players = 2
    max_players = 5
    options_type = ArcticScavengersOptions

    def setup(
        self, num_players: int, options: ArcticScavengersOptions, rng: random.Random
    ) -> State:
        """Decks, stacks, junkyard and contested pile shuffled from `rng`; round 1 drawn."""
        check_player_count(self, num_players)
        if options.shovel not in SHOVEL_DIG:
            raise OptionError(f"option shovel takes plus2 or plus1, not {options.shovel!r}")
        return setup(num_players, SHOVEL_DIG[options.shovel], rng)

    def to_move(self, state: State) -> tuple[Seat, ...]:
        """The one seat to decide, or () once the game is over."""
        return () if state.phase == OVER else _SEATS[state.current]

    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see (None: a spectator)."""
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Ranks by people on every card owned; a tie is a shared victory (AS-A13)."""
        if state.phase != OVER:
            return None
        people = people_now(state)
        ranks = ranks_from_keys(people)
        return Outcome(
            ranks=ranks,
            scores=tuple(float(p) for p in people),
            points=points_by_rank(ranks),
            detail=f"{state.round} rounds",
        )

    def adjudicate(self, state: State, offender: Seat | None) -> Outcome:
        """Stop now: the offender alone last, the others by the people they own now."""
        people = people_now(state)
        ranks = ranks_with_offender_last(people, offender)
        return Outcome(
            ranks=ranks,
            scores=tuple(float(p) for p in people),
            points=points_by_rank(ranks),
            offender=offender,
            detail=f"adjudicated in round {state.round}",
        )

    def render(self, state: State, seat: Seat | None = None) -> str:
        """A text picture of the position as `seat` sees it."""
        return render_state(state, seat)


GAME = ArcticScavengersGame()
