"""The Player protocol the referee talks to, and in-process players."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from arena.core.values import MatchRecord, Seat


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """What a player learns when a match starts."""

    match_id: str
    game: str
    options: Mapping[str, Any]
    seat: Seat
    players: tuple[str, ...]
    per_move_ms: int | None = None  # the match clock: budget per decision (None: unlimited)
    bank_ms: int | None = None  # time bank each seat starts with
    bot_seed: int = 0  # for the bot's own random choices (never the deal's seed)


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    """One decision asked of one seat: the same shape in-process and over the wire."""

    match_id: str
    request_id: int
    game: str
    seat: Seat
    view: Mapping[str, Any]  # game.view(state, seat)
    legal_moves: tuple[str, ...]
    budget_ms: int | None = None  # time for this decision before the bank is used
    bank_ms: int | None = None  # time bank left
    bot_seed: int = 0  # this seat's seed for its own choices in this match (MatchStarted's)


Reply = str | int
"""A move string, or an index into the request's legal moves."""

Policy = Callable[[DecisionRequest], Reply]
"""A bot's brain: given a request, choose a move."""


class Player(Protocol):
    """Anything that can sit at a table: an in-process policy or a remote bot."""

    name: str

    async def start(self, info: MatchInfo) -> None:
        """Called once before the first decision of a match."""
        ...

    async def decide(self, request: DecisionRequest) -> Reply:
        """Choose a move; raising means the player crashed (adjudicated as a fault)."""
        ...

    async def finish(self, record: MatchRecord) -> None:
        """Called once when the match is over, whatever ended it."""
        ...


THINKING = "arena_thinking"  # the attribute that marks a policy thinking within its budget


def thinking(policy: Policy) -> Policy:
    """Mark `policy` as one that thinks within its time budget (a search), for in-process
    players to run it off the event loop."""
    setattr(policy, THINKING, True)
    return policy


def random_policy(seed: int | None = None) -> Policy:
    """A policy that picks uniformly among the legal moves, from its own seeded stream."""
    rng = random.Random(seed)

    def choose(request: DecisionRequest) -> Reply:
        return rng.choice(request.legal_moves)

    return choose


def first_move_policy(request: DecisionRequest) -> Reply:
    """A policy that always plays the first legal move (deterministic, for tests)."""
    return request.legal_moves[0]


def scripted_policy(moves: Sequence[Reply]) -> Policy:
    """A policy that replies with the given moves in order (for tests)."""
    queue = list(moves)

    def choose(request: DecisionRequest) -> Reply:
        if not queue:
            raise RuntimeError("scripted policy ran out of moves")
        return queue.pop(0)

    return choose
