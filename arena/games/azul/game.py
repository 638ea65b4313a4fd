"""The Azul Game object: options, the contract methods, outcome and adjudication."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal

from arena.core import Outcome, Seat, Termination
from arena.errors import OptionError
from arena.game import check_player_count, points_by_rank, ranks_from_keys, ranks_with_offender_last

from . import rules
from .model import OVER, State, full_rows
from .render import render as render_state
from .rounds import CAPPED_END
from .view import view as public_view

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(4))


@dataclass(frozen=True, slots=True)
class AzulOptions:
    """Azul variants: the coloured wall (standard) or the gray wall (spec §9)."""

    wall: Literal["colored", "gray"] = "colored"


def _keys(state: State) -> list[tuple[int, int]]:
    """Per-seat ranking keys: score, then complete horizontal rows (spec §8.2)."""
    return [(b.score, full_rows(b)) for b in state.boards]


class AzulGame:
    """Azul for 2-4 players (docs/games/azul.md), coloured or gray wall."""

    name = "azul"
    title = "Azul"
    min_players = 2
    max_players = 4
    options_type = AzulOptions

    def setup(self, num_players: int, options: AzulOptions, rng: random.Random) -> State:
        """The initial state: bag shuffled from `rng`, displays filled, random start player."""
        check_player_count(self, num_players)
        if options.wall not in ("colored", "gray"):
            raise OptionError(f"option wall takes colored or gray, not {options.wall!r}")
        return rules.setup(num_players, options.wall == "gray", rng)

    def to_move(self, state: State) -> tuple[Seat, ...]:
        """The one seat to decide, or () once the game is over."""
        return () if state.phase == OVER else _SEATS[state.current]

    # The hot pair is bound straight to the engine functions (same signatures), saving a call
    # layer on every decision of a playout.
    legal_moves = staticmethod(rules.legal_moves)
    apply = staticmethod(rules.apply)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """The public view: Azul hides only the bag order, so all seats see the same."""
        return public_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Ranks by score then complete rows, shared if still tied (AZ-A8); 1/0.5/0 points."""
        if state.phase != OVER:
            return None
        ranks = ranks_from_keys(_keys(state))
        termination = (
            Termination.TURN_CAP if state.termination == CAPPED_END else Termination.NORMAL
        )
        return Outcome(
            ranks=ranks,
            scores=tuple(float(b.score) for b in state.boards),
            points=points_by_rank(ranks),
            termination=termination,
            detail=f"{state.round} rounds",
        )

    def adjudicate(self, state: State, offender: Seat | None) -> Outcome:
        """Stop now: the offender alone last, the others by current score and complete rows."""
        ranks = ranks_with_offender_last(_keys(state), offender)
        return Outcome(
            ranks=ranks,
            scores=tuple(float(b.score) for b in state.boards),
            points=points_by_rank(ranks),
            # The referee stamps the real termination (fault kind, abort) on top of this.
            termination=Termination.NORMAL,
            offender=offender,
            detail=f"adjudicated in round {state.round}",
        )

    def render(self, state: State, seat: Seat | None = None) -> str:
        """Text boards of the position."""
        return render_state(state, seat)


GAME = AzulGame()
