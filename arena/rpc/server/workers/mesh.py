"""The workers of one referee, together: who holds which bot, which match is live where.

Every worker (a referee process on the shared PostgreSQL database) announces on the bus the
bots that connect to it and leave it, and the matches it starts and ends; it beats every
BEAT_S. A worker silent for DEAD_S is taken for dead: its bots are gone (their seats here lost
as disconnects), its watch relays end, and the tournaments it ran are recovered by a live
worker (the lease: arena/tournament/lease.py). A newcomer says hello and is told the rest.

A bot connected to several workers with the same token and the same Hello.instance_id is one
running bot with a stream on each (the SDK opens one per worker of its address): it is present on
each of them, seated locally by whichever plays its match, and gone only when its last stream is.
Otherwise a bot connected twice (to two workers) is the newer connection if both used the same
token, as on one worker; else the name stays with the older one.

The workers started together by one `arena serve --workers N` (one address) share a pool id
(POOL_ENV): Welcome.worker_count counts the live ones (at least the pool's size), the streams
a bot needs to be seated locally by any of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable, Collection
from typing import Any

from arena.rpc.server.bot_registry import SessionRegistry
from arena.rpc.server.sessions import BotSession, CloseKind
from arena.rpc.server.watching import RemoteWatch, WatchHub
from arena.rpc.server.workers.bus import Message, PgBus
from arena.rpc.server.workers.links import Link, LinkServer
from arena.rpc.server.workers.pool import POOL_ENV, pool_size
from arena.rpc.server.workers.relay import (
    RelayDesk,
    RelayedSession,
    RemoteBot,
    decode_decision,
    worker_channel,
)
from arena.rpc.server.workers.watch_relay import WatchRelay
from arena.v1 import arena_pb2 as pb

log = logging.getLogger("arena.rpc.server.workers.mesh")

MESH_CHANNEL = "arena_mesh"
BEAT_S = 0.5  # every worker says it is alive this often...
DEAD_S = 3.0  # ...and one silent this long is taken for dead
MAX_BOTS_PER_WORKER = 100_000  # announcements kept at most per worker
LINK_RETRY_S = 2.0  # a broken link to a live worker is opened again after this


def token_hash(token: str) -> str:
    """Tells two connections' tokens apart without sending either (open servers)."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def siblings(a: RemoteBot, b: RemoteBot) -> bool:
    """Streams of one running bot on two workers (same token, same non-empty instance id)."""
    return bool(a.instance_id) and a.instance_id == b.instance_id and a.token_hash == b.token_hash


