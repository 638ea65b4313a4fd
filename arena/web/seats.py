"""A person's seat at a match, played from a browser page.

The page's server side is a bot like any other: the seat connects to the referee over
BotService.Connect (the Python SDK's own runtime, arena/rpc/client/bot_client.py) with the
person's name and bot token, and each DecisionRequest waits in a worker thread for the
person's click. The referee rules, times and records the match as for any bot; this module
knows no rule of any game: the page lists the moves the request carries. The opponents are
bots connected to the server, or built-in strategies connected by this process as bots of
their own. The match is started with PlayMatch (with the organizer credential `arena web` was
given, if the server wants one) and followed, as any spectator follows it, over WatchMatch.

A seat is named by an unguessable id (the page's address is what lets its holder play); the id
and the token are secrets: never shown, logged or in a repr.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import logging
import secrets
import time
from collections.abc import Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from arena.core.players import DecisionRequest, Policy, Reply
from arena.errors import ArenaError, ConfigError, LimitError, NotFoundError
from arena.match.clock import Clock
from arena.match.limits import check_name
from arena.match.strategies import make_policy, strategies_for
from arena.rpc.client.arena_client import ArenaClient
from arena.rpc.client.bot_client import BotConfig, run_connection_loop
from arena.v1 import arena_pb2 as pb
from arena.web.frames import MoveNote, move_note
from arena.web.play_form import BOT_PACE_MS, CLOCKS_S, DEFAULT_CLOCK
from arena.web.seat_options import Options, checked_options, form_options

log = logging.getLogger("arena.web.seats")

BUILTIN = "builtin:"  # an opponent played by a built-in strategy, e.g. builtin:greedy
MAX_LIVE_SEATS = 8  # matches with a person in them that one web process plays at once
MAX_SEATS_PER_CLIENT = 2  # ... of them started from one address
MAX_LISTENERS = 4  # event streams open on one seat's page at once
KEEP_ENDED_S = 900.0  # an ended seat's page stays readable this long
MAX_KEPT = 64  # ... and at most this many ended ones
CONNECT_WAIT_S = 15.0  # how long the seat and its built-in opponents may take to connect
WATCH_RETRY_S = 0.2  # the match is not watchable until the referee has started it
GIVE_UP_WATCHING_S = 30.0  # after the match, how long to try for its last public updates
MAX_NAME = 64
MAX_TOKEN = 256
_builtins = itertools.count(1)


class SeatClosed(Exception):
    """The match ended (or failed) while the person was still choosing."""


@dataclass(slots=True)
class Decision:
    """A DecisionRequest waiting for the person: their seat's view and legal moves."""

    request_id: int
    view: Mapping[str, Any]  # view(state, seat): what this seat may see, no more
    legal_moves: tuple[str, ...]
    budget_ms: int | None
    bank_ms: int | None
    received_unix_ms: int
    answer: concurrent.futures.Future[int] = field(repr=False)


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """What a person asked for on the page: a game, their seat among the opponents, a clock."""

    game: str
    name: str
    token: str = field(repr=False)  # the person's bot token: never shown
    opponents: tuple[str, ...] = ()  # bot names, or builtin:STRATEGY
    seat: int | None = None  # None: drawn at random
    clock: str = DEFAULT_CLOCK
    options: Options = ()  # (name, text) of the game options chosen; the rest are defaults


