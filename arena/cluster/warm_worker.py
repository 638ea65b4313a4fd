"""The worker side of warm mode: a Ray actor that keeps a referee and its bots across fixtures.

Each actor holds one EmbeddedReferee on its node's loopback and the tournament's process bots,
all started together with its first match and each restarted only when it crashed
(CrashPolicy, as a one-process run does), so a bot that keeps state from match to match sees
all of this actor's matches in one process. The crash counts are the organizer's
(crash_ledger.py): each fixture brings them and its result reports what changed. The referee
runs on an event loop of its own thread that lives as long as the actor: the bots'
parent-death signal is tied to the thread that started them, and the actor's process (a Ray
worker) dies with the organizer's job.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import tempfile
import threading
from collections import Counter
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from arena.cluster.crash_ledger import CrashReport, CrashState
from arena.cluster.fingerprint import check_fingerprint
from arena.cluster.fixture_task import FixtureJob, FixtureResult, process_bots
from arena.core.players import Player
from arena.core.values import MatchRecord
from arena.tournament.crashes import CrashPolicy
from arena.tournament.entrants import builtin_player, local_runner
from arena.tournament.logs import marked_runner
from arena.tournament.manage import game_and_options, spec_clock
from arena.tournament.schedule import Fixture, TournamentSpec

T = TypeVar("T")


class WarmWorker:
    """One warm worker (made a Ray actor by the organizer): plays its fixtures one at a time."""

    def __init__(self, spec: TournamentSpec, max_crashes: int, forfeit_absent: bool) -> None:
        self.spec = spec
        self.forfeit_absent = forfeit_absent
        self.node = socket.gethostname()
        self.commands = process_bots(spec, tuple(b.name for b in spec.bots))
        self._logs = Path(tempfile.mkdtemp(prefix="arena-warm-"))
        self._read: dict[str, int] = {}  # bot -> bytes of its log already sent
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(
            target=self._loop.run_forever, name="arena-warm-referee", daemon=True
        )
        self._thread.start()
        self._referee: Any = None  # EmbeddedReferee, started with the first process bot
        self._policy: CrashPolicy | None = None
        self._max_crashes = max_crashes
        self._started: set[str] = set()  # bots launched here (once each; restarts apart)

    def ready(self) -> str:
        """This worker's node, once the actor runs."""
        return self.node

    def play(self, job: FixtureJob, state: CrashState) -> FixtureResult:
        """Play the job's fixture (None: start every process bot, the organizer's check)."""
        check_fingerprint(job.fingerprint, self.node)
        if os.path.isdir(job.cwd) and os.getcwd() != job.cwd:
            os.chdir(job.cwd)  # bot commands are given relative to the organizer
        return self._run(self._play(job.fixture, state))

    def close(self) -> None:
        """Stop the bots and the referee (the actor is killed next), remove their logs."""
        if self._referee is not None:
            self._run(self._referee.close())
            self._referee = None
        shutil.rmtree(self._logs, ignore_errors=True)

    def _run(self, coro: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()

    async def _play(self, fixture: Fixture | None, state: CrashState) -> FixtureResult:
        seats = fixture.seats if fixture is not None else tuple(b.name for b in self.spec.bots)
        mine = {n: c for n, c in self.commands.items() if n in seats}
        if not mine and fixture is None:
            return FixtureResult(None, self.node)
        policy = await self._crash_policy(state) if mine else None
        warnings: list[str] = []
        if policy is not None:
            policy.warn = warnings.append
            before, gone = Counter(policy.crashes), set(policy.withdrawn)
            # Every process bot of the tournament starts with this worker's first match, all at
            # once as in a one-process run (one by one on first use cost a start each).
            new = {n: c for n, c in self.commands.items() if n not in self._started | gone}
            self._started |= set(new)
            await policy.start(new, forfeit_absent=self.forfeit_absent)
            await policy.ready(seats)  # restart what died since its last match here
        record = None
        if fixture is not None:
            record = await self._match(fixture, policy, set(mine))
        if policy is None:
            return FixtureResult(record.to_dict() if record else None, self.node)
        await policy.ready(seats)  # a crash in this match counts now, for every worker
        report = CrashReport(
            dict(Counter(policy.crashes) - before),
            {n: why for n, why in policy.withdrawn.items() if n not in gone},
            tuple(warnings),
        )
        logs = self._new_output(mine) if fixture is not None else {}  # kept for the 1st match
        return FixtureResult(record.to_dict() if record else None, self.node, logs, report)

    async def _crash_policy(self, state: CrashState) -> CrashPolicy:
        if self._referee is None:
            from arena.rpc.embedded import EmbeddedReferee  # lazy: only process bots need it

            self._referee = EmbeddedReferee(log_dir=self._logs)
            await self._referee.start()
            self._policy = CrashPolicy(self._referee, self._max_crashes)
        assert self._policy is not None
        self._policy.crashes = Counter(state.crashes)  # the tournament's counts, not ours
        self._policy.withdrawn = dict(state.withdrawn)
        return self._policy

    async def _match(
        self, fixture: Fixture, policy: CrashPolicy | None, processes: set[str]
    ) -> MatchRecord:
        game, options = game_and_options(self.spec)
        bots = {b.name: b for b in self.spec.bots}

        def seat_player(f: Fixture, seat: int) -> Player:
            name = f.seats[seat]
            if policy is not None and name in processes:
                return policy.seat(name)
            return builtin_player(game.name, bots[name], f, seat)

        play = local_runner(
            game, options, seat_player, spec_clock(self.spec), seed_key=self.spec.seed
        )
        if policy is None:
            return await play(fixture)
        return await marked_runner(play, self._referee, processes)(fixture)

    def _new_output(self, names: dict[str, str]) -> dict[str, str]:
        """What each of these bots printed since the last fixture that returned its output."""
        out = {}
        for name in names:
            path = self._logs / f"{name}.log"
            if not path.is_file():
                continue
            with path.open("rb") as log:
                log.seek(self._read.get(name, 0))
                data = log.read()
            self._read[name] = self._read.get(name, 0) + len(data)
            out[name] = data.decode("utf-8", errors="replace")
        return out