class Mesh:
    """This worker's view of the others, and its part in relaying seats and watch streams."""

    def __init__(self, bus: PgBus, registry: SessionRegistry, hub: WatchHub) -> None:
        self.me = bus.sender
        self.bus = bus
        self.registry = registry
        self.hub = hub
        self.peers: dict[str, float] = {}  # worker -> monotonic time of its last beat
        self.pool = os.environ.get(POOL_ENV) or self.me  # workers serving the same address
        self.peer_pools: dict[str, str] = {}  # worker -> its pool id
        self.pool_size = pool_size()  # the workers its supervisor keeps running
        # bots connected to other workers: name -> worker -> the bot as that worker announced it
        self.bots: dict[str, dict[str, RemoteBot]] = {}
        self.relayed: dict[str, RelayedSession] = {}
        self.live: dict[str, tuple[str, int | None]] = {}  # match -> (worker, tournament)
        self.players: dict[str, tuple[str, ...]] = {}  # match live elsewhere -> its bots
        self.desk = RelayDesk(self.me, self.send_to, registry.get)
        self.watches = WatchRelay(self.me, self.send_to, hub)
        self.link_server = LinkServer(lambda message: self._on_message("link", message))
        self.links: dict[str, Link] = {}  # worker -> our stream to it
        self.link_info: dict[str, tuple[str, str]] = {}  # worker -> (address, token), same host
        self._link_retry: dict[str, float] = {}  # worker -> when a broken link may be retried
        self.host_name = socket.gethostname()
        self.on_peer_gone: list[Callable[[str], None]] = []
        self._beating: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Future[None]] = set()

    @staticmethod
    def new_worker_id() -> str:
        """A fresh worker id (a process restarted is a new worker)."""
        return uuid.uuid4().hex[:12]

    async def start(self) -> None:
        """Join: listen, announce this worker and start beating."""
        self.bus.handler = self._on_message
        await self.link_server.start()
        await self.bus.start([MESH_CHANNEL, worker_channel(self.me)])
        self.registry.listeners.append(self._local_changed)
        self.registry.elsewhere = self
        self.hub.live_listeners.append(self._match_changed)
        self.hub.elsewhere = self
        self.bus.publish(MESH_CHANNEL, {"k": "hello", "w": self.me, **self._link_card()})
        self._beating = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        """Leave: the others forget this worker at once; stop the bus."""
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(BaseException):
                await self._beating
        self.desk.close()
        self.watches.close()
        for link in list(self.links.values()):
            await link.close()
        await self.link_server.stop()
        for session in self.relayed.values():
            session.close("the server is shutting down")
        self.bus.publish(MESH_CHANNEL, {"k": "bye", "w": self.me})
        await self.bus.close()

    def worker_count(self) -> int:
        """The live workers of this address, this one included (Welcome.worker_count), and
        never fewer than its supervisor keeps running: a worker starting, being started again,
        or whose beats a loaded machine delays is about to be live (a bot that cannot reach it
        yet tries again later)."""
        live = 1 + sum(1 for w in self.peers if self.peer_pools.get(w) == self.pool)
        return max(live, self.pool_size)

    # -- sending -------------------------------------------------------------------------------

    def send_to(self, worker: str, message: Message) -> None:
        """A direct message to one worker: over our link to it when it is up, else the bus."""
        link = self.links.get(worker)
        if link is None:
            link = self._open_link(worker)
        if link is not None and link.send(message):
            return
        self.bus.publish(worker_channel(worker), message)

    def _open_link(self, worker: str) -> Link | None:
        info = self.link_info.get(worker)
        if info is None or time.monotonic() < self._link_retry.get(worker, 0.0):
            return None
        link = Link(info[0], info[1], lambda broken: self._link_broken(worker, broken))
        self.links[worker] = link
        return link

    def _link_broken(self, worker: str, link: Link) -> None:
        if self.links.get(worker) is link:
            del self.links[worker]
        self._link_retry[worker] = time.monotonic() + LINK_RETRY_S
        for message in link.leftovers():  # not lost: the bus carries them
            self.bus.publish(worker_channel(worker), message)

    def _link_card(self) -> Message:
        """How a peer on this machine reaches our link server."""
        return {"a": self.link_server.address, "t": self.link_server.token, "h": self.host_name,
                "pl": self.pool}  # fmt: skip

    # -- what the registry and the watch hub ask ---------------------------------------------

    def seat(self, name: str) -> RelayedSession | None:
        """A session to seat a bot connected to another worker (None if none holds it)."""
        held = self.bots.get(name)
        if not held:
            return None
        session = self.relayed.get(name)
        if session is None or session.closed or session.bot.worker not in held:
            session = RelayedSession(held[min(held)], self.me, self.send_to)
            self.relayed[name] = session
        return session

    def names(self) -> list[str]:
        """The bots connected to other workers."""
        return sorted(self.bots)

    def infos(self) -> list[pb.BotInfo]:
        """The bots connected to other workers, as ListBots shows them."""
        out = []
        for name in sorted(self.bots):
            session = self.relayed.get(name)
            mine = session.active if session is not None and not session.closed else {}
            held = self.bots[name]
            out.append(held[min(held)].info(len(mine) + self.active_elsewhere(name, mine)))
        return out

    def active_elsewhere(self, name: str, known: Collection[str] = ()) -> int:
        """The matches other workers play with this bot, but those in `known` (a session's
        own, which holds the matches relayed through it): its Hello's max_matches counts them
        all, as each worker seats it on its own stream."""
        return sum(1 for m, bots in self.players.items() if name in bots and m not in known)

    def live_matches(self, tournament_id: int) -> list[str]:
        """Matches of a tournament being played by other workers."""
        return sorted(m for m, (_w, t) in self.live.items() if t == tournament_id)

    def watch_remote(self, match_id: str, from_now: bool) -> RemoteWatch | None:
        """Follow a match live on another worker (None if none plays it)."""
        holder = self.live.get(match_id)
        if holder is None:
            return None
        return self.watches.subscribe(holder[0], match_id, from_now)

    # -- announcements -------------------------------------------------------------------------

    def _announcement(self, session: BotSession) -> Message:
        return {"n": session.name, "g": list(session.games), "x": session.max_matches,
                "v": session.version, "c": session.connected_unix_ms,
                "l": session.compact_legal_moves, "h": token_hash(session.token),
                "p": round(session.ping_rtt_ms, 3), "i": session.instance_id}  # fmt: skip

    def _local_changed(self, name: str, connected: bool) -> None:
        session = self.registry.get(name)
        if connected and session is not None:
            self.bus.publish(MESH_CHANNEL, {"k": "up", "w": self.me,
                                            "b": self._announcement(session)})  # fmt: skip
        elif not connected:
            self.bus.publish(MESH_CHANNEL, {"k": "down", "w": self.me, "b": name})

    def _match_changed(self, match_id: str, tournament_id: int | None, live: bool) -> None:
        feed = self.hub.feeds.get(match_id) if live else None
        players = list(feed.header.players) if feed is not None else []
        self.bus.publish(MESH_CHANNEL, {"k": "live" if live else "over", "w": self.me,
                                        "m": match_id, "t": tournament_id,
                                        "p": players})  # fmt: skip

    def _sync_to(self, worker: str) -> None:
        bots = [self._announcement(s) for s in self.registry.sessions()]
        live = [[m, f.header.tournament_id, list(f.header.players)]
                for m, f in self.hub.feeds.items() if not f.ended]  # fmt: skip
        self.bus.publish(worker_channel(worker), {"k": "sync", "w": self.me, "bots": bots,
                                                  "live": live, "pl": self.pool})  # fmt: skip

    async def _beat(self) -> None:
        while True:
            self.bus.publish(MESH_CHANNEL, {"k": "beat", "w": self.me, **self._link_card()})
            await asyncio.sleep(BEAT_S)
            now = time.monotonic()
            for worker, seen in list(self.peers.items()):
                if now - seen > DEAD_S:
                    log.warning("worker %s silent for %.1f s: taken for dead", worker, now - seen)
                    self._peer_gone(worker)

    # -- receiving -----------------------------------------------------------------------------

    def _on_message(self, _channel: str, message: Message) -> None:
        worker = str(message.get("w", ""))
        if not worker or worker == self.me:
            return
        kind = message.get("k")
        if kind == "bye":
            self._peer_gone(worker)
            return
        if worker not in self.peers:
            self.peers[worker] = time.monotonic()
            log.info("worker %s joined", worker)
            self._sync_to(worker)  # a newcomer, or one we had not heard of yet
        self.peers[worker] = time.monotonic()
        if "pl" in message:
            self.peer_pools[worker] = str(message["pl"])
        if "a" in message and message.get("h") == self.host_name:
            self.link_info[worker] = (str(message["a"]), str(message["t"]))
        handler = _HANDLERS.get(str(kind))
        if handler is not None:
            handler(self, worker, message)

    def _on_sync(self, worker: str, message: Message) -> None:
        for bot in message.get("bots", ())[:MAX_BOTS_PER_WORKER]:
            self._remote_up(worker, bot)
        for match_id, tid, *players in message.get("live", ()):
            self._on_live(worker, {"m": match_id, "t": tid, "p": players[0] if players else []})

    def _on_up(self, worker: str, message: Message) -> None:
        self._remote_up(worker, message["b"])

    def _remote_up(self, worker: str, data: Message) -> None:
        bot = RemoteBot(worker, str(data["n"]), tuple(str(g) for g in data["g"]), int(data["x"]),
                        str(data["v"]), bool(data["l"]), int(data["c"]), str(data["h"]),
                        float(data.get("p", 0.0)), str(data.get("i", "")))  # fmt: skip
        local = self.registry.get(bot.name)
        if (
            local is not None
            and not siblings(bot, self._as_remote(local))
            and not self._yield_name(local, bot)
        ):
            return
        held = self.bots.setdefault(bot.name, {})
        if any(w != bot.worker and not siblings(b, bot) for w, b in held.items()):
            self._forget_bot(bot.name, "it connected to another worker")  # another run
            held = self.bots.setdefault(bot.name, {})
        held[bot.worker] = bot
        self.registry.seat_changed(bot.name)

    def _as_remote(self, session: BotSession) -> RemoteBot:
        return RemoteBot(self.me, session.name, session.games, session.max_matches,
                         session.version, session.compact_legal_moves, session.connected_unix_ms,
                         token_hash(session.token), session.ping_rtt_ms,
                         session.instance_id)  # fmt: skip

    def _yield_name(self, local: BotSession, bot: RemoteBot) -> bool:
        """A bot connected here is announced by another worker: which of the two keeps the
        name (True: the other one, and ours is closed)."""
        newer = (bot.connected_unix_ms, bot.worker) > (local.connected_unix_ms, self.me)
        same = bot.token_hash == token_hash(local.token)
        if same and newer:
            self.registry.close_name(local.name, "replaced by a newer connection of the same bot")
            return True
        if not same and not newer:
            self.registry.close_name(
                local.name, "the name is held by another bot on this server", CloseKind.DROPPED
            )
            return True
        if not same:  # theirs is newer and not the same bot: it must go
            self.bus.publish(worker_channel(bot.worker), {"k": "taken", "w": self.me,
                             "b": bot.name, "c": bot.connected_unix_ms})  # fmt: skip
        return False

    def _on_taken(self, _worker: str, message: Message) -> None:
        local = self.registry.get(str(message["b"]))
        if local is not None and local.connected_unix_ms == int(message["c"]):
            self.registry.close_name(
                local.name, "the name is held by another bot on this server", CloseKind.DROPPED
            )

    def _on_down(self, worker: str, message: Message) -> None:
        self._forget_bot(str(message["b"]), "the bot disconnected", worker)

    def _forget_bot(self, name: str, why: str, worker: str | None = None) -> None:
        """Forget the bot's stream on `worker` (None: on every other worker)."""
        held = self.bots.get(name, {})
        if worker is not None and worker not in held:
            return
        for each in [worker] if worker is not None else list(held):
            held.pop(each, None)
        if not held:
            self.bots.pop(name, None)
        session = self.relayed.get(name)
        if session is not None and session.bot.worker not in held:
            del self.relayed[name]  # its seats in play here are lost as disconnects
            session.close(why)
        self.registry.seat_changed(name)

    def _on_live(self, worker: str, message: Message) -> None:
        tid = message.get("t")
        self.live[str(message["m"])] = (worker, int(tid) if tid is not None else None)
        self.players[str(message["m"])] = tuple(str(p) for p in message.get("p", ()))
        if tid is not None:
            self.hub.signal(int(tid))

    def _on_over(self, worker: str, message: Message) -> None:
        match_id = str(message["m"])
        if self.live.get(match_id, ("",))[0] == worker:
            del self.live[match_id]
            self.players.pop(match_id, None)
        if message.get("t") is not None:
            self.hub.signal(int(message["t"]))

    def _relayed_of(self, worker: str, message: Message) -> RelayedSession | None:
        session = self.relayed.get(str(message["b"]))
        return session if session is not None and session.bot.worker == worker else None

    def _on_answer(self, worker: str, message: Message) -> None:
        session = self._relayed_of(worker, message)
        if session is not None:
            session.answered(int(message["r"]), decode_decision(str(message["d"])),
                             float(message["ms"]), float(message["p"]))  # fmt: skip

    def _on_lost(self, worker: str, message: Message) -> None:
        session = self._relayed_of(worker, message)
        if session is not None:
            session.failed(int(message["r"]), str(message["y"]))

    def _peer_gone(self, worker: str) -> None:
        if self.peers.pop(worker, None) is None:
            return
        log.info("worker %s left", worker)
        self.link_info.pop(worker, None)
        link = self.links.pop(worker, None)
        if link is not None:
            task = asyncio.ensure_future(link.close())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)
        self.peer_pools.pop(worker, None)
        for name in [n for n, held in self.bots.items() if worker in held]:
            self._forget_bot(name, f"its worker {worker} is gone", worker)
        self.desk.worker_gone(worker)
        self.watches.worker_gone(worker)
        for match_id, (holder, tid) in list(self.live.items()):
            if holder == worker:
                del self.live[match_id]
                self.players.pop(match_id, None)
                if tid is not None:
                    self.hub.signal(tid)
        for listener in list(self.on_peer_gone):
            listener(worker)


