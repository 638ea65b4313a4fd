"""Referee workers on one PostgreSQL database (`arena serve --workers N`, or several `arena
serve` on it): SDK bots with a stream on every worker seated locally (placement), a stream of
the same run kept beside its sibling and a new run replacing them, a bot without an instance id
seated through a relay, a bot held by one server seated by another, a tournament run once and
watched through another worker, a worker killed mid-tournament. Real servers, real bot
processes."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shlex
import signal
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import grpc
import pytest
import sqlalchemy as sa
from serve_process import PY, ROOT, call, kill, start_serve, wait_for_bots
from starter_bots import ToolchainUnavailable, build_js, unavailable

from arena.store import Store, resolve_url
from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

FINISHED = pb.TOURNAMENT_STATUS_FINISHED
CONNECTED = re.compile(r"\[worker (\d+)\] arena\.rpc\.server\.listen: bot (\S+) connected")
STARTED = re.compile(r"\[worker (\d+)\] arena\.rpc\.server\.listen: match (\S+) started")
LIST = pb.ListBotsRequest()
RELAYED = re.compile(r"bot (\S+) seated in match (\S+) through another worker \(relayed\)")


@pytest.fixture
def pg_db(pg_url: str) -> str:
    """The suite's PostgreSQL database, emptied."""
    engine = sa.create_engine(resolve_url(pg_url))
    with engine.begin() as conn:
        conn.execute(sa.text("DROP SCHEMA public CASCADE"))
        conn.execute(sa.text("CREATE SCHEMA public"))
    engine.dispose()
    return pg_url


@contextmanager
def servers(db: str, count: int, *args: str) -> Iterator[list[tuple[subprocess.Popen[str], str]]]:
    """`count` separate `arena serve` processes on the same database, each on its own port."""
    started: list[tuple[subprocess.Popen[str], str]] = []
    try:
        with ThreadPoolExecutor(count) as pool:  # started side by side
            waits = [pool.submit(start_serve, "--db", db, "--workers", "1", *args)
                     for _ in range(count)]  # fmt: skip
            for wait in waits:
                with contextlib.suppress(Exception):
                    started.append(wait.result())
        assert len(started) == count, "a server did not start"
        yield started
    finally:
        for server, _address in started:
            kill(server)


