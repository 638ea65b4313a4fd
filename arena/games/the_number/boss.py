"""The Number boss: a best response to a model of its opponents, from its view alone.

The game hides nothing but this turn's secret numbers, so what decides it is predicting them.
The boss models each opponent as the greedy reasoner (strategy.py) reading that opponent's own
view (all of it public at the turn's start), mixed with a uniform writer so that other kinds
of bots do not fool it; how much of each, the revealed turns say (greedy_shares). Every
iteration draws one profile, a number per opponent, from the model. Its own candidates are
the KEEP numbers with the best expected turn score against the first profiles (the
reasoner's bit-set evaluation). Each candidate is then played against every profile through
the engine (a state rebuilt from the view, belief.py), the rest of the round rolled out, and
scored by what decides the game, the standing: per opponent, the chance of finishing ahead of
it, a logistic of the points gap (secured points: crossed digits included) whose spread grows
with the turns left; once the game is over, the exact rank points. The best mean wins.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from arena.core.game import points_by_rank
from arena.core.players import DecisionRequest, Policy, Reply
from arena.games.the_number.belief import sample_state
from arena.games.the_number.rules import outcome, resolve, secured_total
from arena.games.the_number.state import DIGIT_MASK, NUMBER_TEXT, TURNS_PER_ROUND, TheNumberState
from arena.games.the_number.strategy import (
    _ALL,
    _SHARE,
    ReasonerConfig,
    _counts,
    _table,
    choose_number,
    outcome_counts,
)
from arena.search.budget import Budget, Deadline, search_budget
from arena.search.seeded import fixed_work, seeded_policy

MODEL_MIX = 0.2  # before any evidence, the share of an opponent's numbers drawn uniformly
REPDIGIT_GREEDY = 0.7  # how often the greedy reasoner writes a repdigit (measured: 253 of 360)
MAX_SHARE = 1 - MODEL_MIX  # evidence only lowers it: a uniform share keeps the model robust
KEEP = 40  # own numbers compared through the engine, the best by expected turn score
SPREAD = 3.0  # points of uncertainty in a gap, per square root of the turns left
FIRST = 8  # profiles that choose the candidates
RATING = 160  # cheap profiles added to them for the choice (the greedy reasoner's samples)
_CONFIG = ReasonerConfig()

Profile = tuple[int | None, ...]
"""One sampled turn: a number per seat (None for the deciding seat and for seats out)."""


def greedy_shares(view: Mapping[str, Any]) -> list[float]:
    """Per seat, the chance that it plays like the greedy reasoner rather than uniformly, after
    the revealed turns: greedy writes a repdigit (999, 777) REPDIGIT_GREEDY of the time, a
    uniform writer with k free digits 1/k^2 of the time, so each number is evidence."""
    odds = [(1 - MODEL_MIX) / MODEL_MIX] * view["num_players"]
    crossed = [0] * view["num_players"]
    crosses = ("approved", "eliminated") if view["eliminated_cross"] else ("approved",)
    for turn in view["history"]:
        if turn["turn"] == 1:
            crossed = [0] * view["num_players"]
        for s, entry in enumerate(turn["entries"]):
            if not entry["number"]:
                continue
            number = int(entry["number"])
            free = 10 - crossed[s].bit_count()
            if free > 1:
                uniform = 1 / (free * free)
                if number % 111 == 0:
                    odds[s] *= REPDIGIT_GREEDY / uniform
                else:
                    odds[s] *= (1 - REPDIGIT_GREEDY) / (1 - uniform)
            if entry["status"] in crosses:
                crossed[s] |= DIGIT_MASK[number]
    return [min(MAX_SHARE, o / (1 + o)) for o in odds]


def predicted(
    view: Mapping[str, Any], opponent: int, rng: random.Random, share: float = 1 - MODEL_MIX
) -> int:
    """One number the model expects `opponent` to write this turn: the greedy reasoner's on
    its view `share` of the time, else a uniform one."""
    if rng.random() >= share:
        return _uniform(view["players"][opponent]["crossed"], rng)
    return choose_number({**view, "seat": opponent}, rng, _CONFIG)


def _uniform(crossed: Sequence[int], rng: random.Random) -> int:
    pool = [d for d in range(10) if d not in crossed]
    return rng.choice(pool) * 100 + rng.choice(pool) * 10 + rng.choice(pool)


def profile(
    view: Mapping[str, Any], rng: random.Random, deadline: Deadline | None = None
) -> Profile | None:
    """One turn drawn from the opponent model: a number per opponent still in the round (None
    when `deadline`'s time runs out first: one opponent's prediction is a whole greedy run)."""
    seat = view["seat"]
    shares = greedy_shares(view)
    out: list[int | None] = []
    for s, p in enumerate(view["players"]):
        if deadline is not None and deadline.left_s() <= 0:
            return None
        out.append(None if s == seat or p["out"] else predicted(view, s, rng, shares[s]))
    return tuple(out)


def candidates(view: Mapping[str, Any], drawn: Sequence[Profile], rng: random.Random) -> list[int]:
    """The KEEP numbers the seat can write with the best expected score this turn (first
    digit, bonus, a point per digit crossed), best first, against the drawn profiles and
    RATING cheap ones: each opponent's number one of its drawn ones its greedy share of the
    time, else uniform (a few greedy runs say little about a uniform writer)."""
    table = _table(view, _CONFIG)
    seat = view["seat"]
    crossed = table.crossed[seat]
    shares = greedy_shares(view)
    extra = [
        tuple(
            None if n is None else n if rng.random() < shares[s]
            else _uniform(view["players"][s]["crossed"], rng)
            for s, n in enumerate(rng.choice(drawn))
        )
        for _ in range(RATING)
    ]  # fmt: skip
    others = [[n for s, n in enumerate(p) if n is not None and s != seat] for p in (*drawn, *extra)]
    approved, bonus = outcome_counts(table, _ALL & ~_SHARE[crossed], others)
    approved_counts, bonus_counts = _counts(approved), _counts(bonus)
    rated = []
    for n in range(1000):
        if not DIGIT_MASK[n] & crossed:
            gain = (n // 100) * table.multiplier + table.cross_value * DIGIT_MASK[n].bit_count()
            rated.append((-(approved_counts[n] * gain + bonus_counts[n] * table.bonus), n))
    rated.sort()
    return [n for _, n in rated[:KEEP]]


def standing(state: TheNumberState, seat: int, turns_left: int) -> float:
    """What a state is worth to `seat`: its rank points once the game is over, else its mean
    chance of finishing ahead of each opponent given the points gaps and the turns left."""
    done = outcome(state)
    if done is not None:
        return points_by_rank(done.ranks)[seat]
    mine = secured_total(state, seat)
    spread = SPREAD * math.sqrt(max(1, turns_left))
    others = [s for s in range(state.num_players) if s != seat]
    return sum(
        1.0 / (1.0 + math.exp((secured_total(state, s) - mine) / spread)) for s in others
    ) / len(others)


# The rollout policy's number per board: the highest free digit written three times (what the
# greedy reasoner mostly writes: one digit crossed a turn, the best first digit kept).
_REPDIGIT: tuple[int, ...] = tuple(
    max((111 * d for d in range(10) if not mask >> d & 1), default=-1) for mask in range(1024)
)


def rollout(state: TheNumberState) -> TheNumberState:
    """The rest of the round from `state` (a turn's start), every seat writing its highest free
    digit thrice: what a board left after this turn is still worth."""
    round_no = state.round
    while not state.over and state.round == round_no:
        pending = tuple(None if (n := _REPDIGIT[c]) < 0 else n for c in state.crossed)
        state = resolve(state, pending)
    return state


def decide(view: Mapping[str, Any], budget: Budget, rng: random.Random) -> int:
    """The number the boss writes under `budget`, an iteration being one profile drawn and
    every candidate played against it: the first FIRST profiles choose the candidates, then
    profiles are added until the budget is spent; the best mean standing wins (the better
    candidate by expected turn score on a tie)."""
    deadline = budget.deadline()
    drawn: list[Profile] = []
    while not drawn or (len(drawn) < FIRST and not deadline.spent(len(drawn))):
        # The first profile whatever the clock says: a decision needs one.
        if (more := profile(view, rng, deadline if drawn else None)) is None:
            break
        drawn.append(more)
    numbers = candidates(view, drawn, rng)
    seat = view["seat"]
    state = sample_state(view, rng)
    left = (view["rounds"] - view["round"]) * TURNS_PER_ROUND  # turns after this round
    totals = [0.0] * len(numbers)
    done = 0
    while True:
        turn = drawn[done]
        results = []
        for n in numbers:
            if done and deadline.left_s() <= 0:
                break  # out of time in the middle of a profile: it does not count
            pending = turn[:seat] + (n,) + turn[seat + 1 :]
            results.append(standing(rollout(resolve(state, pending)), seat, left))
        if len(results) < len(numbers):
            break
        totals = [t + r for t, r in zip(totals, results, strict=True)]
        done += 1
        if done == len(drawn):
            if deadline.spent(done) or (more := profile(view, rng, deadline)) is None:
                break
            drawn.append(more)
    return numbers[max(range(len(numbers)), key=lambda i: (totals[i], -i))]


def make_boss(
    seed: int | None = None,
    *,
    budget_ms: int | None = None,
    iterations: int | None = None,
    level_iterations: int | None = None,
) -> Policy:
    """The boss policy (the factory contract of arena/search/__init__.py); `level_iterations`
    is a level's own profiles per decision (None: as many as the clock allows)."""
    fixed = fixed_work(iterations, level_iterations)

    def think(request: DecisionRequest, decision_rng: random.Random) -> Reply:
        moves = request.legal_moves
        budget = search_budget(request, budget_ms=budget_ms, iterations=fixed)
        move = f"write {NUMBER_TEXT[decide(request.view, budget, decision_rng)]}"
        return move if move in moves else 0

    return seeded_policy(seed, think)


__all__ = ["candidates", "decide", "make_boss", "profile", "rollout", "standing"]
