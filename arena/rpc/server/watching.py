"""Spectators of live matches: one feed per match being played, bounded queues per watcher.

The referee's event hook turns each public event into a frame (`arena.app.publicity` decides what a
frame may hold) and the feed hands it to every watcher without ever waiting: a watcher whose
queue overflows is dropped, so a slow watcher never slows a match. A feed keeps its frames for
late watchers to catch up, and stays a little after its match ends so a watcher arriving
between the end and the stored record still finds it.
"""

from __future__ import annotations

import asyncio
import enum
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from arena.app.publicity import Frame, FrameKind, frame_of, withheld_end
from arena.core.game import Game
from arena.core.values import MatchRecord, MoveRecord
from arena.match.clock import Clock
from arena.match.referee import EventSink, MatchEvent
from arena.rpc.wire.convert import clock_settings_to_pb, options_to_pb, outcome_to_pb
from arena.v1 import arena_pb2 as pb

RECENT_FEEDS = 64  # ended feeds kept until their record is surely stored
MAX_DELAY_MS = 3_600_000  # a broadcast delay of at most an hour

_FRAME_KINDS = {"start": FrameKind.START, "move": FrameKind.MOVE}  # else the end
_KIND_TO_PB = {
    FrameKind.START: pb.UPDATE_KIND_START,
    FrameKind.MOVE: pb.UPDATE_KIND_MOVE,
    FrameKind.END: pb.UPDATE_KIND_END,
}


@dataclass(frozen=True, slots=True)
class WatchSettings:
    """Bounds on spectators, shared by every feed of a server."""

    max_queued: int = 1024  # updates waiting for one watcher beyond this drop that watcher
    send_timeout_s: float = 10.0  # a write to a watcher stalled this long drops it
    max_watchers: int = 1000  # watch streams open at once on the whole server
    # ...and from one client address: one client can never crowd out the others. The server's
    # own web pages (`serve --web`) relay every viewer over one stream per match and count only
    # against the total.
    max_watchers_per_client: int = 64
    tournament_poll_s: float = 2.0  # WatchTournament also re-reads the database this often


@dataclass(frozen=True, slots=True)
class MatchHeader:
    """What every update of a match repeats: game, options, players, clock, tournament."""

    match_id: str
    game: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    clock: Clock | None
    tournament_id: int | None = None


def update_of(header: MatchHeader, frame: Frame, *, live: bool) -> pb.MatchUpdate:
    """The MatchUpdate message of one frame."""
    msg = pb.MatchUpdate(
        kind=_KIND_TO_PB[frame.kind],
        match_id=header.match_id,
        game=header.game,
        options=options_to_pb(header.options),
        players=header.players,
        ply=frame.ply,
        view_json=frame.view_json,
        board=frame.board,
        time_used_ms=frame.time_used_ms,
        live=live,
        moves_withheld=not frame.view_json,
    )
    if frame.move is not None:
        m = frame.move
        msg.move.CopyFrom(pb.MoveRecord(seat=m.seat, move=m.move, elapsed_ms=m.elapsed_ms))
    if header.clock is not None and header.clock.per_move_ms is not None:
        msg.clock.CopyFrom(clock_settings_to_pb(header.clock))
    if frame.outcome is not None:
        msg.outcome.CopyFrom(outcome_to_pb(frame.outcome))
    return msg


def add_clocks(
    update: pb.MatchUpdate, banks: Sequence[float | None], deciding: Sequence[int], unix_ms: int
) -> None:
    """What a countdown needs: each seat's bank left, who decides now, and since when."""
    if banks and all(b is not None for b in banks):
        update.bank_left_ms.extend(max(0.0, float(b or 0.0)) for b in banks)
    update.deciding.extend(deciding)
    update.server_unix_ms = unix_ms


class EndKind(enum.Enum):
    """Why a watch stream ends before its match's end (each has its own status)."""

    CANCELLED = "cancelled"  # the match was cancelled: it has no end to show
    STOPPING = "stopping"  # this server is shutting down
    GONE = "gone"  # the worker playing the match is gone


SHUTTING_DOWN = "the server is shutting down; watch again once it is back"