class HumanSeat:
    """One person's seat in one match: its bot connections, its pending decision, the public
    updates of the match, and who waits for a change."""

    def __init__(self, sid: str, request: SeatRequest, players: list[str], seat: int) -> None:
        self._sid = sid  # the page's secret address
        self.game = request.game
        self.name = request.name
        self.players = players
        self.seat = seat
        self.match_id = f"web-{secrets.token_hex(6)}"
        self.options: dict[str, str] = {}  # the game options, checked, as PlayMatch takes them
        self.client = ""
        self.pending: Decision | None = None
        self.last_view: Mapping[str, Any] | None = None  # the seat's view at its last decision
        self.public: pb.MatchUpdate | None = None  # the latest public update
        self.notes: list[MoveNote] = []
        self.ended = False
        self.error: str | None = None
        self.ended_at = 0.0
        self.following = True  # the public updates are being read
        self.version = 0
        self._changed = asyncio.Event()
        self.stop = asyncio.Event()  # ends the seat's bot connections
        self.tasks: list[asyncio.Task[None]] = []
        self.listeners = 0  # event streams open on this seat's page
        self.loop = asyncio.get_running_loop()

    def __repr__(self) -> str:
        return f"HumanSeat({self.name!r}, seat {self.seat} of {self.match_id})"

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        """A task of this seat; one that fails ends the seat (and says why in the log)."""
        task = asyncio.create_task(work)
        self.tasks.append(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[None]) -> None:
        exc = task.exception() if not task.cancelled() else None
        if exc is not None:
            if not isinstance(exc, ArenaError):
                log.error("match %s: %r", self.match_id, exc)
            self.finish(str(exc) if isinstance(exc, ArenaError) else "the seat failed")

    # ── changes ──

    def changed(self) -> None:
        """Wake every page waiting on this seat."""
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait_change(self, version: int, timeout_s: float) -> int:
        """Until the seat changes past `version` (or the timeout): its version now."""
        if self.version == version:  # ended too: the last public updates may follow
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout_s)
        return self.version

    @property
    def settled(self) -> bool:
        """Over, with everything the page will ever show of it in (the END update, or all
        the watching could get)."""
        end = self.public is not None and self.public.kind == pb.UPDATE_KIND_END
        return self.ended and (end or not self.following)

    # ── the person's side ──

    def policy(self, request: DecisionRequest) -> Reply:
        """The seat's policy, run by the SDK in a worker thread: hand the request to the page
        and wait for the person's choice (the referee's clock runs meanwhile)."""
        answer: concurrent.futures.Future[int] = concurrent.futures.Future()
        decision = Decision(
            request.request_id,
            dict(request.view),  # decoded here, off the event loop
            request.legal_moves,
            request.budget_ms,
            request.bank_ms,
            int(time.time() * 1000),
            answer,
        )
        self.loop.call_soon_threadsafe(self._ask, decision)
        return answer.result()

    def _ask(self, decision: Decision) -> None:
        if self.ended:
            decision.answer.set_exception(SeatClosed("the match is over"))
            return
        if self.pending is not None and not self.pending.answer.done():
            self.pending.answer.set_exception(SeatClosed("a newer request came"))
        self.pending = decision
        self.last_view = decision.view
        self.changed()

    def choose(self, request_id: int, index: int) -> None:
        """The person's click: move `index` of request `request_id` (ConfigError for a request
        that is not the pending one, or a move it does not have)."""
        pending = self.pending
        if pending is None or pending.request_id != request_id or pending.answer.done():
            raise ConfigError("that decision is not pending any more")
        if not 0 <= index < len(pending.legal_moves):
            raise ConfigError(f"no move {index} in this decision")
        pending.answer.set_result(index)
        self.pending = None
        self.changed()

    # ── the match ──

    def observe(self, update: pb.MatchUpdate) -> None:
        """A public update of the match (WatchMatch)."""
        self.public = update
        note = move_note(update)
        if note is not None:
            self.notes.append(note)
        self.changed()

    def finish(self, error: str | None = None) -> None:
        """The match is over (or could not be played): release the person and the bots."""
        if self.ended:
            return
        self.ended, self.error, self.ended_at = True, error, time.monotonic()
        if self.pending is not None and not self.pending.answer.done():
            self.pending.answer.set_exception(SeatClosed("the match is over"))
        self.pending = None
        self.stop.set()
        self.changed()


