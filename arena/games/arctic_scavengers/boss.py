"""The Arctic Scavengers boss: determinized Monte Carlo search from the seat's view only.

At each decision with a choice, the boss deals the cards it cannot see (belief.py: what the
public events of the match revealed, then consistent random deals), tries every legal move in
each deal, plays the rest of the round out with a fast rule-based policy for every seat (the
greedy bot's rules, on the engine state), and scores the start of the next round by how much
each seat's cards are worth for the rest of the game (people now, and per card kind a value
fitted from self-play for the rounds left: bench/train_arctic_scavengers_eval.py). Every move
is tried in the same deals with the same rollout streams, so the comparison is fair; the move
with the best mean margin over the best opponent wins.
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable, Sequence

from arena.players import DecisionRequest, Policy, Reply
from arena.search.budget import Budget, Deadline, iteration_budget, time_budget

from . import rules
from .belief import Memory, sample
from .cards import (
    CARD_BY_ID,
    CARD_KIND,
    FIGHT,
    IS_GROUP_LEADER,
    KINDS,
    MEDICINE,
    MERCENARY_KINDS,
    NUM_CARDS,
    PEOPLE,
    STATS,
)
from .gathering import affordable, paid_enough
from .notation import (
    ADD_TEXT,
    DONE_TEXT,
    END_TEXT,
    GO_TEXT,
    HIRE_TEXT,
    KEEP_NONE_TEXT,
    KEEP_TEXT,
    OPEN_TEXT,
    PAY_TEXT,
)
from .skirmish import declarations
from .state import (
    A_DIG,
    A_DRAW,
    A_HIRE,
    A_HUNT,
    A_TRASH,
    BUILD,
    DECLARE,
    GATHER,
    KEEP,
    OVER,
    State,
)
from .strategy import _EARLY, _GATHER_CODES, CARD_VALUE

# ---- the rollout policy: the greedy bot's rules on the engine state ----

_VALUE = tuple(CARD_VALUE[KINDS[CARD_KIND[c]].code] for c in range(NUM_CARDS))
_KIND_VALUE = {k: CARD_VALUE.get(KINDS[k].code, 0.0) for k in MERCENARY_KINDS}


def _codes_table(codes: set[str]) -> tuple[bool, ...]:
    return tuple(KINDS[CARD_KIND[c]].code in codes for c in range(NUM_CARDS))


# _PLAN[action][early]: may the card be played for the action (strategy._GATHER_CODES).
_ACTION = {"draw": A_DRAW, "hunt": A_HUNT, "dig": A_DIG, "trash": A_TRASH}
_PLAN = {
    _ACTION[name]: (_codes_table(late), _codes_table(early))
    for name, (late, early) in _GATHER_CODES.items()
}


def _strength(card: int, shovel_dig: int) -> float:
    """strategy._strength on a card index: how much removing it hurts in a skirmish."""
    stats = STATS[2]  # the greedy bot reads the default Shovel's statistics
    kind = KINDS[CARD_KIND[card]]
    fight = stats.printed[FIGHT][card] or 0
    return fight + stats.bonus[FIGHT][card] + kind.people / 2 + 2 * kind.group_leader


_STRENGTH = tuple(_strength(c, 2) for c in range(NUM_CARDS))


def _planned(state: State, action: int) -> list[int]:
    """The hand's cards the rules play for `action`, in hand order."""
    table = _PLAN[action][state.round < _EARLY]
    return [c for c in state.players[state.current].hand if table[c]]


def _gather(state: State) -> str:
    used = state.used
    for action in (A_DRAW, A_HUNT):
        if not used >> action & 1:
            cards = _planned(state, action)  # every planned card may open its action
            if cards:
                return OPEN_TEXT[action][cards[0]]
    if not used >> A_HIRE & 1:
        medicine = sum(MEDICINE[c] for c in state.players[state.current].hand)
        best, best_value = "", float("-inf")
        for kind, stack in zip(MERCENARY_KINDS, state.stacks, strict=True):
            if stack and affordable(kind, state.food, medicine) and _KIND_VALUE[kind] > best_value:
                best, best_value = HIRE_TEXT[kind], _KIND_VALUE[kind]
        if best:
            return best
    for action in (A_DIG, A_TRASH):
        if not used >> action & 1:
            cards = _planned(state, action)
            if cards:
                return OPEN_TEXT[action][cards[0]]
    return END_TEXT


def _build(state: State) -> str:
    chosen = state.chosen
    if state.action == A_HIRE:
        if paid_enough(state.hire_kind, state.food, sum(MEDICINE[c] for c in chosen)):
            return GO_TEXT
        pays = [c for c in state.players[state.current].hand if MEDICINE[c] and c not in chosen]
        return PAY_TEXT[min(pays, key=_VALUE.__getitem__)]
    for card in _planned(state, state.action):
        if card not in chosen:
            return ADD_TEXT[card]
    return GO_TEXT