@dataclass(eq=False)
class Watcher:
    """One watch stream's queue: filled by the feed without waiting, drained by its writer."""

    max_queued: int
    queue: asyncio.Queue[tuple[float, pb.MatchUpdate] | None] = field(default_factory=asyncio.Queue)
    dropped: str = ""
    ended: tuple[EndKind, str] | None = None  # ended early, and why (None: not, or normally)
    ending: asyncio.Event = field(default_factory=asyncio.Event)  # set with `ended`

    def end(self, kind: EndKind, why: str) -> None:
        """End this watcher before its match's end, saying why (its writer then stops)."""
        if not self.dropped and self.ended is None:
            self.ended = (kind, why)
            self.ending.set()
        self.queue.put_nowait(None)

    def offer(self, item: tuple[float, pb.MatchUpdate] | None) -> bool:
        """Queue an update (None: the end); False, and the watcher dropped, on overflow."""
        if self.dropped:
            return False
        if item is not None and self.queue.qsize() >= self.max_queued:
            self.dropped = f"{self.queue.qsize()} updates waiting: this watcher reads too slowly"
            self.queue.put_nowait(None)  # wakes the writer, which then stops
            return False
        self.queue.put_nowait(item)
        return True


@dataclass(slots=True)  # not frozen: one is made on every decision, and frozen ones cost 5x
class _Moment:
    """One public event as the referee reported it; its update is built when first needed
    (never changed once made)."""

    at: float  # monotonic time of the event
    kind: FrameKind
    state: Any  # the position after it (states are immutable: keeping one is free)
    plies: int  # decisions applied by then
    record: MatchRecord | None = None  # on the end
    banks_ms: tuple[float | None, ...] = ()  # each seat's bank left then
    deciding: tuple[int, ...] = ()  # who decides from then on
    unix_ms: int = 0  # when, on the server's wall clock


class MatchFeed:
    """A match being played: its public events so far (for late watchers) and its watchers.

    Updates (view, picture) are built only when someone watches: a match nobody follows pays
    for one list append per event.
    """

    def __init__(self, header: MatchHeader, game: Game[Any, Any], public: bool) -> None:
        self.header = header
        self.game = game
        self.public = public  # moves and positions may be shown while it is played
        self.moments: list[_Moment] = []
        self.updates: list[tuple[float, pb.MatchUpdate]] = []  # built for moments[:len]
        self.watchers: set[Watcher] = set()
        self.moves: list[MoveRecord] = []  # as shown, made from `_plays` when first needed
        self._plays: list[tuple[int, str, float]] = []  # (seat, move as shown, elapsed ms)
        self.ended = False

    def on_event(self, event: MatchEvent) -> None:
        """The referee's hook: one public event, offered to every watcher."""
        if event.kind == "move" and event.seat is not None and event.move is not None:
            shown = event.public_move if event.public_move is not None else event.move
            self._plays.append((event.seat, shown, event.elapsed_ms))
        ended = event.kind == "end"
        if self.public or ended:  # a withheld match shows its end only
            moment = _Moment(
                time.monotonic(),
                _FRAME_KINDS.get(event.kind, FrameKind.END),
                event.state,
                len(self._plays),
                event.record,
                event.banks_ms,
                event.deciding,
                int(time.time() * 1000),
            )
            self.moments.append(moment)
            if self.watchers:
                item = self._built()[-1]
                for watcher in list(self.watchers):
                    if not watcher.offer(item):
                        self.watchers.discard(watcher)
        if ended:
            self.ended = True
            for watcher in self.watchers:
                watcher.offer(None)
            self.watchers.clear()

    def _built(self) -> list[tuple[float, pb.MatchUpdate]]:
        """Every update so far, building those not built yet."""
        n = len(self.header.players)
        self.moves.extend(MoveRecord(*play) for play in self._plays[len(self.moves) :])
        for moment in self.moments[len(self.updates) :]:
            if not self.public and moment.record is not None:
                frame = withheld_end(moment.record)
            else:
                outcome = moment.record.outcome if moment.record is not None else None
                moves = self.moves[: moment.plies]
                frame = frame_of(self.game, moment.kind, moment.state, moves, n, outcome)
            live = moment.kind is not FrameKind.END
            update = update_of(self.header, frame, live=live)
            if self.public or moment.kind is FrameKind.END:
                add_clocks(update, moment.banks_ms, moment.deciding, moment.unix_ms)
            self.updates.append((moment.at, update))
        return self.updates

    def subscribe(self, watcher: Watcher) -> list[tuple[float, pb.MatchUpdate]]:
        """Register a watcher; returns the updates so far (it is offered what follows)."""
        if not self.ended:
            self.watchers.add(watcher)
        return list(self._built())


class RemoteWatch:
    """A spectator here of a match on another worker: its updates arrive in `watcher`."""

    def __init__(self, sub: int, worker: str, max_queued: int) -> None:
        self.sub = sub
        self.worker = worker
        self.watcher = Watcher(max_queued)
        self.found = True  # False: the other worker no longer had the match live
        self.ended = False


