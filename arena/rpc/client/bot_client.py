"""The bot side of BotService.Connect: the runtime behind `arena.bot.run_bot`.

One stream carries every match of the bot; on a server of several workers, one stream per
worker (_Streams), so that every match seats it on the worker that plays it. Policies run in
daemon worker threads (one per match the bot plays at once), so a slow policy never blocks
pings or other matches. A dropped
connection is retried with exponential backoff; a refusal (bad Hello, wrong token ...) or a
channel that cannot work (TLS on one side only, an untrusted certificate) ends the bot with its
likely cause instead (arena/rpc/client/connect_errors.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import sys
import time
import traceback
import uuid
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from arena import __version__
from arena.core.players import DecisionRequest, MatchInfo, Policy
from arena.errors import BotError
from arena.match.policy_runner import PolicyPool, PolicyRunner
from arena.rpc.client.connect_errors import diagnose
from arena.rpc.wire.convert import LazyView, options_from_pb, outcome_from_pb
from arena.rpc.wire.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

log = logging.getLogger("arena.bot")
Call = grpc.aio.StreamStreamCall[pb.BotMessage, pb.ServerMessage]  # a Connect stream, bot side

BACKOFF_INITIAL_S = 0.25
WELCOME_TIMEOUT_S = 60.0  # from Hello to Welcome: a stream never opened says so
BACKOFF_MAX_S = 10.0
GOODBYE_S = 1.0  # on shutdown, how long to wait for the server to end the stream
SDK_DIR = str(Path(__file__).resolve().parents[2])  # arena/: the SDK's own frames
MAX_ERROR_CHARS = 480  # Decision.error: the referee keeps 500 characters of it
SIBLING_TRIES = 16  # connections tried in a row to reach a worker that holds no stream of ours
SIBLING_BACKOFF_S = 0.05  # the wait after the n-th try in a row: n times this
SIBLING_RETRY_S = 10.0  # a bot short of streams tries again after this (and when one drops)
SIBLING_RETRY_MAX_S = 300.0  # twice as long after each round that reached no new worker
MISSED_PINGS = 3  # server silence for this many of its ping intervals means the link is dead
CLIENT_KEEPALIVE = [
    ("grpc.keepalive_time_ms", 20_000),  # finds a dead server even while the bot thinks
    ("grpc.keepalive_timeout_ms", 10_000),
    ("grpc.keepalive_permit_without_calls", 1),
    ("grpc.http2.max_pings_without_data", 0),
]


@dataclass(frozen=True, slots=True)
class BotConfig:
    """How a bot connects and what it tells the server."""

    address: str
    name: str
    token: str = field(default="", repr=False)  # never shown
    games: tuple[str, ...] = ()
    max_matches: int = 1
    version: str = ""
    retry_for_s: float | None = None  # give up after this long without a connection (None: never)
    tls_ca: str | None = None  # a PEM file of the CA to trust: connect with TLS ("" = system CAs)
    # where policies run: "auto" (see PolicyRunner), "threads", "inline". Threads by default here:
    # a program that runs the bot inside its own event loop must not have it held by a policy;
    # `run_bot` (a bot process of its own) asks for "auto".
    policy_mode: str = "threads"
    # A name the server holds for another connection ends the loop at once (BotError with the
    # server's reason) instead of being retried: for a connection that has no older one of its
    # own to wait for (a person's seat on the web pages, refused when the name is taken).
    taken_is_final: bool = False


def fault_detail(exc: BaseException, limit: int = MAX_ERROR_CHARS) -> str:
    """The exception and the innermost frames of its traceback, cut to `limit` characters.

    The referee records this as the crash's detail; the full traceback goes to stderr.
    """
    head = f"{type(exc).__name__}: {exc}"
    every = list(traceback.extract_tb(exc.__traceback__))
    # The SDK's own frames (worker thread, awaiting the future) say nothing about the bot.
    frames = [f for f in every if not f.filename.startswith(SDK_DIR)] or every
    where = [f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in reversed(frames)]
    text = head + ("\n  at " + "\n  at ".join(where) if where else "")
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Connection:
    """One Connect stream: routes server messages, runs policies, writes decisions."""

    def __init__(self, call: Call, runner: PolicyRunner) -> None:
        self.call = call
        self.runner = runner
        self.matches: dict[tuple[str, int], MatchInfo] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.last_heard = time.monotonic()
        self._lock = asyncio.Lock()

    async def send(self, message: pb.BotMessage) -> None:
        """Write one message (one write at a time on a call)."""
        async with self._lock:
            await self.call.write(message)

    async def run(self, ping_interval_s: float) -> None:
        """Handle server messages until the stream ends."""
        pinger = asyncio.create_task(self._keep_alive(ping_interval_s))
        try:
            while isinstance(message := await self.call.read(), pb.ServerMessage):
                self.last_heard = time.monotonic()
                if self.runner.inline and message.WhichOneof("kind") == "decision_request":
                    await self._decide(message.decision_request)  # no task: it is quick
                else:
                    self._dispatch(message)
        finally:
            pinger.cancel()
            for task in list(self.tasks):
                task.cancel()

    def _dispatch(self, message: pb.ServerMessage) -> None:
        kind = message.WhichOneof("kind")
        if kind == "decision_request":
            self._spawn(self._decide(message.decision_request))
        elif kind == "match_started":
            m = message.match_started
            info = MatchInfo(
                m.match_id,
                m.game,
                options_from_pb(m.game, m.options),
                m.seat,
                tuple(m.players),
                per_move_ms=m.clock.per_move_ms if m.clock.HasField("per_move_ms") else None,
                bank_ms=m.clock.bank_ms if m.clock.HasField("bank_ms") else None,
                bot_seed=m.bot_seed,
            )
            self.matches[(m.match_id, m.seat)] = info
            log.info(
                "match %s started: %s, seat %d of %s", m.match_id, m.game, m.seat, list(m.players)
            )
        elif kind == "match_ended":
            self._ended(message.match_ended)
        elif kind == "notice":
            notice = message.notice
            log.warning(
                "the server refused a message (request %d, match %r): %s",
                notice.request_id,
                notice.match_id,
                notice.problem,
            )
        elif kind == "ping":
            self._spawn(self.send(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce))))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            # A write on a stream that is ending: the reader sees the end and reconnects.
            log.debug("send failed: %r", task.exception())

    def _ended(self, ended: pb.MatchEnded) -> None:
        self.matches.pop((ended.match_id, ended.seat), None)
        outcome = outcome_from_pb(ended.outcome)
        log.info(
            "match %s over (%s): seat %d ranked %d%s",
            ended.match_id,
            outcome.termination.value,
            ended.seat,
            outcome.ranks[ended.seat],
            f" ({outcome.detail})" if outcome.detail else "",
        )

    async def _decide(self, message: pb.DecisionRequest) -> None:
        # Each field read once: every read of a message field builds a Python object.
        match_id, request_id, seat, clock = (
            message.match_id,
            message.request_id,
            message.seat,
            message.clock,
        )
        game = message.game or self._game_of(match_id, seat)
        info = self.matches.get((match_id, seat))
        request = DecisionRequest(
            match_id=match_id,
            request_id=request_id,
            game=game,
            seat=seat,
            view=LazyView(game, message.view),
            legal_moves=tuple(message.legal_moves),
            budget_ms=clock.budget_ms if clock.HasField("budget_ms") else None,
            bank_ms=clock.bank_ms if clock.HasField("bank_ms") else None,
            bot_seed=info.bot_seed if info is not None else 0,
        )
        answer = pb.BotMessage()  # the Decision is filled in place (a constructor copies)
        decision = answer.decision
        decision.request_id = request_id
        decision.match_id = match_id
        try:
            reply = await self.runner.run(request)
        except Exception as exc:  # the policy failed: say so, the referee adjudicates a crash
            log.error("policy failed in match %s", match_id)
            traceback.print_exception(exc, file=sys.stderr)  # the whole story, in the bot's log
            decision.error = fault_detail(exc)
        else:
            if isinstance(reply, str):
                decision.move = reply
            elif isinstance(reply, int) and not isinstance(reply, bool):
                decision.index = reply
            else:
                decision.error = f"the policy returned {reply!r}, not a move or an index"
        await self.send(answer)

    def _game_of(self, match_id: str, seat: int) -> str:
        """The game of a match, from its MatchStarted (a request that does not name it)."""
        info = self.matches.get((match_id, seat))
        return info.game if info else ""

    async def _keep_alive(self, interval_s: float) -> None:
        for nonce in itertools.count(1):
            await asyncio.sleep(interval_s)
            # A policy that held the loop also held the reader: its time is not the server's.
            heard = max(self.last_heard, self.runner.last_inline_end)
            if time.monotonic() - heard > interval_s * MISSED_PINGS:
                log.warning("no message from the server for %d pings: reconnecting", MISSED_PINGS)
                self.call.cancel()
                return
            ping = pb.Ping(nonce=nonce, sent_unix_ms=int(time.time() * 1000))
            self._spawn(self.send(pb.BotMessage(ping=ping)))


Opened = tuple[grpc.aio.Channel, Call, pb.Welcome]  # a stream welcomed, on its own channel


async def _open_stream(config: BotConfig, instance_id: str) -> Opened | None:
    """A new connection and its Connect stream, up to the Welcome (None if the server ended it
    at once); AioRpcError or BotError if it fails."""
    channel = open_channel(config.address, config.tls_ca)
    try:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(
            name=config.name,
            token=config.token,
            games=config.games,
            max_matches=config.max_matches,
            version=config.version or f"arena-python-sdk {__version__}",
            protocol_version=PROTOCOL_VERSION,
            instance_id=instance_id,
        )
        await call.write(pb.BotMessage(hello=hello))
        try:
            first = await asyncio.wait_for(call.read(), WELCOME_TIMEOUT_S)
        except TimeoutError:
            raise BotError(
                f"{config.address} did not answer {config.name}'s Hello within "
                f"{WELCOME_TIMEOUT_S:g} s: its stream was never opened (a server takes a limited "
                "number of streams per connection) or the server is stalled"
            ) from None
        if not isinstance(first, pb.ServerMessage):  # the stream ended (EOF)
            await channel.close()
            return None
        if first.WhichOneof("kind") != "welcome":
            raise BotError(
                f"the server answered Hello with {first.WhichOneof('kind')}, not Welcome"
            )
    except BaseException:
        await channel.close()
        raise
    return channel, call, first.welcome


async def _serve_stream(opened: Opened, runner: PolicyRunner, stop: asyncio.Event) -> None:
    """Play on one stream until it ends (AioRpcError if it fails) or `stop`."""
    channel, call, welcome = opened
    try:
        connection = _Connection(call, runner)
        reading = connection.run(max(welcome.ping_interval_ms, 100) / 1000.0)
        await _run_until(reading, call, stop)
    finally:
        await channel.close()


def open_channel(address: str, tls_ca: str | None = None) -> grpc.aio.Channel:
    """A channel to a referee: TLS when `tls_ca` is given (a CA file, or "" for the system's).

    Each channel is a connection of its own: gRPC would otherwise put every channel of the
    process to one address on one connection, where a server takes 64 streams at once (a
    process hosting 100 bots left 36 waiting, silently)."""
    options = [
        ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES),
        ("grpc.use_local_subchannel_pool", 1),
        *CLIENT_KEEPALIVE,
    ]
    if tls_ca is None:
        return grpc.aio.insecure_channel(address, options=options)
    try:
        root = Path(tls_ca).read_bytes() if tls_ca else None
    except OSError as exc:
        raise BotError(f"cannot read the CA file {tls_ca}: {exc}") from None
    return grpc.aio.secure_channel(address, grpc.ssl_channel_credentials(root), options=options)


async def _run_until(reading: Coroutine[Any, Any, None], call: Call, stop: asyncio.Event) -> None:
    """Read until the stream ends; on `stop`, say goodbye (half-close) so the server sees a
    clean end rather than a cancelled call."""
    reader = asyncio.create_task(reading)
    stopper = asyncio.create_task(stop.wait())
    try:
        await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if not reader.done():
            with contextlib.suppress(Exception):
                await call.done_writing()
            await asyncio.wait({reader}, timeout=GOODBYE_S)
    finally:
        stopper.cancel()
        if not reader.done():
            reader.cancel()
        elif not reader.cancelled():
            reader.exception()  # seen here, even if this is cancelled before it is raised below
    if not reader.cancelled():
        reader.result()  # raises the call's failure, if any


class _Streams:
    """The streams of one running bot: one per worker of its server's address.

    A server of several workers (`arena serve --workers N`) says in each Welcome which worker
    holds the stream and how many serve the address. The bot opens further connections to the
    same address (each its own TCP connection: the kernel spreads them over the workers) until
    every worker holds one of its streams, so that whichever worker plays its match seats it
    locally instead of relaying its seat. A connection that lands on a worker already held is
    closed at once; the tries are bounded, with back-off, and start again when a stream drops
    (a worker restarted is a new one) or SIBLING_RETRY_S later (then twice as long after each
    round in vain). All streams feed one policy; each request is answered on the stream it came
    on. A server of one process says it has one worker, and the bot keeps one stream.
    """

    def __init__(self, config: BotConfig, runner: PolicyRunner, stop: asyncio.Event) -> None:
        self.config = config
        self.runner = runner
        self.stop = stop
        self.instance_id = uuid.uuid4().hex  # this run of the bot: its streams are siblings
        self.held: dict[str, asyncio.Task[None]] = {}  # worker id -> the task playing on it
        self.wanted = 1  # the workers of the address, as the last Welcome said
        self.changed = asyncio.Event()  # a stream ended
        self.ended: list[BaseException] = []  # how streams ended since last looked at
        self.retry_s = SIBLING_RETRY_S  # the wait before the next round of tries

    def start(self, opened: Opened) -> bool:
        """Play on a stream just welcomed, unless its worker holds one of ours (False: the
        caller closes it)."""
        welcome = opened[2]
        self.wanted = max(1, welcome.worker_count)
        worker = welcome.worker_id
        if worker in self.held:
            return False
        if not self.held:
            log.info(
                "connected to %s as %s (games: %s)",
                self.config.address,
                self.config.name,
                ", ".join(welcome.games),
            )
        if self.wanted > 1:
            log.info("stream %d of %d: worker %s", len(self.held) + 1, self.wanted, worker)
        task = asyncio.create_task(_serve_stream(opened, self.runner, self.stop))
        self.held[worker] = task
        task.add_done_callback(lambda t: self._done(worker, t))
        return True

    def _done(self, worker: str, task: asyncio.Task[None]) -> None:
        if self.held.get(worker) is task:
            del self.held[worker]
        if not task.cancelled():
            error = task.exception()
            self.ended.append(error if error is not None else EOFError())
        self.changed.set()

    async def fill(self) -> None:
        """Open streams until every worker holds one, or the tries run out."""
        tries = 0
        while self.held and len(self.held) < self.wanted and tries < SIBLING_TRIES:
            if self.stop.is_set():
                return
            tries += 1
            try:
                opened = await _open_stream(self.config, self.instance_id)
            except (grpc.aio.AioRpcError, BotError) as exc:
                log.debug("an extra stream failed: %r", exc)
                opened = None
            if opened is not None:
                if self.start(opened):
                    tries, self.retry_s = 0, SIBLING_RETRY_S
                    continue
                await opened[0].close()  # a worker we hold already: the server drops the spare
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.stop.wait(), SIBLING_BACKOFF_S * tries)
        if self.held and len(self.held) < self.wanted:
            self.retry_s = min(self.retry_s * 2, SIBLING_RETRY_MAX_S)
            log.info(
                "%d of %d workers hold a stream of %s after %d tries: the others relay its seats",
                len(self.held),
                self.wanted,
                self.config.name,
                SIBLING_TRIES,
            )

    async def close(self) -> None:
        """Wait for the streams' goodbyes (on stop), then end them."""
        tasks = list(self.held.values())
        if tasks:
            await asyncio.wait(tasks, timeout=2 * GOODBYE_S)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task


async def run_connection_loop(config: BotConfig, policy: Policy, stop: asyncio.Event) -> None:
    """Connect, play, and reconnect with backoff until `stop` is set or refused (BotError);
    on a server of several workers, with a stream on each (see _Streams)."""
    backoff = BACKOFF_INITIAL_S
    last_ok = time.monotonic()
    pool = PolicyPool(max(1, config.max_matches))
    runner = PolicyRunner(policy, pool, config.policy_mode)
    streams = _Streams(config, runner, stop)
    try:
        while not stop.is_set():
            started = time.monotonic()
            reason = "the server closed the stream"
            try:
                opened = await _open_stream(config, streams.instance_id)
                if opened is not None:
                    streams.start(opened)
                    await _play(streams)
            except grpc.aio.AioRpcError as exc:
                reason = await _final_or_reason(config, exc)
            if stop.is_set():
                return
            if time.monotonic() - started > 1.0:  # it had worked for a while: start over gently
                backoff, last_ok = BACKOFF_INITIAL_S, time.monotonic()
            if config.retry_for_s is not None and time.monotonic() - last_ok > config.retry_for_s:
                raise BotError(
                    f"no connection to {config.address} for {config.retry_for_s:g} s ({reason})"
                )
            log.warning(
                "connection to %s ended (%s); retrying in %.2f s", config.address, reason, backoff
            )
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), backoff)
            backoff = min(backoff * 2, BACKOFF_MAX_S)
    finally:
        await streams.close()
        pool.close()


