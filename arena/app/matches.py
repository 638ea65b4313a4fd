"""Matches: finding a stored one as an audience may see it, and its replay frame by frame.

A replay is the list of publicity frames (`arena.app.publicity.finished_frames`): the spectator's
position after every decision, computed where the record and its seed are. A server sends the
same frames over WatchMatch, so `replay --server` shows what `replay --db` shows.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from arena.app import owners
from arena.app.access import Caller
from arena.app.publicity import (
    Disclosure,
    Frame,
    FrameKind,
    TournamentState,
    disclose_match,
    finished_frames,
    frame_of,
)
from arena.app.reports import Audience
from arena.core.game import parse_options, replay
from arena.core.registry import get_game
from arena.core.values import MatchRecord, Outcome
from arena.errors import ForbiddenError
from arena.store import Store


@dataclass(frozen=True, slots=True)
class ReplayHeader:
    """Which match a replay shows: its game, players, options and seed (None: withheld)."""

    match_id: str
    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: int | None
    tournament_id: int | None = None


@dataclass(frozen=True, slots=True)
class Replay:
    """A finished match frame by frame (only its end when its moves are withheld)."""

    header: ReplayHeader
    frames: tuple[Frame, ...]
    moves_withheld: bool = False

    @property
    def outcome(self) -> Outcome | None:
        """The result, from the last frame."""
        return self.frames[-1].outcome if self.frames else None


def record_tournament(store: Store, record: MatchRecord) -> int | None:
    """The id of the tournament a stored match belongs to (None: outside any).

    Its matches row says so, never the record's free-form metadata: a record naming another
    (finished) tournament would otherwise have its own tournament's seed shown.
    """
    return store.match_tournament(record.match_id)


def tournament_state(store: Store, record: MatchRecord) -> TournamentState | None:
    """The (spec, status) of the tournament a stored match belongs to, if any."""
    tid = record_tournament(store, record)
    if tid is None:
        return None
    stored = store.tournament(tid)
    return stored.spec, stored.status


def disclosed_match(store: Store, match_id: str, audience: Audience) -> Disclosure:
    """A stored match as the audience may see it (UnknownMatchError if there is none)."""
    record = store.match(match_id)
    if audience is Audience.OWNER:
        return Disclosure(record)
    return disclose_match(record, tournament_state(store, record))


def disclosed_match_for(store: Store, match_id: str, caller: Caller | None) -> Disclosure:
    """A stored match as this caller may see it: whole for its tournament's owner or an admin
    (owners.reader_audience), else its public form (UnknownMatchError if there is none)."""
    record = store.match(match_id)
    tid = record_tournament(store, record)
    owner = store.tournament(tid).owner if tid is not None else None
    if owners.reader_audience(caller, owner) is Audience.OWNER:
        return Disclosure(record)
    return disclose_match(record, tournament_state(store, record))


def header_of(disclosure: Disclosure, tournament_id: int | None = None) -> ReplayHeader:
    """The replay header of a disclosed match."""
    record = disclosure.record
    return ReplayHeader(
        record.match_id,
        record.game,
        tuple(record.players),
        dict(record.options),
        None if disclosure.seed_withheld else record.seed,
        tournament_id,
    )


def stored_replay(
    store: Store, match_id: str, audience: Audience = Audience.OWNER, seat: int | None = None
) -> Replay:
    """A stored match's replay: the spectator's frames, or `seat`'s (the owner's view only:
    ForbiddenError for the public, whose every replay is the spectator's)."""
    if seat is not None and audience is not Audience.OWNER:
        raise ForbiddenError("a seat's own view of a match is shown only to the database's holder")
    record = store.match(match_id)
    tid = record_tournament(store, record)
    tournament = None
    if audience is Audience.PUBLIC and tid is not None:
        stored = store.tournament(tid)
        tournament = (stored.spec, stored.status)
    shown = Disclosure(record) if tournament is None else disclose_match(record, tournament)
    return record_replay(record, header_of(shown, tid), tournament, seat)


def record_replay(
    record: MatchRecord,
    header: ReplayHeader,
    tournament: TournamentState | None = None,
    seat: int | None = None,
) -> Replay:
    """The replay of a full record (its real seed), as `seat` sees it (None: a spectator)."""
    if seat is None:
        frames = finished_frames(record, tournament)
    else:
        frames = _seat_frames(record, seat)
    withheld = len(frames) == 1 and not frames[0].view_json
    return Replay(header, tuple(frames), moves_withheld=withheld)


def _seat_frames(record: MatchRecord, seat: int) -> list[Frame]:
    """The frames of a match as one seat saw it (its own view and picture)."""
    game = get_game(record.game)
    options = parse_options(game, dict(record.options))
    n = len(record.players)
    states = replay(game, n, options, record.seed, [(m.seat, m.move) for m in record.moves])
    frames = []
    for ply, state in enumerate(states):
        kind = FrameKind.START if ply == 0 else FrameKind.MOVE
        frame = frame_of(game, kind, state, record.moves[:ply], n)
        frames.append(_as_seat(frame, game, state, seat))
    end = frame_of(game, FrameKind.END, states[-1], record.moves, n, record.outcome)
    frames.append(_as_seat(end, game, states[-1], seat))
    return frames


def _as_seat(frame: Frame, game: Any, state: Any, seat: int) -> Frame:
    view = json.dumps(game.view(state, seat), sort_keys=True, separators=(",", ":"))
    return Frame(
        frame.kind,
        frame.ply,
        frame.move,
        view,
        game.render(state, seat),
        frame.time_used_ms,
        frame.outcome,
    )


__all__ = [
    "Replay",
    "ReplayHeader",
    "disclosed_match",
    "header_of",
    "record_tournament",
    "record_replay",
    "stored_replay",
    "tournament_state",
]
