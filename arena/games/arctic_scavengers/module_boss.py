"""The Arctic Scavengers boss with expansion modules on: determinized flat Monte Carlo on the
pure-Python engine (the compiled core plays the base game only).

As in boss.py: each deal of the hidden cards (module_belief.py, from the seat's view and the
match's public events) tries every legal move, the greedy bot's first, then plays the game out
with the greedy bot's rules for every seat (strategy.greedy_move on each seat's view, which
knows every module); the score is boss.margin. Every move is judged on the same deals and the
same chance streams, and boss.choose keeps the greedy move unless another beats it by more than
a standard error of their paired difference. A deal whose legal moves for the seat are not the
referee's (the view does not show a turn's every scratch) is dropped; where no deal can be made
(a leader choice, a pending targeted action, an open module action, an Organizer's draw or
a builder's look at the schematics), the boss plays greedy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.core.players import DecisionRequest
from arena.errors import ArenaError
from arena.search.budget import Deadline

from . import boss, rules
from .module_belief import Hints, matches, sample
from .state import OVER, State
from .strategy import greedy_move
from .view import view as view_of

HORIZON = 99  # rounds played out after the current one (99: to the end of the game)
MAX_FAILED_DEALS = 4  # deals in a row whose legal moves differ before the boss plays greedy
# A dealt state pins only what the view shows; an engine invariant it breaks mid-playout drops
# that deal (the boss never answers with anything but one of the referee's legal moves).
_BROKEN_DEAL = (ArenaError, AssertionError, IndexError, KeyError, StopIteration, ValueError)


def rollout(state: State, seat: int, until_round: int) -> float:
    """Play on with the greedy bot's rules for every seat; the seat's boss.margin."""
    while state.phase != OVER and state.round <= until_round:
        current = rules.to_move(state)[0]
        legal = rules.legal_moves(state, current)
        move = greedy_move(view_of(state, current), legal)
        state = rules.play(state, current, move if move in legal else legal[0])
    return boss.margin(state, seat)


def search(
    request: DecisionRequest,
    deadline: Deadline,
    rng: random.Random,
    hints: Hints,
    horizon: int = HORIZON,
) -> tuple[list[list[float]], int] | None:
    """Every legal move's playout results on the same deals until the deadline, and the index
    of the greedy move (tried first); None when no deal of the view could be made."""
    view, seat, legal = request.view, request.seat, request.legal_moves
    hints.update(view)
    order = _order(view, legal)
    results: list[list[float]] = [[] for _ in legal]
    deals = done = failed = 0
    slowest = 0.0
    while failed < MAX_FAILED_DEALS:
        state = sample(view, rng, hints)
        if state is None:
            return None  # the view keeps more than the belief models: nothing to search
        if not matches(state, seat, legal):
            failed += 1
            continue
        failed = 0
        values: list[float] = []
        try:
            for i in order:
                started = deadline.elapsed_s()
                after = rules.play(state, seat, legal[i])
                values.append(rollout(after, seat, state.round + horizon))
                done += 1
                slowest = max(slowest, deadline.elapsed_s() - started)
                if boss.must_stop(deadline, done, slowest) and len(values) < len(order):
                    break
        except _BROKEN_DEAL:
            failed += 1
            continue
        if len(values) == len(order) or not deals:
            for i, v in zip(order, values, strict=False):
                results[i].append(v)
            deals += 1
        if len(values) < len(order) or boss.must_stop(deadline, done, slowest):
            return results, order[0]
    return (results, order[0]) if deals else None


def decide(
    request: DecisionRequest,
    deadline: Deadline,
    rng: random.Random,
    hints: Hints,
    confidence: float | None = None,
) -> str:
    """The boss's move with modules on: the search's, else the greedy bot's (`confidence`:
    boss.choose's, else boss.CONFIDENCE)."""
    found = search(request, deadline, rng, hints)
    if found is None:
        return greedy_reply(request)
    sure = boss.CONFIDENCE if confidence is None else confidence
    return request.legal_moves[boss.choose(*found, confidence=sure)]


def greedy_reply(request: DecisionRequest) -> str:
    """The greedy bot's move (the first legal one should it name none)."""
    move = greedy_move(dict(request.view), request.legal_moves)
    return move if move in request.legal_moves else request.legal_moves[0]


def _order(view: Mapping[str, Any], legal: Sequence[str]) -> list[int]:
    """The legal moves' indices, the greedy bot's move first (the one a short search keeps)."""
    order = list(range(len(legal)))
    greedy = greedy_move(dict(view), legal)
    if greedy in legal:
        order.insert(0, order.pop(list(legal).index(greedy)))
    return order
