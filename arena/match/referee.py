"""The authoritative match loop: legality, clocks, faults, seeds -> MatchRecord.

The same loop serves in-process play and bots over gRPC: it talks only to `Player`s.
Simultaneous decisions (several seats in `to_move`) are asked at once, each seat on its own
clock; a seat's answer is applied as it arrives (engines keep it secret until all are in).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from arena.core.game import Game, check_player_count, options_to_dict
from arena.core.players import DecisionRequest, MatchInfo, Player, Reply
from arena.core.values import MatchRecord, MoveRecord, Outcome, Seat, Termination
from arena.errors import IllegalMoveError, InvalidMoveError
from arena.match.clock import Alarm, Clock, decision_limit_s, starting_bank, transport_of, within
from arena.match.limits import MAX_DETAIL_CHARS, MAX_MOVE_CHARS, clip, shown


class BotFault(Exception):
    """Raised by a Player when its bot misbehaved (disconnect, crash...): adjudicated."""

    def __init__(self, termination: Termination, detail: str) -> None:
        super().__init__(detail)
        self.termination = termination
        self.detail = detail


@dataclass(slots=True)
class MatchEvent:
    """Something public happened in a match (for live printing and watching)."""

    kind: str  # "start", "move", "end"
    match_id: str
    ply: int = 0
    seat: Seat | None = None
    move: str | None = None
    elapsed_ms: float = 0.0
    state: Any = None
    record: MatchRecord | None = None
    # The clocks when the event is shown: each seat's time bank left (None: no clock), and the
    # seats deciding from now on (a countdown runs for them; public: time used is public)
    banks_ms: tuple[float | None, ...] = ()
    deciding: tuple[Seat, ...] = ()
    # How the move appears to everyone but its mover (the game's public_move): what spectators
    # and the other seats are shown; `move` itself is the mover's and the record's.
    public_move: str | None = None


@dataclass(slots=True)
class _Seating:
    player: Player
    bank_ms: float | None  # time bank left; None when the clock is unlimited


EventSink = Callable[[MatchEvent], None]

_Answer = tuple[Reply, float, float, DecisionRequest]  # reply, elapsed ms, transport ms, request


class Referee:
    """Plays one match between players under the rules of one game."""

    def __init__(
        self,
        game: Game[Any, Any],
        options: Any,
        seed: int,
        players: Sequence[Player],
        *,
        clock: Clock | None = None,
        match_id: str | None = None,
        on_event: EventSink | None = None,
        bot_seeds: Sequence[int] | None = None,
    ) -> None:
        check_player_count(game, len(players))
        # Each seat's seed for its own choices: given (a tournament's, keyed by its seed), else
        # derived from the match seed, one way (a bot cannot find the deal's seed from it).
        self.bot_seeds = list(bot_seeds or (default_bot_seed(seed, s) for s in range(len(players))))
        self.game = game
        self.options = options
        self.seed = seed
        self.clock = clock or Clock()
        self.match_id = match_id or uuid.uuid4().hex[:12]
        self.on_event = on_event
        self.seats = [_Seating(p, starting_bank(self.clock)) for p in players]
        self.state = game.setup(len(players), options, random.Random(seed))
        self.moves: list[MoveRecord] = []
        self._held: list[MatchEvent] = []
        self._request_id = 0

    async def run(self) -> MatchRecord:
        """Play to the end (or to the first fault) and return the record."""
        started = time.time()
        names = tuple(s.player.name for s in self.seats)
        info = [
            MatchInfo(
                self.match_id,
                self.game.name,
                options_to_dict(self.options),
                seat,
                names,
                self.clock.per_move_ms,
                self.clock.bank_ms,
                self.bot_seeds[seat],
            )
            for seat in range(len(self.seats))
        ]
        self._emit(MatchEvent("start", self.match_id, state=self.state))
        outcome = await self._start_all(info)
        if outcome is None:
            outcome = await self._loop()
        record = MatchRecord(
            match_id=self.match_id,
            game=self.game.name,
            options=options_to_dict(self.options),
            seed=self.seed,
            players=names,
            moves=tuple(self.moves),
            outcome=outcome,
            started_at=started,
            finished_at=time.time(),
            metadata=_versions(self.seats),
        )
        await asyncio.gather(
            *(_quietly(s.player.finish(record)) for s in self.seats), return_exceptions=True
        )
        self._emit(
            MatchEvent("end", self.match_id, len(self.moves), state=self.state, record=record)
        )
        return record

    async def _start_all(self, info: list[MatchInfo]) -> Outcome | None:
        results = await asyncio.gather(
            *(s.player.start(i) for s, i in zip(self.seats, info, strict=True)),
            return_exceptions=True,
        )
        for seat, result in enumerate(results):
            if isinstance(result, BaseException):
                return self._fault(seat, *_classify(result))
        return None

    async def _loop(self) -> Outcome:
        pending: dict[Seat, asyncio.Task[_Answer]] = {}
        alarm = Alarm()
        try:
            while (outcome := self.game.outcome(self.state)) is None:
                movers = self.game.to_move(self.state)
                if len(movers) == 1 and not pending:
                    # One seat to move (most decisions): awaited directly, no task or future.
                    seat = movers[0]
                    try:
                        answer = await self._ask(seat, alarm)
                    except asyncio.CancelledError:
                        if _cancelling():  # the match itself is cancelled: not a bot failure
                            raise
                        return self._fault(seat, *_classify(asyncio.CancelledError()))
                    except BaseException as exc:  # noqa: BLE001 - every bot failure is adjudicated
                        return self._fault(seat, *_classify(exc))
                    fault = self._accept(seat, answer)
                    if fault is not None:
                        return fault
                    continue
                for seat in movers:
                    if seat not in pending:
                        pending[seat] = asyncio.create_task(self._ask(seat))
                done, _ = await asyncio.wait(pending.values(), return_when=asyncio.FIRST_COMPLETED)
                for seat in sorted(s for s, t in pending.items() if t in done):
                    task = pending.pop(seat)
                    try:
                        answer = task.result()
                    except BaseException as exc:  # noqa: BLE001 - every bot failure is adjudicated
                        return self._fault(seat, *_classify(exc))
                    fault = self._accept(seat, answer)
                    if fault is not None:
                        return fault
                    if self.game.outcome(self.state) is not None:
                        break
            return outcome
        finally:
            alarm.close()
            for task in pending.values():
                task.cancel()
            for task in pending.values():
                with contextlib.suppress(BaseException):
                    await task

    async def _ask(self, seat: Seat, alarm: Alarm | None = None) -> _Answer:
        """Ask one seat for its decision, within its time limit (TimeoutError past it).

        `alarm`: the match's, when the match's own task awaits this decision (one seat to
        move); else (a task per seat) a timer of its own.
        """
        self._request_id += 1
        seating = self.seats[seat]
        request = DecisionRequest(
            match_id=self.match_id,
            request_id=self._request_id,
            game=self.game.name,
            seat=seat,
            view=self.game.view(self.state, seat),
            legal_moves=tuple(self.game.legal_moves(self.state, seat)),
            budget_ms=self.clock.per_move_ms,
            bank_ms=None if seating.bank_ms is None else int(seating.bank_ms),
            bot_seed=self.bot_seeds[seat],
        )
        # The transport share is known before asking, so the hard limit waits that much longer.
        transport_ms = transport_of(seating.player)
        limit = decision_limit_s(self.clock, seating.bank_ms, transport_ms)
        t0 = time.perf_counter()
        if limit is None:
            reply = await seating.player.decide(request)
        elif alarm is not None:
            reply = await alarm.wait(limit, seating.player.decide(request))
        else:
            reply = await within(limit, seating.player.decide(request))
        return reply, (time.perf_counter() - t0) * 1000.0, transport_ms, request

    def _accept(self, seat: Seat, answer: _Answer) -> Outcome | None:
        reply, elapsed_ms, transport_ms, request = answer
        seating = self.seats[seat]
        if self.clock.per_move_ms is not None and seating.bank_ms is not None:
            charged_ms = max(0.0, elapsed_ms - transport_ms)
            seating.bank_ms -= max(0.0, charged_ms - self.clock.per_move_ms)
            if seating.bank_ms < 0:
                share = f" ({transport_ms:.0f} ms of it transport)" if transport_ms else ""
                return self._fault(seat, Termination.TIMEOUT, f"used {elapsed_ms:.0f} ms{share}")
            seating.bank_ms += self.clock.increment_ms or 0
        move, problem = _resolve_reply(reply, request.legal_moves)
        if move is None:
            return self._fault(seat, Termination.UNPARSABLE, problem)
        on_event = self.on_event
        if on_event is not None:
            waiting_before = self.game.to_move(self.state)
            public = self.game.public_move(self.state, seat, move)
        try:
            self.state = self.game.apply(self.state, seat, move)
        except IllegalMoveError as exc:
            return self._fault(seat, Termination.ILLEGAL_MOVE, f"{shown(move, 80)}: {exc}")
        except InvalidMoveError as exc:
            return self._fault(seat, Termination.UNPARSABLE, f"{shown(move, 80)}: {exc}")
        self.moves.append(MoveRecord(seat, move, elapsed_ms, transport_ms))
        if on_event is None:  # nobody watches: no events to build or hold
            return None
        event = MatchEvent(
            "move",
            self.match_id,
            len(self.moves),
            seat,
            move,
            elapsed_ms,
            self.state,
            public_move=public,
        )
        waiting_after = tuple(self.game.to_move(self.state))
        # A simultaneous decision still waiting on other seats stays secret: hold its event
        # until the decision resolves, so watchers never see a pending choice. (Only a
        # decision of several seats can leave some of them waiting.)
        if len(waiting_before) > 1 and waiting_after and set(waiting_after) < set(waiting_before):
            self._held.append(event)
            return None
        banks = tuple(s.bank_ms for s in self.seats)
        for held in self._held:
            held.banks_ms, held.deciding = banks, waiting_after
            on_event(held)
        self._held.clear()
        event.banks_ms, event.deciding = banks, waiting_after
        on_event(event)
        return None

    def _fault(self, seat: Seat, termination: Termination, detail: str) -> Outcome:
        base = self.game.adjudicate(self.state, seat)
        return Outcome(
            ranks=base.ranks,
            scores=base.scores,
            points=base.points,
            termination=termination,
            offender=seat,
            detail=clip(
                f"seat {seat} ({self.seats[seat].player.name}): {detail}", MAX_DETAIL_CHARS
            ),
        )

    def _emit(self, event: MatchEvent) -> None:
        if self.on_event is not None:
            event.banks_ms = tuple(s.bank_ms for s in self.seats)
            event.deciding = () if event.kind == "end" else tuple(self.game.to_move(self.state))
            self.on_event(event)


async def play_match(
    game: Game[Any, Any],
    options: Any,
    seed: int,
    players: Sequence[Player],
    *,
    clock: Clock | None = None,
    match_id: str | None = None,
    on_event: EventSink | None = None,
    bot_seeds: Sequence[int] | None = None,
) -> MatchRecord:
    """Play one match and return its record (faults are adjudicated, never raised)."""
    referee = Referee(
        game,
        options,
        seed,
        players,
        clock=clock,
        match_id=match_id,
        on_event=on_event,
        bot_seeds=bot_seeds,
    )
    return await referee.run()


BOT_SEED_BITS = 53  # exact in JSON and JavaScript numbers


def default_bot_seed(match_seed: int, seat: int) -> int:
    """A seat's seed for its own choices, from the match seed through SHA-256 (one way)."""
    digest = hashlib.sha256(f"arena bot seed:{match_seed}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (1 << BOT_SEED_BITS)


def _versions(seats: Sequence[_Seating]) -> dict[str, Any]:
    """The software versions remote players reported, for the record (none: no entry)."""
    versions = [str(getattr(s.player, "version", "") or "")[:128] for s in seats]
    return {"versions": versions} if any(versions) else {}


def _cancelling() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _resolve_reply(reply: Any, legal: tuple[str, ...]) -> tuple[str | None, str]:
    if isinstance(reply, bool):
        return None, f"reply {reply!r} is neither a move nor an index"
    if isinstance(reply, int):
        if 0 <= reply < len(legal):
            return legal[reply], ""
        return None, f"index {reply} outside the {len(legal)} legal moves"
    if isinstance(reply, str):
        if len(reply) > MAX_MOVE_CHARS:
            return None, f"a reply of {len(reply)} characters (a move has at most {MAX_MOVE_CHARS})"
        return " ".join(reply.split()), ""
    return None, f"reply {reply!r} is neither a move nor an index"


def _classify(exc: BaseException) -> tuple[Termination, str]:
    if isinstance(exc, BotFault):
        return exc.termination, exc.detail
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return Termination.TIMEOUT, "no decision within the time limit"
    if isinstance(exc, asyncio.CancelledError):
        return Termination.ABORTED, "match cancelled"
    return Termination.CRASH, f"{type(exc).__name__}: {exc}"


async def _quietly(awaitable: Any) -> None:
    with contextlib.suppress(Exception):
        await awaitable
