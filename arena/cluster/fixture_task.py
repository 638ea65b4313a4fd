"""The worker side: play one fixture on this node, with fresh bot processes that die with it.

A task checks the node's fingerprint, starts a referee on loopback and the process bots of
its fixture's seats (each with a parent-death signal: a killed worker leaves none running),
plays the match and returns the record with what each bot printed. It never touches the
database: the organizer stores the result.
"""

from __future__ import annotations

import asyncio
import os
import socket
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from arena.cluster.crash_ledger import CrashReport
from arena.cluster.fingerprint import Fingerprint, check_fingerprint
from arena.core.players import Player
from arena.core.values import MatchRecord
from arena.tournament.entrants import builtin_player, builtin_strategy, local_runner
from arena.tournament.logs import marked_runner
from arena.tournament.manage import game_and_options, spec_clock
from arena.tournament.schedule import Fixture, TournamentSpec


@dataclass(frozen=True, slots=True)
class FixtureJob:
    """What a task needs: the tournament's spec, one fixture, and who asks."""

    spec: TournamentSpec
    fixture: Fixture | None  # None: only check the node and start every process bot once
    fingerprint: Fingerprint
    cwd: str  # the organizer's directory: relative bot commands are resolved from it


@dataclass(frozen=True, slots=True)
class FixtureResult:
    """A played fixture: its record (as a dict), each process bot's output, the node, and
    (from a warm worker) the crashes it saw."""

    record: dict[str, Any] | None
    node: str
    logs: dict[str, str] = field(default_factory=dict)
    crashes: CrashReport = field(default_factory=CrashReport)  # warm workers: what they saw


def play_fixture(job: FixtureJob) -> FixtureResult:
    """Run one job on this node (the function a Ray task runs)."""
    node = socket.gethostname()
    check_fingerprint(job.fingerprint, node)
    if os.path.isdir(job.cwd):
        # A worker runs one task at a time; bot commands are given relative to the organizer.
        os.chdir(job.cwd)
    return asyncio.run(_play(job, node))


def process_bots(spec: TournamentSpec, seats: tuple[str, ...]) -> dict[str, str]:
    """Name -> command of the bots among `seats` that run as processes."""
    bots = {b.name: b for b in spec.bots}
    return {
        name: command
        for name in dict.fromkeys(seats)
        if (command := bots[name].command) and builtin_strategy(bots[name]) is None
    }


async def _play(job: FixtureJob, node: str) -> FixtureResult:
    spec, fixture = job.spec, job.fixture
    game, options = game_and_options(spec)
    bots = {b.name: b for b in spec.bots}
    seats = fixture.seats if fixture is not None else tuple(bots)
    processes = process_bots(spec, seats)

    def builtin_seat(f: Fixture, seat: int) -> Player:
        return builtin_player(game.name, bots[f.seats[seat]], f, seat)

    if not processes:
        if fixture is None:
            return FixtureResult(None, node)
        runner = local_runner(game, options, builtin_seat, spec_clock(spec), seed_key=spec.seed)
        played = await runner(fixture)
        return FixtureResult(played.to_dict(), node)
    from arena.rpc.embedded import EmbeddedReferee  # lazy: only process bots need it

    with tempfile.TemporaryDirectory(prefix="arena-fixture-") as folder:
        referee = EmbeddedReferee(log_dir=Path(folder))
        record: MatchRecord | None = None
        try:
            await referee.start()
            await asyncio.gather(*(referee.launch(n, c) for n, c in processes.items()))
            if fixture is not None:

                def seat_player(f: Fixture, seat: int) -> Player:
                    name = f.seats[seat]
                    return referee.player(name) if name in processes else builtin_seat(f, seat)

                play = local_runner(
                    game, options, seat_player, spec_clock(spec), seed_key=spec.seed
                )
                record = await marked_runner(play, referee, set(processes))(fixture)
        finally:
            await referee.close()
        logs = {
            name: path.read_text(encoding="utf-8", errors="replace")
            for name in processes
            if (path := Path(folder) / f"{name}.log").is_file()
        }
    return FixtureResult(record.to_dict() if record else None, node, logs)