_HANDLERS: dict[str, Callable[[Mesh, str, Message], Any]] = {
    "sync": Mesh._on_sync,
    "up": Mesh._on_up,
    "down": Mesh._on_down,
    "taken": Mesh._on_taken,
    "live": Mesh._on_live,
    "over": Mesh._on_over,
    "answer": Mesh._on_answer,
    "lost": Mesh._on_lost,
    "send": lambda m, w, msg: m.desk.on_send(w, str(msg["b"]), str(msg["m"])),
    "ask": lambda m, w, msg: m.desk.on_ask(
        w, str(msg["b"]), int(msg["r"]), int(msg["t"]), str(msg["m"])
    ),  # fmt: skip
    "cancel": lambda m, w, msg: m.desk.on_cancel(w, int(msg["r"])),
    "watch": lambda m, w, msg: m.watches.on_watch(
        w, int(msg["s"]), str(msg["m"]), bool(msg.get("f"))
    ),  # fmt: skip
    "unwatch": lambda m, w, msg: m.watches.on_unwatch(w, int(msg["s"])),
    "upd": lambda m, w, msg: m.watches.on_update(
        w, int(msg["s"]), float(msg["a"]), str(msg["u"])
    ),  # fmt: skip
    "wend": lambda m, w, msg: m.watches.on_end(
        w, int(msg["s"]), str(msg.get("y", "")), bool(msg.get("f", True)), str(msg.get("e", ""))
    ),  # fmt: skip
}
