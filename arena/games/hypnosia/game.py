"""The Hypnosia Game object: the contract methods, outcome, ranking and adjudication."""

from __future__ import annotations

import random
from typing import Any

from arena.core import Outcome, Seat, Termination
from arena.game import points_by_rank, ranks_from_keys, ranks_with_offender_last

from . import rules
from .render import render as render_state
from .state import (
    CAPPED_END,
    MAX_PLAYERS,
    MIN_PLAYERS,
    HypnosiaOptions,
    State,
    first_arrival,
    score,
)
from .view import view as build_view

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(MAX_PLAYERS))
_NO_ARRIVAL = -1_000  # below any real arrival key


def rank_keys(state: State) -> list[tuple[int, int]]:
    """Per seat: (score, tie-break), larger is better. HY-A13: the earlier a seat's first
    centre pawn arrived, the better; seats without one share the bottom of their tie."""
    keys = []
    for seat in range(state.num_players):
        first = first_arrival(state, seat)
        keys.append((score(state, seat), _NO_ARRIVAL if first is None else -first))
    return keys


def _scores(state: State) -> tuple[float, ...]:
    return tuple(float(score(state, s)) for s in range(state.num_players))


class HypnosiaGame:
    """Hypnosia for 2-6 players (docs/games/hypnosia.md) on the approximate board of §10."""

    name = "hypnosia"
    title = "Hypnosia"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options_type = HypnosiaOptions

    def setup(self, num_players: int, options: HypnosiaOptions, rng: random.Random) -> State:
        """Pawns in the start slots, the start roll-off from `rng`, the first roll."""
        return rules.setup(num_players, options, rng)

    def to_move(self, state: State) -> tuple[Seat, ...]:
        """The one seat to use a die now, or () once the game is over."""
        return () if state.over else _SEATS[state.current]

    # Bound straight to the engine functions: random playouts call them on every decision.
    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """Everything but the future dice, which nobody may see."""
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Ranks by score, then by earliest centre arrival (spec §8.2); 1/0.5/0-style points."""
        if not state.over:
            return None
        ranks = ranks_from_keys(rank_keys(state))
        capped = state.over == CAPPED_END
        return Outcome(
            ranks=ranks,
            scores=_scores(state),
            points=points_by_rank(ranks),
            termination=Termination.TURN_CAP if capped else Termination.NORMAL,
            detail=f"round {state.round}, {len(state.centre)} pawns in the centre",
        )

    def adjudicate(self, state: State, offender: Seat | None) -> Outcome:
        """Stop now: the offender alone last, the others by score and then arrival order."""
        ranks = ranks_with_offender_last(rank_keys(state), offender)
        return Outcome(
            ranks=ranks,
            scores=_scores(state),
            points=points_by_rank(ranks),
            termination=Termination.NORMAL,  # the referee stamps the real termination
            offender=offender,
            detail=f"adjudicated in round {state.round}",
        )

    def render(self, state: State, seat: Seat | None = None) -> str:
        """A text picture of the board (named as the approximation it is) and the players."""
        return render_state(state, seat)


GAME = HypnosiaGame()
