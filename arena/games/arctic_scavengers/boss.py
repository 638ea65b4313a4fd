"""The Arctic Scavengers boss: determinized Monte Carlo search from the seat's view only.

At each decision with a choice, the boss deals the cards it cannot see (belief.py: what the
public events of the match revealed, then consistent random deals), tries every legal move in
each deal, and plays the rest of the game out with the greedy bot's rules for every seat
(playout.py, on the engine state). The score of a playout is the seat's people margin over
the best other seat, plus a bonus for leading. Every move is tried in the same deals with the
same playout streams (common random numbers), so the comparison is fair; the move with the
best mean wins if it beats the greedy bot's move by more than a standard error of their
paired difference (else the greedy move stays: a few noisy playouts do not overrule it). An
iteration is one playout.

With expansion modules on, the compiled core and this belief do not apply: module_boss.py
searches the same way on the pure-Python engine, from module_belief.py's deals.
"""

from __future__ import annotations

import math
import random

from arena.core.players import DecisionRequest, Policy, Reply, thinking
from arena.search.budget import Deadline, search_budget
from arena.search.seeded import fixed_work, request_seed

from . import module_boss, rules
from .belief import Memory, is_base_game, sample
from .module_belief import Hints
from .playout import rule_move
from .state import OVER, State

HORIZON = 99  # rounds played out after the current one (99: to the end of the game)
CONFIDENCE = 1.0  # standard errors of a paired difference to overrule the greedy move
WIN_BONUS = 3.0  # a win is worth this many people of margin on top of the margin itself


def _rollout(state: State, seat: int, until_round: int) -> float:
    """Play on with the rules for every seat; the seat's margin over the best other seat."""
    play = rules.play
    while state.phase != OVER and state.round <= until_round:
        current = state.current
        state = play(state, current, rule_move(state))
    return margin(state, seat)


def margin(state: State, seat: int) -> float:
    """People now (the whole result once over) against the best other seat, plus WIN_BONUS
    for leading."""
    people = rules.people_now(state)
    best_other = max(p for s, p in enumerate(people) if s != seat)
    lead = people[seat] - best_other
    return lead + WIN_BONUS * ((lead > 0) - (lead < 0))


def search(
    request: DecisionRequest,
    deadline: Deadline,
    rng: random.Random,
    memory: Memory,
    horizon: int = HORIZON,
) -> tuple[list[list[float]], int]:
    """Every legal move's playout results, one per deal of the hidden cards (the same deals
    for all), until the deadline; and the index of the greedy bot's move (the baseline).

    The deadline is asked after every playout, and under a clock the search also stops when
    less time is left than twice its slowest playout took (a playout is not cut short, so
    the next one must fit, on a busy machine too). A deal cut short is dropped (every move is
    judged on the same deals), unless it is the first: then the moves it did not reach have no
    result, and the greedy bot's move, tried first, is among those it did."""
    view, seat, legal = request.view, request.seat, request.legal_moves
    memory.update(view)
    results: list[list[float]] = [[] for _ in legal]
    deals = done = 0
    slowest = 0.0
    while True:
        state = sample(view, rng, memory, updated=True)
        stream, until = state.stream, state.round + horizon
        order = _order(state, legal)
        values: list[float] = []
        for i in order:
            started = deadline.elapsed_s()
            after = rules.play(state._replace(stream=stream), seat, legal[i])
            values.append(_rollout(after, seat, until))
            done += 1
            slowest = max(slowest, deadline.elapsed_s() - started)
            if must_stop(deadline, done, slowest) and len(values) < len(order):
                break
        if len(values) == len(order) or not deals:
            for i, v in zip(order, values, strict=False):
                results[i].append(v)
            deals += 1
        if len(values) < len(order) or must_stop(deadline, done, slowest):
            return results, order[0]


def choose(results: list[list[float]], baseline: int, confidence: float = CONFIDENCE) -> int:
    """The move with the best mean result; the baseline unless that move beats it by more
    than `confidence` standard errors of their paired difference (on the same deals), so that
    a few noisy playouts do not overrule the rollout policy's own choice."""
    means = [sum(r) / len(r) if r else float("-inf") for r in results]
    best = max(range(len(results)), key=lambda i: (means[i], i == baseline))
    if best == baseline:
        return best
    diffs = [a - b for a, b in zip(results[best], results[baseline], strict=False)]
    n = len(diffs)
    if n < 2:
        return baseline
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return best if mean > confidence * spread / math.sqrt(n) else baseline


def must_stop(deadline: Deadline, done: int, slowest: float) -> bool:
    """The work is done, or the clock has no room for two more playouts as slow as the
    slowest (left_s is infinite without a clock: fixed work stays reproducible)."""
    return deadline.spent(done) or deadline.left_s() < 2 * slowest


def _order(state: State, legal: tuple[str, ...] | list[str]) -> list[int]:
    """The legal moves' indices, the greedy bot's move first (the one a short search keeps)."""
    order = list(range(len(legal)))
    greedy = rule_move(state)
    if greedy in legal:
        first = legal.index(greedy)
        order.insert(0, order.pop(first))
    return order


def make_boss(
    seed: int | None = None,
    *,
    budget_ms: int | None = None,
    iterations: int | None = None,
    level_iterations: int | None = None,
    level_cap_ms: int | None = None,
) -> Policy:
    """The boss policy (the factory contract of arena/search/__init__.py): an iteration is one
    playout. `iterations` (else the level's `level_iterations`) fixes the work per decision,
    reproducible; else it thinks within the referee's clock, at most `budget_ms` (else the
    level's `level_cap_ms`, else 1 s). It keeps what each match's public events revealed."""
    fixed = fixed_work(iterations, level_iterations)
    cap = budget_ms if budget_ms is not None else level_cap_ms
    memories: dict[tuple[str, int], Memory] = {}
    hints: dict[tuple[str, int], Hints] = {}

    def decide(request: DecisionRequest) -> Reply:
        key = (request.match_id, request.seat)
        if not is_base_game(request.view):
            seen = hints.setdefault(key, Hints())
            if len(request.legal_moves) == 1:
                seen.update(request.view)
                return request.legal_moves[0]
            deadline = search_budget(request, budget_ms=cap, iterations=fixed).deadline()
            rng = random.Random(request_seed(seed, request))
            return module_boss.decide(request, deadline, rng, seen)
        memory = memories.setdefault(key, Memory(request.view["num_players"]))
        if len(request.legal_moves) == 1:
            memory.update(request.view)
            return request.legal_moves[0]
        deadline = search_budget(request, budget_ms=cap, iterations=fixed).deadline()
        rng = random.Random(request_seed(seed, request))
        return request.legal_moves[choose(*search(request, deadline, rng, memory))]

    return thinking(decide)  # a search: in-process players run it off the event loop