@contextmanager
def bots(
    *placed: tuple[str, str], think_ms: int = 0, stateless: bool = False
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Bot processes, each (name, address): random bots, slow ones thinking `think_ms`, or
    bots whose every choice depends on the request only."""
    processes = []
    try:
        for seed, (name, address) in enumerate(placed):
            if stateless:
                cmd = [PY, str(ROOT / "tests" / "bots" / "stateless_bot.py")]
            elif think_ms:
                cmd = [PY, str(ROOT / "tests" / "bots" / "slow_bot.py"), "--think-ms",
                       str(think_ms)]  # fmt: skip
            else:
                cmd = [PY, str(ROOT / "bots" / "random_bot.py")]
            cmd += ["--address", address, "--name", name, "--seed", str(seed)]
            processes.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL))
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait()


def log_of(server: subprocess.Popen[str]) -> str:
    return "".join(server.stderr.lines)  # type: ignore[union-attr]


def wait_for_streams(server: subprocess.Popen[str], names: set[str], workers: int) -> None:
    """Until every bot has had a stream admitted by each of the `workers` workers."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        held: dict[str, set[str]] = {}
        for found in CONNECTED.finditer(log_of(server)):
            held.setdefault(found.group(2), set()).add(found.group(1))
        if all(len(held.get(name, ())) == workers for name in names):
            return
        time.sleep(0.1)
    raise AssertionError(f"{sorted(names)} have no stream on every worker:\n{log_of(server)}")


def play_on_own_connection(address: str, names: list[str], seed: int) -> pb.MatchRecord:
    """PlayMatch on a TCP connection of its own: the kernel hands it to either worker."""

    async def go() -> pb.MatchRecord:
        own = [("grpc.use_local_subchannel_pool", 1)]
        async with grpc.aio.insecure_channel(address, options=own) as channel:
            request = pb.PlayMatchRequest(game="lucky_numbers", bots=names, seed=seed)
            record: pb.MatchRecord = await arena_pb2_grpc.ArenaServiceStub(channel).PlayMatch(
                request
            )
            return record

    return asyncio.run(asyncio.wait_for(go(), 60))


def test_sdk_bots_hold_a_stream_on_every_worker_and_their_matches_seat_them_locally(
    pg_db: str,
) -> None:
    server, address = start_serve("--db", pg_db, "--workers", "2", "--time-per-move", "3000")
    try:
        with bots(("alpha", address), ("beta", address)):
            wait_for_streams(server, {"alpha", "beta"}, workers=2)
            records = [play_on_own_connection(address, ["alpha", "beta"], seed)
                       for seed in range(6)]  # fmt: skip
        log = log_of(server)
    finally:
        kill(server)
    assert all(r.outcome.termination == pb.TERMINATION_NORMAL for r in records)
    hosted = {m.group(2): m.group(1) for m in STARTED.finditer(log)}
    assert set(hosted) == {r.match_id for r in records}
    assert RELAYED.findall(log) == []  # every seat on the playing worker's own stream
    assert "replaced" not in log  # a bot's streams are siblings: none replaced another


def test_a_bot_busy_on_one_worker_is_busy_on_every_worker(pg_db: str) -> None:
    server, address = start_serve("--db", pg_db, "--workers", "2", "--time-per-move", "5000")

    async def scenario() -> tuple[list[int], list[str]]:
        own = [("grpc.use_local_subchannel_pool", 1)]
        request = pb.PlayMatchRequest(game="lucky_numbers", bots=["s", "t"], seed=1)
        async with grpc.aio.insecure_channel(address, options=own) as channel:
            playing = arena_pb2_grpc.ArenaServiceStub(channel).PlayMatch(request)
            seen, refusals = [], []
            for _ in range(6):  # each on a connection of its own: either worker answers
                async with grpc.aio.insecure_channel(address, options=own) as other:
                    stub = arena_pb2_grpc.ArenaServiceStub(other)
                    listed = []
                    while not any(b.active_matches for b in listed):  # the match has begun
                        listed = (await stub.ListBots(LIST)).bots
                    seen.append(max(b.active_matches for b in listed if b.name == "s"))
                    try:
                        await stub.PlayMatch(request, timeout=30)
                        refusals.append("played")  # never: s plays one match at a time
                    except grpc.aio.AioRpcError as exc:
                        refusals.append(f"{exc.code().name}: {exc.details()}")
            playing.cancel()
        return seen, refusals

    try:
        with bots(("s", address), ("t", address), think_ms=150):
            wait_for_streams(server, {"s", "t"}, workers=2)
            seen, refusals = asyncio.run(asyncio.wait_for(scenario(), 90))
    finally:
        kill(server)
    assert seen == [1] * 6  # ListBots on either worker counts the match of the other
    busy = "RESOURCE_EXHAUSTED: bot 's' already plays 1 matches"
    assert refusals == [busy] * 6, refusals


def test_a_stream_of_the_same_run_is_a_sibling_and_a_new_run_replaces_them_all(
    pg_db: str,
) -> None:
    server, address = start_serve("--db", pg_db, "--workers", "2")

    async def open_stream(instance: str) -> tuple[grpc.aio.Channel, Any, pb.Welcome]:
        own = [("grpc.use_local_subchannel_pool", 1)]  # a connection of its own
        channel = grpc.aio.insecure_channel(address, options=own)
        stream = arena_pb2_grpc.BotServiceStub(channel).Connect()
        hello = pb.Hello(name="solo", token="secret", instance_id=instance)
        await stream.write(pb.BotMessage(hello=hello))
        first = await stream.read()
        assert first.WhichOneof("kind") == "welcome"
        return channel, stream, first.welcome

    async def alive(stream: Any) -> bool:
        await stream.write(pb.BotMessage(ping=pb.Ping(nonce=7)))
        while True:
            message = await stream.read()
            if not isinstance(message, pb.ServerMessage):
                return False
            if message.WhichOneof("kind") == "pong":
                return True

    async def scenario() -> tuple[list[pb.Welcome], list[bool], list[grpc.StatusCode]]:
        first = [await open_stream("run-1")]
        while len({w.worker_id for _c, _s, w in first}) < 2:  # the kernel picks the worker
            first.append(await open_stream("run-1"))
        await asyncio.sleep(1.0)  # the workers have told each other (their links: milliseconds)
        still = [await alive(stream) for _c, stream, _w in first]
        _channel, _stream, _welcome = await open_stream("run-2")  # the bot started anew
        codes = []
        for _c, stream, _w in first:
            with contextlib.suppress(grpc.aio.AioRpcError):
                while isinstance(await stream.read(), pb.ServerMessage):
                    pass
            codes.append(await stream.code())
        return [w for _c, _s, w in first], still, codes

    try:
        welcomes, still, codes = asyncio.run(asyncio.wait_for(scenario(), 60))
        listed = call(address, "ListBots", pb.ListBotsRequest()).bots
    finally:
        kill(server)
    assert {w.worker_count for w in welcomes} == {2} and len({w.worker_id for w in welcomes}) == 2
    assert all(still)  # siblings, one per worker (and spares on a worker held twice)
    assert set(codes) == {grpc.StatusCode.ABORTED}  # replaced, on both workers
    assert [b.name for b in listed] == ["solo"]


def test_a_bot_without_an_instance_id_plays_through_two_workers_by_relay(pg_db: str) -> None:
    server, address = start_serve("--db", pg_db, "--workers", "2", "--time-per-move", "3000")

    async def stub_bot(stop: asyncio.Event) -> None:
        """A bot on the generated stubs alone, with no instance id: one stream, one worker."""
        async with grpc.aio.insecure_channel(address) as channel:
            stream = arena_pb2_grpc.BotServiceStub(channel).Connect()
            await stream.write(pb.BotMessage(hello=pb.Hello(name="stub", max_matches=4)))
            reading = asyncio.ensure_future(stream.read())
            while not stop.is_set():
                done, _ = await asyncio.wait({reading}, timeout=0.1)
                if not done:
                    continue
                message = reading.result()
                if not isinstance(message, pb.ServerMessage):
                    return
                if message.HasField("decision_request"):
                    answer = pb.Decision(request_id=message.decision_request.request_id, index=0)
                    await stream.write(pb.BotMessage(decision=answer))
                elif message.HasField("ping"):
                    await stream.write(pb.BotMessage(pong=pb.Pong(nonce=message.ping.nonce)))
                reading = asyncio.ensure_future(stream.read())
            reading.cancel()

    async def scenario() -> list[pb.MatchRecord]:
        stop = asyncio.Event()
        bot = asyncio.create_task(stub_bot(stop))
        records = []
        try:
            async with grpc.aio.insecure_channel(address) as channel:
                lister = arena_pb2_grpc.ArenaServiceStub(channel)
                while "stub" not in {b.name for b in (await lister.ListBots(LIST)).bots}:
                    await asyncio.sleep(0.05)
            for seed in range(40):  # until a match lands on the worker without its stream
                own = [("grpc.use_local_subchannel_pool", 1)]  # a connection of its own
                async with grpc.aio.insecure_channel(address, options=own) as channel:
                    request = pb.PlayMatchRequest(game="lucky_numbers", bots=["stub", "alpha"],
                                                  seed=seed)  # fmt: skip
                    stub = arena_pb2_grpc.ArenaServiceStub(channel)
                    records.append(await stub.PlayMatch(request))
                if any(b == "stub" for b, _m in RELAYED.findall(log_of(server))):
                    break
        finally:
            stop.set()
            await bot
        return records

    try:
        with bots(("alpha", address)):
            wait_for_streams(server, {"alpha"}, workers=2)
            records = asyncio.run(asyncio.wait_for(scenario(), 120))
        log = log_of(server)
    finally:
        kill(server)
    relayed = RELAYED.findall(log)
    assert relayed and {bot for bot, _match in relayed} == {"stub"}  # alpha: always local
    by_id = {r.match_id: r for r in records}
    for _bot, match_id in relayed:
        assert by_id[match_id].outcome.termination == pb.TERMINATION_NORMAL
        assert len(by_id[match_id].moves) > 20


def test_the_javascript_starter_plays_through_two_workers(pg_db: str) -> None:
    try:
        command = build_js()
    except ToolchainUnavailable as exc:
        unavailable(str(exc))
    server, address = start_serve("--db", pg_db, "--workers", "2", "--time-per-move", "3000")
    js = subprocess.Popen(
        [*shlex.split(command), "--address", address, "--name", "js"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        with bots(("alpha", address)):
            wait_for_bots(address, {"js", "alpha"})
            wait_for_streams(server, {"alpha"}, workers=2)
            records = []
            for seed in range(40):  # until a match lands on the worker without js's stream
                records.append(play_on_own_connection(address, ["js", "alpha"], seed))
                if RELAYED.findall(log_of(server)):
                    break
        log = log_of(server)
    finally:
        js.kill()
        js.wait()
        kill(server)
    assert all(r.outcome.termination == pb.TERMINATION_NORMAL for r in records)
    assert {bot for bot, _match in RELAYED.findall(log)} == {"js"}  # its one stream, relayed


def test_a_bot_connected_to_one_worker_plays_a_match_hosted_by_another(pg_db: str) -> None:
    with servers(pg_db, 2, "--time-per-move", "2000") as [(a, on_a), (b, on_b)]:
        with bots(("alpha", on_a), ("beta", on_b)):
            wait_for_bots(on_b, {"alpha", "beta"})  # alpha is on A, seen from B
            assert {x.name for x in call(on_a, "ListBots", pb.ListBotsRequest()).bots} == {
                "alpha",
                "beta",
            }
            request = pb.PlayMatchRequest(game="lucky_numbers", bots=["alpha", "beta"], seed=3)
            record = call(on_b, "PlayMatch", request)
    assert record.outcome.termination == pb.TERMINATION_NORMAL
    assert len(record.moves) > 20 and {m.seat for m in record.moves} == {0, 1}
    assert "match" in log_of(b) and f"match {record.match_id} started" not in log_of(a)
    # The same match from the database, through the other worker: one record, stored once.
    with Store.open(pg_db) as store:
        assert store.has_match(record.match_id)


def test_a_killed_worker_ends_its_bots_relayed_seats_as_disconnects(pg_db: str) -> None:
    with servers(pg_db, 2, "--time-per-move", "5000") as [(a, on_a), (_b, on_b)]:
        with bots(("alpha", on_a), ("beta", on_b), think_ms=20):
            wait_for_bots(on_b, {"alpha", "beta"})

            async def play_and_kill() -> pb.MatchRecord:
                async with grpc.aio.insecure_channel(on_b) as channel:
                    stub = arena_pb2_grpc.ArenaServiceStub(channel)
                    request = pb.PlayMatchRequest(
                        game="lucky_numbers", bots=["alpha", "beta"], seed=4
                    )
                    playing = asyncio.ensure_future(stub.PlayMatch(request))
                    await asyncio.sleep(1.0)
                    os.kill(a.pid, signal.SIGKILL)  # alpha's stream dies with its worker
                    started = time.monotonic()
                    record = await asyncio.wait_for(playing, 20)
                    assert time.monotonic() - started < 10  # the heartbeats' deadline
                    return record

            record = asyncio.run(play_and_kill())
    assert record.outcome.termination == pb.TERMINATION_DISCONNECT
    assert list(record.outcome.ranks) == [2, 1]  # alpha (seat 0) faulted: last


def test_a_tournament_created_through_one_worker_runs_once_and_is_watched_through_another(
    pg_db: str,
) -> None:
    with servers(pg_db, 2, "--time-per-move", "2000") as [(a, on_a), (b, on_b)]:
        with bots(("alpha", on_a), ("beta", on_a), think_ms=3):
            wait_for_bots(on_b, {"alpha", "beta"})

            async def scenario() -> tuple[list[pb.TournamentUpdate], list[pb.MatchUpdate]]:
                async with (
                    grpc.aio.insecure_channel(on_a) as to_a,
                    grpc.aio.insecure_channel(on_b) as to_b,
                ):
                    stub_a = arena_pb2_grpc.ArenaServiceStub(to_a)
                    stub_b = arena_pb2_grpc.ArenaServiceStub(to_b)
                    create = pb.CreateTournamentRequest(
                        game="lucky_numbers", bots=["alpha", "beta"], seed=5
                    )
                    tid = (await stub_a.CreateTournament(create)).tournament_id
                    tournament: list[pb.TournamentUpdate] = []
                    moves: list[pb.MatchUpdate] = []
                    watch = pb.WatchTournamentRequest(tournament_id=tid)
                    async for update in stub_b.WatchTournament(watch):
                        tournament.append(update)
                        if update.live_matches and not moves:
                            live = pb.WatchMatchRequest(match_id=update.live_matches[0])
                            async for match_update in stub_b.WatchMatch(live):
                                moves.append(match_update)
                    return tournament, moves

            tournament, moves = asyncio.run(asyncio.wait_for(scenario(), 60))
    final = tournament[-1].tournament
    assert final.status == FINISHED and final.fixtures_done == final.fixtures_total == 2
    finished = [m.match_id for u in tournament for m in u.finished]
    assert sorted(finished) == sorted(set(finished)) and len(finished) == 2  # each once
    kinds = [u.kind for u in moves]
    assert kinds[-1] == pb.UPDATE_KIND_END and kinds.count(pb.UPDATE_KIND_MOVE) > 20
    assert all(u.match_id == moves[0].match_id for u in moves)
    # Played by A only (its lease), relayed to B's spectators.
    assert "tournament 1 started" in log_of(a) and "tournament 1 started" not in log_of(b)
    assert "match t1-0 started" not in log_of(b)


def test_a_worker_killed_mid_tournament_leaves_records_as_an_uninterrupted_run(
    pg_db: str,
) -> None:
    names = ["x", "y", "z"]
    server, address = start_serve("--db", pg_db, "--workers", "2", "--time-per-move", "3000")
    try:
        # Bots that carry no state from the interrupted matches into their replays.
        with bots(*((n, address) for n in names), stateless=True):
            wait_for_bots(address, set(names))
            create = pb.CreateTournamentRequest(game="azul", bots=names, seed=6, concurrency=2)
            killed = call(address, "CreateTournament", create).tournament_id
            runner = _runner_when_played(pg_db, killed, at_least=2)
            os.kill(int(runner.rsplit(":", 1)[1]), signal.SIGKILL)
            _wait_finished(address, killed, timeout_s=60)
            wait_for_bots(address, set(names))
            again = call(address, "CreateTournament", create).tournament_id
            _wait_finished(address, again, timeout_s=60)
        log = log_of(server)
    finally:
        kill(server)
    assert "started again" in log and "resumed" in log
    with Store.open(pg_db) as store:
        first = {_index(r.match_id): _essence(r) for r in store.tournament_matches(killed)}
        second = {_index(r.match_id): _essence(r) for r in store.tournament_matches(again)}
    assert len(first) == 6 and first == second


def _runner_when_played(db: str, tid: int, at_least: int) -> str:
    """The lease holder ("host:pid") once `at_least` matches of the tournament are stored."""
    deadline = time.monotonic() + 30
    with Store.open(db) as store:
        while time.monotonic() < deadline:
            tournament = store.tournament(tid)
            if tournament.played >= at_least and tournament.runner:
                return tournament.runner
            time.sleep(0.05)
    raise AssertionError(f"tournament {tid} did not get to {at_least} matches")


def _wait_finished(address: str, tid: int, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    got = None
    while time.monotonic() < deadline:
        try:
            got = call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))
        except grpc.aio.AioRpcError as exc:
            # A connection the kernel gave the killed worker's socket is reset: a client
            # tries again, and the live worker (or the restarted one) answers.
            if exc.code() is not grpc.StatusCode.UNAVAILABLE:
                raise
        else:
            if got.status == FINISHED:
                return
        time.sleep(0.2)
    raise AssertionError(f"tournament {tid} did not finish: {got}")


def _index(match_id: str) -> int:
    return int(match_id.rsplit("-", 1)[1])


def _essence(record: object) -> tuple[object, ...]:
    r = record  # a MatchRecord: what a replay must reproduce
    return (
        r.seed,  # type: ignore[attr-defined]
        r.players,  # type: ignore[attr-defined]
        [(m.seat, m.move) for m in r.moves],  # type: ignore[attr-defined]
        r.outcome.ranks,  # type: ignore[attr-defined]
        r.outcome.termination,  # type: ignore[attr-defined]
    )


def test_one_worker_unless_asked_and_auto_takes_one_per_two_cores_from_four_on_postgresql():
    from arena.errors import ConfigError
    from arena.rpc.server.workers.pool import auto_workers, available_cores, parse_workers

    assert parse_workers(None, True) == 1 and parse_workers(None, False) == 1
    assert parse_workers("auto", True) == auto_workers(available_cores(), True)[0]
    assert parse_workers("auto", False) == 1
    assert [auto_workers(cores, True)[0] for cores in (1, 2, 3, 4, 8, 9)] == [1, 1, 1, 2, 4, 4]
    assert "2 cores here" in auto_workers(2, True)[1] and "SQLite" in auto_workers(8, False)[1]
    assert parse_workers("3", True) == 3
    with pytest.raises(ConfigError, match="give a number of workers or auto"):
        parse_workers("many", True)
