"""Shared value types: seats, outcomes, terminations and match records."""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

Seat: TypeAlias = int
"""A seat at the table, 0-based, in play order from seat 0 clockwise."""


class Termination(enum.StrEnum):
    """Why a match ended."""

    NORMAL = "normal"  # the rules ended the game
    TURN_CAP = "turn_cap"  # the engine's safety cap ended it (scored by the rules)
    TIMEOUT = "timeout"  # a bot ran out of time
    ILLEGAL_MOVE = "illegal_move"  # a well-formed move that the rules forbid now
    UNPARSABLE = "unparsable"  # a reply that is not a move at all
    DISCONNECT = "disconnect"  # the bot's connection went away
    CRASH = "crash"  # the bot raised or its process died
    ABORTED = "aborted"  # the organizer or the server stopped the match

    @property
    def is_fault(self) -> bool:
        """True when a player caused the end (and ranks last for it)."""
        return self not in (Termination.NORMAL, Termination.TURN_CAP, Termination.ABORTED)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game, one entry per seat.

    ranks: 1 is best; tied seats share a rank (1, 1, 3).
    scores: the game's own score (tiles in grid, points ...).
    points: tournament points as the game's rules define them (else 1/0.5/0 by rank).
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    points: tuple[float, ...]
    termination: Termination = Termination.NORMAL
    offender: Seat | None = None
    detail: str = ""

    def __post_init__(self) -> None:
        n = len(self.ranks)
        if len(self.scores) != n or len(self.points) != n:
            raise ValueError("ranks, scores and points need one entry per seat")
        if self.offender is not None and not 0 <= self.offender < n:
            raise ValueError(f"offender seat {self.offender} out of range")

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats ranked first."""
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "points": list(self.points),
            "termination": self.termination.value,
            "offender": self.offender,
            "detail": self.detail,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        """Inverse of to_dict."""
        return cls(
            ranks=tuple(int(r) for r in data["ranks"]),
            scores=tuple(float(s) for s in data["scores"]),
            points=tuple(float(p) for p in data["points"]),
            termination=Termination(data.get("termination", "normal")),
            offender=data.get("offender"),
            detail=data.get("detail", ""),
        )


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One decision as the referee accepted it."""

    seat: Seat
    move: str
    elapsed_ms: float = 0.0  # wall time the bot took, as measured by the referee
    # The part of elapsed_ms put down to transport (a remote bot's last ping round trip) and
    # not charged to its clock; 0 for in-process players.
    transport_ms: float = 0.0


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """Everything needed to replay and score a match: (game, options, seed, moves)."""

    match_id: str
    game: str
    options: Mapping[str, Any]
    seed: int
    players: tuple[str, ...]  # player (bot) name per seat
    moves: tuple[MoveRecord, ...]
    outcome: Outcome
    started_at: float = 0.0
    finished_at: float = 0.0
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "match_id": self.match_id,
            "game": self.game,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "moves": [_move_row(m) for m in self.moves],
            "outcome": self.outcome.to_dict(),
            "started_at": self.started_at,
            "finished_at": self.finished_at,
            "metadata": dict(self.metadata),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MatchRecord:
        """Inverse of to_dict."""
        return cls(
            match_id=data["match_id"],
            game=data["game"],
            options=dict(data["options"]),
            seed=int(data["seed"]),
            players=tuple(data["players"]),
            moves=tuple(_move_of(row) for row in data["moves"]),
            outcome=Outcome.from_dict(data["outcome"]),
            started_at=float(data.get("started_at", 0.0)),
            finished_at=float(data.get("finished_at", 0.0)),
            metadata=dict(data.get("metadata", {})),
        )


def _move_row(m: MoveRecord) -> list[Any]:
    # [seat, move, elapsed]; the transport share is appended only when there is one, so
    # records without it read and write exactly as before.
    row: list[Any] = [m.seat, m.move, round(m.elapsed_ms, 3)]
    if m.transport_ms:
        row.append(round(m.transport_ms, 3))
    return row


def _move_of(row: Sequence[Any]) -> MoveRecord:
    seat, move, elapsed, *rest = row
    return MoveRecord(int(seat), str(move), float(elapsed), float(rest[0]) if rest else 0.0)
