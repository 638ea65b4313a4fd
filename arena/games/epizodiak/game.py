"""The Epizodiak Game object: options, the contract methods, outcome and adjudication."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from arena.core import Outcome, Seat, Termination
from arena.errors import OptionError
from arena.game import check_player_count, points_by_rank, ranks_from_keys, ranks_with_offender_last

from . import rules
from .model import NUM_PLAYERS, TARGETS, EpizodiakOptions, Mode, Phase, State, sets_of
from .render import render_state
from .rounds import CAPPED_END
from .scoring import final_keys, one_round_keys
from .view import build_view

_SEATS: tuple[tuple[Seat, ...], ...] = tuple((s,) for s in range(NUM_PLAYERS))


def _check_options(options: EpizodiakOptions) -> None:
    if options.mode not in (Mode.ONE_ROUND, Mode.SCORE7):
        raise OptionError(f"option mode takes one_round or score7, not {options.mode!r}")
    if options.target not in TARGETS:
        raise OptionError(f"option target takes 7 or 13, not {options.target!r}")


def _keys(state: State) -> list[tuple[int, int]]:
    """Ranking keys of a finished game (larger is better)."""
    if state.options.mode == Mode.ONE_ROUND:
        return one_round_keys(state.rounds[-1].points)
    return final_keys(state.totals, state.rounds[-1].out)


def _standing(state: State) -> list[int]:
    """Points a seat holds now: finished rounds plus this round's sets (no bonus yet)."""
    return [state.totals[s] + sets_of(state.discards, s) for s in range(NUM_PLAYERS)]


class EpizodiakGame:
    """Epizodiak for exactly 3 players (docs/games/epizodiak.md): One round or Score 7."""

    name = "epizodiak"
    title = "Epizodiak"
    min_players = NUM_PLAYERS
    max_players = NUM_PLAYERS
    options_type = EpizodiakOptions

    def setup(self, num_players: int, options: EpizodiakOptions, rng: random.Random) -> State:
        """Round 1 dealt from `rng`, with a random starting seat."""
        check_player_count(self, num_players)
        _check_options(options)
        return rules.setup(options, rng)

    def to_move(self, state: State) -> tuple[Seat, ...]:
        """The one seat to decide, or () once the game is over."""
        return () if state.phase == Phase.OVER else _SEATS[state.current]

    def legal_moves(self, state: State, seat: Seat) -> Sequence[str]:
        """The seat's legal decisions in a stable order ([] when it is not to move)."""
        if state.phase == Phase.OVER or seat != state.current:
            return []
        return list(rules.legal(state))

    def apply(self, state: State, seat: Seat, move: str) -> State:
        """The state after `seat` decides `move`."""
        return rules.apply(state, seat, move)

    def view(self, state: State, seat: Seat | None) -> dict[str, Any]:
        """What `seat` may see: the public table and its own hand only."""
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Ranks by points (One round) or totals (Score 7, EP-A14 tie-break); 1/0.5/0 points."""
        if state.phase != Phase.OVER:
            return None
        ranks = ranks_from_keys(_keys(state))
        capped = state.termination == CAPPED_END
        return Outcome(
            ranks=ranks,
            scores=tuple(float(t) for t in state.totals),
            points=points_by_rank(ranks),
            termination=Termination.TURN_CAP if capped else Termination.NORMAL,
            detail=_detail(state),
        )

    def adjudicate(self, state: State, offender: Seat | None) -> Outcome:
        """Stop now: the offender alone last, the others by the points they hold."""
        standing = _standing(state)
        ranks = ranks_with_offender_last(standing, offender)
        return Outcome(
            ranks=ranks,
            scores=tuple(float(p) for p in standing),
            points=points_by_rank(ranks),
            termination=Termination.NORMAL,  # the referee stamps the real termination
            offender=offender,
            detail=f"adjudicated in round {state.round}, turn {state.turns + 1}",
        )

    def render(self, state: State, seat: Seat | None = None) -> str:
        """The dial as a clock face, hands, sets and scores as `seat` sees them."""
        return render_state(state, seat)


def _detail(state: State) -> str:
    last = state.rounds[-1]
    ended = "turn cap" if last.capped else f"seat {', '.join(map(str, last.out))} went out"
    return f"{len(state.rounds)} round(s); last round: {ended}"
