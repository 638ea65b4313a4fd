"""Watch streams across workers: a spectator on worker C follows a match played by worker B.

C asks B over the bus; B subscribes a watcher of its own to the match's feed (bounded, never
waited on by the match, as any watcher) and publishes each update to C, which hands it to the
spectator's stream as if the feed were local. Updates carry their age, so a broadcast delay
holds across processes. Either side's departure ends the relay: the spectator's stream ends,
or B stops publishing.
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import time

from arena.rpc.server.watching import MatchFeed, RemoteWatch, Watcher, WatchHub
from arena.rpc.server.workers.relay import SendTo, encode
from arena.v1 import arena_pb2 as pb


class WatchRelay:
    """Both ends of relayed watch streams: those followed here, those served from here."""

    def __init__(self, me: str, send_to: SendTo, hub: WatchHub) -> None:
        self.me = me
        self.send_to = send_to
        self.hub = hub
        self.following: dict[int, RemoteWatch] = {}
        self.serving: dict[tuple[str, int], asyncio.Task[None]] = {}
        self._subs = itertools.count(1)

    # -- the spectator's side --------------------------------------------------------------

    def subscribe(self, worker: str, match_id: str, from_now: bool) -> RemoteWatch:
        """Ask `worker` for the updates of `match_id` (its backlog first, or only its last)."""
        watch = RemoteWatch(next(self._subs), worker, self.hub.settings.max_queued)
        self.following[watch.sub] = watch
        self.send_to(worker, {"k": "watch", "w": self.me, "s": watch.sub,
                                        "m": match_id, "f": from_now})  # fmt: skip
        return watch

    def unsubscribe(self, watch: RemoteWatch) -> None:
        """The spectator left: the other worker stops sending."""
        if self.following.pop(watch.sub, None) is not None and not watch.ended:
            self.send_to(watch.worker, {"k": "unwatch", "w": self.me, "s": watch.sub})

    def on_update(self, worker: str, sub: int, age_s: float, text: str) -> None:
        """One update of a match followed here."""
        watch = self.following.get(sub)
        if watch is None or watch.worker != worker:
            return
        update = pb.MatchUpdate.FromString(base64.b64decode(text, validate=True))
        if not watch.watcher.offer((time.monotonic() - max(0.0, age_s), update)):
            self.unsubscribe(watch)

    def on_end(self, worker: str, sub: int, why: str, found: bool) -> None:
        """The other worker ended a relay: the match is over (or it dropped us)."""
        watch = self.following.get(sub)
        if watch is None or watch.worker != worker:
            return
        watch.ended, watch.found = True, found
        if why and not watch.watcher.dropped:
            watch.watcher.dropped = why
        watch.watcher.offer(None)

    # -- the playing worker's side ---------------------------------------------------------

    def on_watch(self, worker: str, sub: int, match_id: str, from_now: bool) -> None:
        """Another worker's spectator wants a match of ours."""
        feed = self.hub.feed(match_id)
        if feed is None or feed.ended:
            self.send_to(worker, {"k": "wend", "w": self.me, "s": sub, "f": False})
            return
        watcher = Watcher(self.hub.settings.max_queued)
        backlog = feed.subscribe(watcher)
        task = asyncio.create_task(self._serve(worker, sub, feed, watcher, backlog, from_now))
        self.serving[(worker, sub)] = task
        task.add_done_callback(lambda _t: self.serving.pop((worker, sub), None))

    async def _serve(
        self,
        worker: str,
        sub: int,
        feed: MatchFeed,
        watcher: Watcher,
        backlog: list[tuple[float, pb.MatchUpdate]],
        from_now: bool,
    ) -> None:
        target = worker

        def send(item: tuple[float, pb.MatchUpdate]) -> None:
            age = time.monotonic() - item[0] if item[0] else 0.0
            self.send_to(target, {"k": "upd", "w": self.me, "s": sub, "a": round(age, 4),
                                  "u": encode(item[1])})  # fmt: skip

        watchers = feed.watchers
        try:
            for item in backlog[-1:] if from_now else backlog:
                send(item)
            while watcher in watchers or not watcher.queue.empty():
                next_item = await watcher.queue.get()
                if next_item is None:
                    break
                send(next_item)
        finally:
            watchers.discard(watcher)
        self.send_to(target, {"k": "wend", "w": self.me, "s": sub, "y": watcher.dropped,
                              "f": True})  # fmt: skip

    def on_unwatch(self, worker: str, sub: int) -> None:
        """Their spectator left."""
        task = self.serving.pop((worker, sub), None)
        if task is not None:
            task.cancel()

    # -- departures -----------------------------------------------------------------------

    def worker_gone(self, worker: str) -> None:
        """A worker died: relays to it stop, relays from it end their spectators' streams."""
        for (peer, sub), task in list(self.serving.items()):
            if peer == worker:
                task.cancel()
                self.serving.pop((peer, sub), None)
        for watch in list(self.following.values()):
            if watch.worker == worker:
                self.following.pop(watch.sub, None)
                watch.ended = True
                watch.watcher.dropped = "the worker playing this match is gone"
                watch.watcher.offer(None)

    def close(self) -> None:
        """Stop every relay (shutdown)."""
        for task in self.serving.values():
            task.cancel()
        self.serving.clear()
        for watch in self.following.values():
            watch.ended = True
            watch.watcher.offer(None)
        self.following.clear()