class Seats:
    """Every person's seat this web process plays, by secret id, within its bounds."""

    def __init__(self, reader: ArenaClient, organizer: ArenaClient) -> None:
        self.reader = reader  # public reads and watching
        self.organizer = organizer  # PlayMatch: an organizer's credential where one is needed
        self.seats: dict[str, HumanSeat] = {}

    def get(self, sid: str) -> HumanSeat:
        """The seat of a page id (NotFoundError for any other id)."""
        seat = self.seats.get(sid[:64])
        if seat is None or not secrets.compare_digest(sid, seat._sid):
            raise NotFoundError("no such seat (it may have ended a while ago)")
        return seat

    def _prune(self) -> None:
        now = time.monotonic()
        ended = sorted((s.ended_at, k) for k, s in self.seats.items() if s.ended)
        for at, key in ended:
            if now - at > KEEP_ENDED_S or len(ended) > MAX_KEPT:
                del self.seats[key]
                ended = ended[1:]

    async def start(self, request: SeatRequest, client: str) -> tuple[str, HumanSeat]:
        """Check the request against the server, connect the seat and its built-in
        opponents, and start the match: (the page's secret id, the seat)."""
        self._prune()
        live = [s for s in self.seats.values() if not s.ended]
        if len(live) >= MAX_LIVE_SEATS:
            raise LimitError("this web server plays as many matches with people as it may")
        if sum(s.client == client for s in live) >= MAX_SEATS_PER_CLIENT:
            raise LimitError("you play as many matches at once as one address may")
        players, seat, builtins, options = await self._seating(request)
        sid = secrets.token_urlsafe(24)
        human = HumanSeat(sid, request, players, seat)
        human.client = client
        human.options = options
        per_move_s, bank_s = CLOCKS_S[request.clock]
        clock = Clock(per_move_ms=per_move_s * 1000, bank_ms=bank_s * 1000)
        configs: list[tuple[BotConfig, Policy]] = [
            (self._config(request.name, request.token, request.game), human.policy)
        ]
        versions = {request.name: configs[0][0].version}
        for i, name in enumerate(players):
            if i != seat and name in builtins:
                config = self._config(name, secrets.token_urlsafe(16), request.game)
                policy = paced_policy(request.game, builtins[name], secrets.randbelow(2**31))
                configs.append((config, policy))
                versions[name] = config.version
        connections = {}
        for config, policy in configs:
            connections[config.name] = human.spawn(self._connection(human, config, policy))
        try:
            await self._connected(connections, versions)
        except ArenaError:
            human.finish("could not connect")
            raise
        self.seats[sid] = human
        human.spawn(self._play(human, clock))
        human.spawn(self._follow(human))
        log.info("a person (%s) plays seat %d of match %s", request.name, seat, human.match_id)
        return sid, human

    async def _seating(
        self, request: SeatRequest
    ) -> tuple[list[str], int, dict[str, str], dict[str, str]]:
        """The players in seat order, the person's seat, the built-in opponents' names (with
        their strategies) and the game options; ConfigError for a game, an opponent, a seat or
        an option the server or its bots cannot give."""
        games = {g.name: g for g in await self.reader.list_games()}
        info = games.get(request.game)
        if info is None:
            raise ConfigError(f"this server does not play {request.game[:40]!r}")
        options = checked_options(info, request.options)
        name = request.name
        try:
            check_name("your name", name)  # a bot name on the server: the same rule, said here
        except LimitError as exc:  # a form to correct (400), not a server at its limit
            raise ConfigError(str(exc)) from None
        if len(request.token) > MAX_TOKEN:
            raise ConfigError(f"a bot token has at most {MAX_TOKEN} characters")
        n = 1 + len(request.opponents)
        if not info.min_players <= n <= info.max_players:
            raise ConfigError(
                f"{info.title} is played by {info.min_players} to {info.max_players} players, "
                f"not {n}"
            )
        bots = await self.reader.list_bots()
        connected = {b.name for b in bots}  # a name is taken whatever games its bot plays
        playing = {b.name for b in bots if not b.games or request.game in b.games}
        known = strategies_for(request.game)
        builtins: dict[str, str] = {}
        names = []
        for opponent in request.opponents:
            if opponent.startswith(BUILTIN):
                strategy = opponent[len(BUILTIN) :]
                if strategy not in known:
                    raise ConfigError(f"no built-in bot {strategy[:40]!r} for {info.title}")
                bot_name = f"builtin-{strategy}-{next(_builtins)}"
                builtins[bot_name] = strategy
                names.append(bot_name)
            elif opponent == name:
                raise ConfigError("you cannot play against yourself")
            elif opponent in playing:
                names.append(opponent)
            else:
                raise ConfigError(f"no bot {opponent[:64]!r} connected for {info.title}")
        if name in connected:
            raise ConfigError(f"a bot named {name!r} is connected already: choose another name")
        seat = request.seat if request.seat is not None else secrets.randbelow(n)
        if not 0 <= seat < n:
            raise ConfigError(f"there is no seat {seat} at a table of {n}")
        return [*names[:seat], name, *names[seat:]], seat, builtins, options

    def _config(self, name: str, token: str, game: str) -> BotConfig:
        return BotConfig(
            self.reader.address,
            name,
            token,
            games=(game,),
            max_matches=1,
            version=f"arena web seat {secrets.token_hex(4)}",
            retry_for_s=CONNECT_WAIT_S,
            tls_ca=self.reader.remote.tls_ca,
            policy_mode="threads",
            taken_is_final=True,  # a fresh seat has no old connection to wait for: say why now
        )

    async def _connection(self, human: HumanSeat, config: BotConfig, policy: Policy) -> None:
        """One bot connection of the match, until the match is over."""
        try:
            await run_connection_loop(config, policy, human.stop)
        except ArenaError as exc:  # refused (a wrong token ...): the match cannot go on
            human.finish(f"{config.name} could not connect: {exc}")
            raise

    async def _connected(
        self, connections: dict[str, asyncio.Task[None]], versions: dict[str, str]
    ) -> None:
        """Until every connection of the seat is welcomed (as ListBots shows it); the
        refusal of one (a wrong token ...) as a ConfigError naming it."""
        deadline = time.monotonic() + CONNECT_WAIT_S
        while time.monotonic() < deadline:
            done = {n: t for n, t in connections.items() if t.done()}
            if done:  # one refused ends the others: say which was refused
                failed = {n: t.exception() for n, t in done.items() if not t.cancelled()}
                name, exc = next(((n, e) for n, e in failed.items() if e), (next(iter(done)), None))
                raise ConfigError(f"{name} could not connect: {exc or 'it ended at once'}")
            bots = await self.reader.list_bots()
            if all(any(b.name == n and b.version == v for b in bots) for n, v in versions.items()):
                return
            await asyncio.sleep(0.1)
        raise LimitError("the seat could not connect to the server in time")

    async def _play(self, human: HumanSeat, clock: Clock) -> None:
        """PlayMatch: the referee plays the match (and stores it) and answers with its record."""
        try:
            await self.organizer.play_match(
                human.game, human.players, seed=secrets.randbelow(2**31), options=human.options,
                clock=clock, match_id=human.match_id,
            )  # fmt: skip
        except ArenaError as exc:
            human.finish(str(exc))
        else:
            human.finish()

    async def _follow(self, human: HumanSeat) -> None:
        """The match's public updates, as any spectator sees them, from its start to its end."""
        try:
            await self._watch(human)
        finally:
            human.following = False
            human.changed()

    async def _watch(self, human: HumanSeat) -> None:
        while not human.ended or time.monotonic() - human.ended_at < GIVE_UP_WATCHING_S:
            try:
                async for update in self.reader.watch_match(human.match_id):
                    seen = human.public
                    if seen is not None and (update.ply, update.kind) <= (seen.ply, seen.kind):
                        continue  # a stream started again: the updates seen already
                    human.observe(update)
                    if update.kind == pb.UPDATE_KIND_END:
                        return
            except NotFoundError:  # not started yet, or it never will be
                if human.ended and human.error is not None:
                    return
            except ArenaError as exc:
                log.warning("watching match %s: %s", human.match_id, exc)
            await asyncio.sleep(WATCH_RETRY_S)