class WatchElsewhere(Protocol):
    """The matches other workers of the same referee play (arena/rpc/server/workers/mesh.py)."""

    def watch_remote(self, match_id: str, from_now: bool) -> RemoteWatch | None:
        """Follow a match another worker plays (None if none plays it)."""

    def live_matches(self, tournament_id: int) -> list[str]:
        """Ids of a tournament's matches other workers play now."""


class WatchHub:
    """Every live (and just ended) match feed of a server, and tournament change signals."""

    def __init__(self, settings: WatchSettings | None = None) -> None:
        self.settings = settings or WatchSettings()
        self.feeds: dict[str, MatchFeed] = {}
        self.ended: OrderedDict[str, MatchFeed] = OrderedDict()
        self.open_streams = 0
        self.by_client: dict[str, int] = {}  # open watch streams per client address
        self.relay_token: str | None = None  # the in-process web pages' own (see serve)
        self._changed: dict[int, set[asyncio.Event]] = {}
        # told (match id, tournament id, live) when a match starts and when it is over
        self.live_listeners: list[Callable[[str, int | None, bool], None]] = []
        self.elsewhere: WatchElsewhere | None = None  # the other workers, if any
        self.closing = asyncio.Event()  # set when the server shuts down: every stream ends

    def _tell(self, header: MatchHeader, live: bool) -> None:
        for listener in list(self.live_listeners):
            listener(header.match_id, header.tournament_id, live)

    def sink(self, header: MatchHeader, game: Game[Any, Any], *, public: bool = True) -> EventSink:
        """The referee hook of a match about to start (registers its feed)."""
        feed = MatchFeed(header, game, public)
        self.feeds[header.match_id] = feed
        self._tell(header, True)

        def on_event(event: MatchEvent) -> None:
            feed.on_event(event)
            if event.kind == "end":
                self._retire(feed)
            if event.kind in ("start", "end") and header.tournament_id is not None:
                self.signal(header.tournament_id)

        return on_event

    def _retire(self, feed: MatchFeed) -> None:
        if self.feeds.pop(feed.header.match_id, None) is not None:
            self._tell(feed.header, False)
        self.ended[feed.header.match_id] = feed
        while len(self.ended) > RECENT_FEEDS:
            self.ended.popitem(last=False)

    def forget(self, match_id: str) -> None:
        """A match that never ran to its end (cancelled): its watchers are told why it ended
        without one (cancelled, or the server shutting down)."""
        feed = self.feeds.pop(match_id, None)
        if feed is not None:
            self._tell(feed.header, False)
            for watcher in feed.watchers:
                if self.closing.is_set():
                    watcher.end(EndKind.STOPPING, SHUTTING_DOWN)
                else:
                    watcher.end(EndKind.CANCELLED, f"match {match_id} was cancelled before its end")
            feed.watchers.clear()

    def close(self) -> None:
        """The server shuts down: every watch stream ends now, saying so."""
        self.closing.set()
        for feed in list(self.feeds.values()):
            for watcher in feed.watchers:
                watcher.end(EndKind.STOPPING, SHUTTING_DOWN)
            feed.watchers.clear()
        for events in self._changed.values():
            for event in events:
                event.set()

    def feed(self, match_id: str) -> MatchFeed | None:
        """The feed of a live or just ended match."""
        return self.feeds.get(match_id) or self.ended.get(match_id)

    def live_matches(self, tournament_id: int) -> list[str]:
        """Ids of the matches of a tournament being played now (by any worker)."""
        here = {mid for mid, f in self.feeds.items() if f.header.tournament_id == tournament_id}
        if self.elsewhere is not None:
            here.update(self.elsewhere.live_matches(tournament_id))
        return sorted(here)

    def signal(self, tournament_id: int) -> None:
        """Wake the watchers of a tournament: something about it changed."""
        for event in self._changed.get(tournament_id, ()):
            event.set()

    def listen(self, tournament_id: int) -> asyncio.Event:
        """An event set at the tournament's next change (call `unlisten` when done)."""
        event = asyncio.Event()
        self._changed.setdefault(tournament_id, set()).add(event)
        return event

    def unlisten(self, tournament_id: int, event: asyncio.Event) -> None:
        """Stop listening to a tournament."""
        events = self._changed.get(tournament_id)
        if events is not None:
            events.discard(event)
            if not events:
                del self._changed[tournament_id]


def frames_to_updates(
    header: MatchHeader, frames: Sequence[Frame]
) -> list[tuple[float, pb.MatchUpdate]]:
    """A finished match's frames as updates (all at time 0: a replay has no delay)."""
    return [(0.0, update_of(header, f, live=False)) for f in frames]