async def _play(streams: _Streams) -> None:
    """While any stream is up: keep one on every worker. Returns when the last one ends
    cleanly (or on stop), raises how it failed otherwise; BotError for a refusal on any."""
    filling: asyncio.Task[None] | None = None
    try:
        while not streams.stop.is_set():
            ended, streams.ended = streams.ended, []
            last = ended.pop() if ended and not streams.held else None
            for error in ended:
                if isinstance(error, grpc.aio.AioRpcError):
                    await _final_or_reason(streams.config, error)  # a refusal ends them all
            if not streams.held:
                if last is None or isinstance(last, EOFError):
                    return
                raise last
            if len(streams.held) < streams.wanted and (filling is None or filling.done()):
                filling = asyncio.create_task(streams.fill())
            streams.changed.clear()
            if not streams.ended:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(streams.changed.wait(), streams.retry_s)
    finally:
        if filling is not None:
            filling.cancel()
            with contextlib.suppress(BaseException):
                await filling


async def _final_or_reason(config: BotConfig, exc: grpc.aio.AioRpcError) -> str:
    """Why a stream failed; BotError when the same Hello would meet the same answer."""
    found = await diagnose(exc, config.address, config.name, config.token, config.tls_ca)
    taken = exc.code() is grpc.StatusCode.ALREADY_EXISTS and config.taken_is_final
    if found.final or taken:
        raise BotError(found.message) from None
    return found.message


async def run_until_stopped(config: BotConfig, policy: Policy, stop: asyncio.Event) -> None:
    """Run the bot until `stop` is set (a signal) or it is refused; a stop is graceful first."""
    main = asyncio.create_task(run_connection_loop(config, policy, stop))
    stopper = asyncio.create_task(stop.wait())
    await asyncio.wait({main, stopper}, return_when=asyncio.FIRST_COMPLETED)
    stopper.cancel()
    if stop.is_set():  # said even when the stop found it between connections, already done
        log.info("bot %s shutting down", config.name)
    if not main.done():
        await asyncio.wait({main}, timeout=2 * GOODBYE_S)
        main.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await main