def paced_policy(game: str, strategy: str, seed: int) -> Policy:
    """A built-in opponent that thinks at a person's pace: a search bot capped at
    BOT_PACE_MS a decision (under the clock), any other as it is (it answers at once)."""
    try:
        return make_policy(game, strategy, seed, budget_ms=BOT_PACE_MS)
    except ConfigError:  # a strategy without a time setting: greedy, random ...
        return make_policy(game, strategy, seed)


def parse_request(form: Mapping[str, Any], opponents: Sequence[str]) -> SeatRequest:
    """The seat a page's form asks for (ConfigError on a field out of bounds)."""
    game = str(form.get("game") or "")[:64]
    clock = str(form.get("clock") or DEFAULT_CLOCK)
    if clock not in CLOCKS_S:
        raise ConfigError("choose one of the clocks offered")
    seat_text = str(form.get("seat") or "random")
    seat: int | None = None
    if seat_text != "random":
        if not seat_text.isdigit() or len(seat_text) > 2:
            raise ConfigError("choose your seat from the list")
        seat = int(seat_text)
    chosen = tuple(o[:80] for o in opponents if o)
    if len(chosen) > 5:
        raise ConfigError("at most five opponents")
    return SeatRequest(
        game,
        str(form.get("name") or "").strip()[: MAX_NAME + 1],
        str(form.get("token") or "")[: MAX_TOKEN + 1],
        chosen,
        seat,
        clock,
        form_options(form),
    )
