"""The Hypnosia boss: expectimax over whole turns, deepened while its budget lasts, from the
seat's view only.

A decision is one die use, but the boss plans the whole turn: it rebuilds the position from
the view (belief.py: only the future dice are unknown), lists every way to play the dice that
are left (equal end positions once), and scores each end position by the evaluation
(evaluation.py). Then it deepens, one turn at a time (iterative deepening), the best
`WIDTH` plans: at depth 1, for each of the 21 rolls the next seat may throw, that seat plays
its turn (the reply model, `REPLY`) and the boss averages its evaluation over the rolls,
weighted by their chance; at depth 2 it also averages over its own next roll, answered by its
best whole turn. Each pass takes the plans in the order the pass before ranked them, so a pass
cut short by the deadline still compares the most promising plans at its depth. It plays the
first die use of the best plan at the deepest depth searched.

The search draws no chance of its own: a roll is forced by starting the engine's dice stream
at a value that throws it (`ROLLS`), so the same view and budget give the same move on
any machine in iteration mode; the seed only breaks exact ties.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from arena.core.chance import Stream
from arena.core.players import DecisionRequest, Policy, Reply, thinking
from arena.search.budget import Deadline, search_budget
from arena.search.seeded import fixed_work, request_seed

from . import evaluation
from .belief import state_from_view
from .rules import play
from .state import State

TIE = 1e-9
# Plans deepened, best static value first. With one turn of look-ahead against a die-by-die
# greedy reply, more did worse against greedy (82.5% wins with the best 5, 72.5% with the best
# 15, 40 games each; docs/bots/hypnosia.md): the more plans compete on a model of the
# opponent, the likelier one of them exploits the model rather than the opponent.
WIDTH = 5
MAX_DEPTH = 2  # turns looked at after the boss's own: the next seat's, then the one after
PLAN, GREEDY = "plan", "greedy"
# How the other seats play a turn in the search: PLAN, the best whole turn by their own
# evaluation (what the boss itself plays at depth 0), or GREEDY, die by die (the greedy bot).
REPLY = PLAN


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
    with a forced next roll (`parent` is the state before it). `deep[d - 1]` is its value
    with d more turns looked at."""

    first: str
    parent: State
    last: str
    end: State
    static: float
    deep: list[float] = field(default_factory=list)


Turn = tuple[State, str]
"""A turn as its last die use: the state before it, and the move."""


class _OutOfTime(Exception):
    """The deadline came in the middle of a plan's pass (internal to the search)."""


@dataclass(slots=True)
class _Work:
    """The turns searched so far in one decision, against its deadline."""

    deadline: Deadline
    turns: int = 0

    def next_turn(self) -> None:
        """Count one more turn searched, or stop the plan's pass when the budget is spent."""
        if self.deadline.spent(self.turns):
            raise _OutOfTime
        self.turns += 1


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


def greedy_turn(state: State) -> Turn | None:
    """The turn the seat to move plays die by die, each die to its own best evaluation."""
    mover = state.current
    following = (mover + 1) % state.num_players
    turn: Turn | None = None
    while not state.over and state.current == mover and state.moves:
        before = state
        best, best_move, best_value = before, "", float("-inf")
        for move in before.moves:
            after = play(before, mover, move)
            nxt = mover if _continues(before, after, mover) else following
            value = evaluation.evaluate(after, mover, nxt)
            if value > best_value:
                best, best_move, best_value = after, move, value
        turn, state = (before, best_move), best
        if not _continues(before, state, mover):
            break
    return turn


def turn_of(state: State, seat: int) -> Turn | None:
    """The turn the seat to move plays in the search: the boss's best plan for itself, the
    reply model's turn for another seat; None when it has nothing to play."""
    mover = state.current
    if mover != seat and REPLY == GREEDY:
        return greedy_turn(state)
    found = plans(state, mover)
    return (found[0].parent, found[0].last) if found else None


def _leaf(state: State, seat: int) -> float:
    return evaluation.evaluate(state, seat, seat if state.over else state.current)


def value_after(turn: Turn, seat: int, depth: int, work: _Work) -> float:
    """The value for `seat` of the position `turn` ends in, with `depth` more turns looked at:
    the average over the next roll (its 21 outcomes forced, weighted by chance)."""
    parent, last = turn
    mover = parent.current
    if depth == 0:
        return _leaf(play(parent, mover, last), seat)
    total = 0.0
    for chance, stream in ROLLS:
        state = play(parent._replace(stream=stream), mover, last)
        if state.over:
            total += chance * _leaf(state, seat)
            continue
        work.next_turn()
        reply = turn_of(state, seat)
        value = _leaf(state, seat) if reply is None else value_after(reply, seat, depth - 1, work)
        total += chance * value
    return total


def search(state: State, seat: int, deadline: Deadline) -> list[Plan]:
    """The plans of the turn, the best WIDTH deepened one turn more per pass, each pass in
    the order the pass before ranked them, while the deadline allows."""
    found = plans(state, seat)
    if len({p.first for p in found}) == 1:
        return found
    work = _Work(deadline)
    ranked = found[:WIDTH]
    for depth in range(1, MAX_DEPTH + 1):
        done = []
        for plan in ranked:
            try:
                plan.deep.append(value_after((plan.parent, plan.last), seat, depth, work))
            except _OutOfTime:
                return found
            done.append(plan)
        ranked = sorted(done, key=lambda p: -p.deep[-1])
    return found


def choose(found: list[Plan], rng: random.Random) -> str:
    """The first move of the best plan at the deepest depth any plan was searched to."""
    depth = max((len(p.deep) for p in found), default=0)
    pool = [(p.deep[-1] if depth else p.static, p.first) for p in found if len(p.deep) == depth]
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
    turn searched (a reply to one roll of the next seat, or the boss's own turn after it).
    `iterations` (else the level's `level_iterations`) fixes the work per decision,
    reproducible; else it thinks within the referee's clock, at most `budget_ms` (else the
    level's `level_cap_ms`, else 1 s)."""
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
