"""What is public about a match or a tournament: decided here, asked by every front end.

A deal is hidden information. Every match seed of a tournament follows from its seed, so the
tournament seed stays secret until the tournament is finished; so does each match's seed. With
duplicate deals, the moves of one seating tell the deal of the seatings still to play, so those
stay secret too until the tournament is finished. A match outside any tournament is public once
it is over (the organizer chose its seed).

While a match is played, a spectator sees the game's view for no seat after each public event,
and nothing more (a simultaneous decision's pending choices are held back by the referee until
every seat has decided). A live match of a duplicate-deal tournament shows no moves and no
position until its tournament is finished, for the same reason its record hides them.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from arena.core.game import Game, parse_options, replay
from arena.core.registry import get_game
from arena.core.values import MatchRecord, MoveRecord, Outcome
from arena.tournament.schedule import Deals, Status, TournamentSpec

TournamentState = tuple[TournamentSpec, Status]


@dataclass(frozen=True, slots=True)
class Disclosure:
    """A record as it may be shown now, and what was withheld from it."""

    record: MatchRecord
    seed_withheld: bool = False
    moves_withheld: bool = False


def tournament_is_public(status: Status) -> bool:
    """Whether a tournament's seed (and so every deal) may be shown."""
    return status is Status.FINISHED


def disclose_match(record: MatchRecord, tournament: TournamentState | None) -> Disclosure:
    """The public form of a finished match; `tournament` is its (spec, status) if it has one."""
    if tournament is None:
        return Disclosure(record)
    if tournament_is_public(tournament[1]):
        return Disclosure(record)
    hide_moves = not moves_public(tournament)
    # While the seed is withheld the moves are shown as the public saw them played: a move's
    # text may name what only its mover knew (a kept card), until the whole record is public.
    moves = () if hide_moves else public_record_moves(record)
    shown = replace(record, seed=0, moves=moves)
    return Disclosure(shown, seed_withheld=True, moves_withheld=hide_moves)


def public_record_moves(record: MatchRecord) -> tuple[MoveRecord, ...]:
    """A finished match's moves as everyone but their movers saw them (replayed from its seed)."""
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    pairs = [(m.seat, m.move) for m in record.moves]
    states = replay(game, len(record.players), options, record.seed, pairs)
    return public_moves(game, states, record.moves)


def moves_public(tournament: TournamentState | None) -> bool:
    """Whether the moves and positions of a match (live or finished) may be shown now."""
    if tournament is None:
        return True
    spec, status = tournament
    return tournament_is_public(status) or spec.deals is not Deals.DUPLICATE


class FrameKind(enum.Enum):
    """What a spectator frame reports."""

    START = "start"
    MOVE = "move"
    END = "end"


@dataclass(frozen=True, slots=True)
class Frame:
    """One public moment of a match: the event and the position a spectator sees after it."""

    kind: FrameKind
    ply: int
    move: MoveRecord | None
    view_json: str  # canonical JSON of the game's view for no seat ("" when withheld)
    board: str  # the game's text picture of that position for a spectator
    time_used_ms: tuple[float, ...]
    outcome: Outcome | None = None


def spectator_json(game: Game[Any, Any], state: Any) -> str:
    """The spectator view of a position as canonical JSON: all a watcher is ever sent."""
    return json.dumps(game.view(state, None), sort_keys=True, separators=(",", ":"))


def frame_of(
    game: Game[Any, Any],
    kind: FrameKind,
    state: Any,
    moves: Sequence[MoveRecord],
    num_players: int,
    outcome: Outcome | None = None,
) -> Frame:
    """The spectator frame after `moves` led to `state` (the last move is the event's)."""
    used = [0.0] * num_players
    for m in moves:
        used[m.seat] += m.elapsed_ms
    return Frame(
        kind,
        len(moves),
        moves[-1] if kind is FrameKind.MOVE and moves else None,
        spectator_json(game, state),
        game.render(state, None),
        tuple(used),
        outcome,
    )


def withheld_end(record: MatchRecord) -> Frame:
    """The only frame of a match whose moves are withheld: its outcome, no position."""
    return Frame(FrameKind.END, 0, None, "", "", (0.0,) * len(record.players), record.outcome)


def finished_frames(record: MatchRecord, tournament: TournamentState | None) -> list[Frame]:
    """Every public frame of a finished match, replayed from its record (the seed stays here)."""
    if not moves_public(tournament):
        return [withheld_end(record)]
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    n = len(record.players)
    states = replay(game, n, options, record.seed, [(m.seat, m.move) for m in record.moves])
    shown = public_moves(game, states, record.moves)
    frames = [frame_of(game, FrameKind.START, states[0], (), n)]
    for ply in range(1, len(states)):
        frames.append(frame_of(game, FrameKind.MOVE, states[ply], shown[:ply], n))
    frames.append(frame_of(game, FrameKind.END, states[-1], shown, n, record.outcome))
    return frames


def public_moves(
    game: Game[Any, Any], states: Sequence[Any], moves: Sequence[MoveRecord]
) -> tuple[MoveRecord, ...]:
    """The moves as everyone but their movers sees them: each move's text as the game makes
    it public (`public_move`, from the position before it), its seat and time kept."""
    return tuple(
        replace(m, move=game.public_move(states[ply], m.seat, m.move))
        for ply, m in enumerate(moves)
    )
