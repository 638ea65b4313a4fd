"""The Epizodiak boss: flat Monte Carlo over determinizations, from the seat's view only.

Every decision compares its candidate moves by rollouts to the end of the round
(arena.search.halving). A rollout starts from a state sampled from the view (belief.py: the
other hands and the pile dealt from the unseen tiles, within what the recent turns prove),
plays the candidate, then lets every seat play on by the greedy evaluation (playout.py). The
candidates share each sampled deal (common random numbers), the weaker half is dropped after
4, 8, 16, ... rounds (sequential halving), and the greedy move stays unless a challenger beats
it convincingly on the same deals. A rollout is worth its rank points (1 first, 0.5 second, 0
last, shared places split) plus a little per point of lead, so that among equal ranks the
search still prefers the bigger margin. Of many candidates only the KEEP best by the greedy
evaluation are searched.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.game import outcome_from_keys, points_by_rank
from arena.search.budget import Deadline
from arena.search.halving import Future, Verdict, sequential_halving
from arena.search.seeded import view_search_boss

from .belief import sample_state
from .playout import rollout
from .rules import outcome, play
from .state import NUM_PLAYERS, State, sets_of
from .strategy import move_value

FIRST_CUT = 4  # rounds of rollouts before the first halving
KEEP = 8  # candidates searched, the greedy evaluation's best
CONFIDENCE = 1.0  # standard errors to overrule the greedy move
MIN_GAIN = 0.0  # and by how much more, in rollout value, whatever the rollouts
MARGIN = 0.02  # value of one point of lead over the mean opponent, next to rank points


def value(state: State, seat: int) -> float:
    """What a rollout's last state is worth to `seat`: its rank points (the game's outcome, or
    the standing by points when a Score 7 game goes on) plus MARGIN per point of lead."""
    done = outcome(state)
    if done is not None:
        scores = done.scores
        ranks = done.ranks
    else:
        scores = tuple(float(state.totals[s] + sets_of(state.discards, s)) for s in range(3))
        ranks = outcome_from_keys(list(scores), list(scores)).ranks
    lead = scores[seat] - (sum(scores) - scores[seat]) / (NUM_PLAYERS - 1)
    return points_by_rank(ranks)[seat] + MARGIN * lead


def candidates(view: Mapping[str, Any], moves: Sequence[str]) -> list[str]:
    """The moves worth searching: all of them, or the KEEP best by the greedy evaluation."""
    if len(moves) <= KEEP:
        return list(moves)
    ranked = sorted(range(len(moves)), key=lambda i: (-move_value(view, moves[i]), i))
    return [moves[i] for i in sorted(ranked[:KEEP])]


def greedy_choice(view: Mapping[str, Any], moves: Sequence[str]) -> int:
    """The index of the greedy evaluation's best move (the first one on a tie)."""
    values = [move_value(view, m) for m in moves]
    return values.index(max(values))


def _sampler(
    view: Mapping[str, Any], moves: Sequence[str], rng: random.Random
) -> Callable[[], Future]:
    """Each call samples one future (a state consistent with the view) that plays any
    candidate through to the end of the round."""
    seat = view["seat"]

    def future() -> Future:
        state = sample_state(view, rng)

        def run(i: int) -> float:
            return value(rollout(play(state, seat, moves[i])), seat)

        return run

    return future


def search(
    view: Mapping[str, Any], moves: Sequence[str], deadline: Deadline, rng: random.Random
) -> tuple[str, Verdict, list[str]]:
    """The chosen move, the search's verdict and the candidates it compared."""
    searched = candidates(view, moves)
    verdict = sequential_halving(
        len(searched),
        _sampler(view, searched, rng),
        deadline,
        first_cut=FIRST_CUT,
        baseline=greedy_choice(view, searched),
        confidence=CONFIDENCE,
        margin=MIN_GAIN,
    )
    return searched[verdict.best], verdict, searched


make_boss = view_search_boss(search)


__all__ = ["candidates", "make_boss", "search", "value"]
