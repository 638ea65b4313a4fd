"""The Hypnosia boss: expectimax over whole turns, from the seat's view only.

A decision is one die use, but the boss plans the whole turn: it rebuilds the position from
the view (belief.py: only the future dice are unknown), lists every way to play the dice that
are left (equal end positions once), and scores each end position by the evaluation
(evaluation.py). Then, for the best five plans while its budget lasts, it looks one turn
further: for each of the 21 rolls the next seat may throw, that seat answers die by die with
the evaluation from its own side, and the boss averages its evaluation over the rolls,
weighted by their chance. It plays the first die use of the best turn so searched.

The search draws no chance of its own: a roll is forced by starting the engine's dice stream
at a value that throws it (`ROLLS`), so the same view and budget give the same move on
any machine in iteration mode; the seed only breaks exact ties.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from arena.core.chance import Stream
from arena.core.players import DecisionRequest, Policy, Reply, thinking
from arena.search.budget import Deadline, search_budget
from arena.search.seeded import fixed_work, request_seed

from . import evaluation
from .belief import state_from_view
from .rules import play
from .state import State

TIE = 1e-9
# Plans looked one turn further, best static value first: more did worse against greedy (82.5%
# wins with the best 5, 72.5% with the best 15, 40 games each; docs/bots/hypnosia.md): the
# greedy reply is only a model, and the more plans compete on it the likelier one exploits it.
MAX_DEEP_PLANS = 5


def _stream_rolling(a: int, b: int) -> Stream:
    """The first stream value (from 0) whose next roll is (a, b)."""
    value = 0
    while Stream(value).dice_pair()[0] != (a, b):
        value += 1
    return Stream(value)


# The 21 distinct rolls with their chance, and a stream value that throws each.
ROLLS: tuple[tuple[float, Stream], ...] = tuple(
    ((1 if a == b else 2) / 36, _stream_rolling(a, b)) for a in range(1, 7) for b in range(a, 7)
)


@dataclass(slots=True)
class Plan:
    """One way to play the rest of the turn: its first move, and the last die use replayed
    with a forced next roll (`parent` is the state before it)."""

    first: str
    parent: State
    last: str
    end: State
    static: float
    deep: float | None = None


def _continues(before: State, after: State, seat: int) -> bool:
    """Whether `after` is still `seat`'s turn, with one die fewer than `before`."""
    return not after.over and after.current == seat and len(after.left) == len(before.left) - 1


def plans(state: State, seat: int) -> list[Plan]:
    """Every distinct end position of `seat`'s turn, by static value (best first)."""
    found: dict[tuple[object, ...], Plan] = {}
    for first in state.moves:
        after = play(state, seat, first)
        steps = [(state, first, after)]
        if _continues(state, after, seat):
            steps = [(after, m, play(after, seat, m)) for m in after.moves]
        for parent, last, end in steps:
            key = (end.cells, end.start, end.centre, end.gained, end.lost)
            if key not in found:
                value = evaluation.evaluate(end, seat, (seat + 1) % state.num_players)
                found[key] = Plan(first, parent, last, end, value)
    return sorted(found.values(), key=lambda p: -p.static)


def _reply(state: State, seat: int) -> State:
    """The seat to move plays its turn die by die, each die to its own best evaluation."""
    mover = state.current
    following = (mover + 1) % state.num_players
    while not state.over and state.current == mover and state.moves:
        before = state
        best, best_value = None, float("-inf")
        for move in before.moves:
            after = play(before, mover, move)
            nxt = mover if _continues(before, after, mover) else following
            value = evaluation.evaluate(after, mover, nxt)
            if value > best_value:
                best, best_value = after, value
        assert best is not None
        state = best
        if not _continues(before, state, mover):
            break
    return state


def deepen(plan: Plan, seat: int, deadline: Deadline, spent: int) -> float | None:
    """The plan's value averaged over the next seat's rolls, that seat answering greedily;
    None when the deadline comes first (`spent`: the rolls looked at before this plan)."""
    total = 0.0
    for n, (chance, stream) in enumerate(ROLLS):
        if deadline.spent(spent + n):
            return None
        end = play(plan.parent._replace(stream=stream), seat, plan.last)
        if not end.over and end.current != seat:
            end = _reply(end, seat)
        mover = end.current if not end.over else seat
        total += chance * evaluation.evaluate(end, seat, mover)
    return total


def search(state: State, seat: int, deadline: Deadline) -> list[Plan]:
    """The plans of the turn, the best MAX_DEEP_PLANS deepened best first while the deadline
    allows."""
    found = plans(state, seat)
    if len({p.first for p in found}) == 1:
        return found
    spent = 0
    for plan in found[:MAX_DEEP_PLANS]:
        plan.deep = deepen(plan, seat, deadline, spent)
        if plan.deep is None:
            break
        spent += len(ROLLS)
    return found


def choose(found: list[Plan], rng: random.Random) -> str:
    """The first move of the best plan: by deepened value where any, else by static value."""
    deep = [(p.deep, p.first) for p in found if p.deep is not None]
    pool = deep or [(p.static, p.first) for p in found]
    best = max(v for v, _ in pool)
    firsts = sorted({first for v, first in pool if v >= best - TIE})
    return firsts[0] if len(firsts) == 1 else rng.choice(firsts)


def make_boss(
    seed: int | None = None,
    *,
    budget_ms: int | None = None,
    iterations: int | None = None,
    level_iterations: int | None = None,
    level_cap_ms: int | None = None,
) -> Policy:
    """The boss policy (the factory contract of arena/search/__init__.py): an iteration is one
    roll of the next seat looked at. `iterations` (else the level's `level_iterations`) fixes
    the work per decision, reproducible; else it thinks within the referee's clock, at most
    `budget_ms` (else the level's `level_cap_ms`, else 1 s)."""
    fixed = fixed_work(iterations, level_iterations)
    cap = budget_ms if budget_ms is not None else level_cap_ms

    def decide(request: DecisionRequest) -> Reply:
        if len(request.legal_moves) == 1:
            return request.legal_moves[0]
        deadline = search_budget(request, budget_ms=cap, iterations=fixed).deadline()
        rng = random.Random(request_seed(seed, request))
        state = state_from_view(request.view, rng)
        return choose(search(state, request.seat, deadline), rng)

    return thinking(decide)  # a search: in-process players run it off the event loop
