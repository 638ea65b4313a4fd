"""The policy shell the bosses share: one seed per match, one generator per decision."""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply, thinking
from arena.search.budget import Deadline, search_budget

Decide = Callable[[DecisionRequest, random.Random], Reply]
# search(view, legal moves, deadline, rng) -> (the move, its verdict, the candidates compared)
ViewSearch = Callable[
    [Mapping[str, Any], Sequence[str], Deadline, random.Random], tuple[Reply, Any, Any]
]


def seeded_policy(seed: int | None, decide: Decide) -> Policy:
    """A policy that draws a fresh generator from `seed` for every decision and answers a forced
    move (one legal move) at once without calling `decide`.

    The generator is drawn even for a forced move, so a match replays with the same draws
    whatever the clock let the search do on earlier decisions. It is marked `thinking`: an
    in-process player runs it on a worker thread, off the event loop.
    """
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        decision_rng = random.Random(rng.getrandbits(64))
        if len(request.legal_moves) == 1:
            return 0
        return decide(request, decision_rng)

    return thinking(choose)


def view_search_policy(
    search: ViewSearch,
    seed: int | None,
    *,
    budget_ms: int | None,
    iterations: int | None,
    level_iterations: int | None,
) -> Policy:
    """A boss (the factory contract of arena/search/__init__.py) whose `search` reads the view
    and the legal moves and answers by a deadline: the referee's clock or `budget_ms` (less
    the headroom of budget.search_budget), or the caller's `iterations`, else the level's."""
    fixed = fixed_work(iterations, level_iterations)

    def think(request: DecisionRequest, decision_rng: random.Random) -> Reply:
        deadline = search_budget(request, budget_ms=budget_ms, iterations=fixed).deadline()
        return search(request.view, request.legal_moves, deadline, decision_rng)[0]

    return seeded_policy(seed, think)


def view_search_boss(search: ViewSearch) -> Callable[..., Policy]:
    """The boss factory (`make_boss`, the contract of arena/search/__init__.py) of a game whose
    boss is one view search (`view_search_policy`): a level's `level_iterations` are its own
    iterations per decision (None: as many as the clock allows)."""

    def make_boss(
        seed: int | None = None,
        *,
        budget_ms: int | None = None,
        iterations: int | None = None,
        level_iterations: int | None = None,
    ) -> Policy:
        return view_search_policy(
            search, seed, budget_ms=budget_ms, iterations=iterations,
            level_iterations=level_iterations,
        )  # fmt: skip

    return make_boss


def fixed_work(iterations: int | None, level_iterations: int | None) -> int | None:
    """The iterations a decision is bound to: the caller's, else the level's (None: the clock)."""
    return iterations if iterations is not None else level_iterations


def request_seed(seed: int | None, request: DecisionRequest) -> int:
    """A per-decision seed from the bot's seed and what it was asked (not from its history), for
    a boss whose draws must not depend on the decisions before (it keeps a memory instead)."""
    text = json.dumps([request.view, request.legal_moves], sort_keys=True)
    return zlib.crc32(text.encode(), seed or 0)