def _keep(state: State) -> str:
    best = max(state.dug, key=_VALUE.__getitem__)
    return KEEP_TEXT[best] if _VALUE[best] > -0.1 else KEEP_NONE_TEXT


def _declare(state: State) -> str:
    targets = declarations(state, state.current)
    if not targets:
        return DONE_TEXT
    return max(targets, key=lambda m: _STRENGTH[CARD_BY_ID[m.split()[2]]])


def rule_move(state: State) -> str:
    """The greedy bot's move (strategy.greedy_move) computed on the engine state: the same
    rules, without a view and without listing the legal moves."""
    phase = state.phase
    if phase == GATHER:
        return _gather(state)
    if phase == BUILD:
        return _build(state)
    if phase == KEEP:
        return _keep(state)
    return _declare(state)


def kind_counts(state: State, seat: int) -> list[int]:
    """How many cards of each kind `seat` owns (deck, discard, hand and force)."""
    counts = [0] * len(KINDS)
    for zone in state.players[seat]:
        for c in zone:
            counts[CARD_KIND[c]] += 1
    return counts


# ---- the search ----

DEFAULT_CAP_MS = 1000  # the boss's own limit per decision when the clock allows more
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


def search_move(
    state: State, seat: int, legal: Sequence[str], rng: random.Random, simulations: int = 8
) -> str:
    """The best move in one known state (for training data: no belief, a few rollouts)."""
    values = [0.0] * len(legal)
    for _ in range(simulations):
        stream = state.stream.__class__(rng.getrandbits(64))
        for i, move in enumerate(legal):
            after = rules.play(state._replace(stream=stream), seat, move)
            values[i] += _rollout(after, seat, 99)
    return legal[max(range(len(legal)), key=values.__getitem__)]


def search(
    request: DecisionRequest,
    deadline: Deadline,
    rng: random.Random,
    memory: Memory,
    horizon: int,
) -> list[float]:
    """Mean margin of every legal move over deals of the hidden cards, until the deadline."""
    view, seat, legal = request.view, request.seat, request.legal_moves
    memory.update(view)
    totals = [0.0] * len(legal)
    deals = done = 0
    while not deals or not deadline.spent(done):
        state = sample(view, rng, memory, updated=True)
        stream = state.stream
        until = state.round + horizon
        for i, move in enumerate(legal):
            after = rules.play(state._replace(stream=stream), seat, move)
            totals[i] += _rollout(after, seat, until)
            done += 1
        deals += 1
    return [t / deals for t in totals]


def _request_seed(seed: int | None, request: DecisionRequest) -> int:
    """A per-decision seed from the bot's seed and what it was asked (not from its history)."""
    text = json.dumps([request.view, request.legal_moves], sort_keys=True)
    return zlib.crc32(text.encode(), seed or 0)


def make_boss(
    seed: int | None = None,
    *,
    budget_ms: int | None = None,
    iterations: int | None = None,
    horizon: int = 99,
) -> Policy:
    """The boss: `iterations` fixes the work per decision (rollouts, reproducible); else it
    thinks within the referee's clock, at most `budget_ms` (default 1 s). `horizon`: rounds
    played out after the current one (99: to the end of the game)."""
    cap = DEFAULT_CAP_MS if budget_ms is None else budget_ms
    memories: dict[tuple[str, int], Memory] = {}

    def budget(request: DecisionRequest) -> Budget:
        if iterations is not None:
            return iteration_budget(iterations)
        return time_budget(request.budget_ms, request.bank_ms, cap_ms=cap)

    def decide(request: DecisionRequest) -> Reply:
        key = (request.match_id, request.seat)
        memory = memories.setdefault(key, Memory(request.view["num_players"]))
        if len(request.legal_moves) == 1:
            memory.update(request.view)
            return request.legal_moves[0]
        deadline = budget(request).deadline()
        rng = random.Random(_request_seed(seed, request))
        values = search(request, deadline, rng, memory, horizon)
        best = max(values)
        return request.legal_moves[values.index(best)]

    return decide


def level(iterations: int | None, budget_ms: int | None) -> Callable[..., Policy]:
    """A named level: the boss with these defaults (the caller's own settings win)."""

    def factory(
        seed: int | None = None,
        *,
        budget_ms: int | None = budget_ms,
        iterations: int | None = iterations,
    ) -> Policy:
        return make_boss(seed, budget_ms=budget_ms, iterations=iterations)

    return factory


LEVELS: dict[str, Callable[..., Policy]] = {
    "boss": level(None, None),
    "boss:1": level(50, None),
    "boss:2": level(200, None),
    "boss:3": level(None, 300),
}
