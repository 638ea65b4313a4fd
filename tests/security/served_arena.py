"""Helpers for attacking a shared `arena serve`: a real server process with credentials, canary bots
(real processes with their tokens), and clients built from the generated stubs only.

Every attack test runs a canary match between two honest bots while it attacks, and checks
afterwards that the canary finished normally and that health answered within 100 ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import serve_process
import token_ledger
from grpc_health.v1 import health_pb2, health_pb2_grpc

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
HONEST = ("canary-a", "canary-b", "victim")
NORMAL_ENDS = (pb.TERMINATION_NORMAL, pb.TERMINATION_TURN_CAP)


def arena(*args: str, db: str) -> str:
    """Run the arena CLI; its stdout (it must succeed)."""
    done = subprocess.run(
        [PY, "-m", "arena", *args, "--db", db], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert done.returncode == 0, done.stderr
    token_ledger.printed(f"arena {' '.join(args)}", done.stderr)
    if token_ledger.issues_a_token(args):
        return token_ledger.issued(done.stdout.strip())
    token_ledger.printed(f"arena {' '.join(args)}", done.stdout)
    return done.stdout.strip()


@dataclass
class Served:
    """A running secured server: its address, database and the tokens it knows."""

    address: str
    db: str
    organizer: str
    tokens: dict[str, str]  # bot name -> token
    process: subprocess.Popen[str]

    def auth(self, token: str | None = None) -> tuple[tuple[str, str], ...]:
        """Call metadata carrying the organizer token (or another token)."""
        return (("authorization", f"Bearer {token or self.organizer}"),)


@contextlib.contextmanager
def secured_arena(db: str, bots: tuple[str, ...]) -> Iterator[Served]:
    """A secured `arena serve` on `db` (an organizer, and `bots` registered besides the honest
    ones) with the honest bots connected; everything stopped on leaving."""
    organizer = arena("organizer", "add", "org", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in (*HONEST, *bots)}
    server, address = start_serve(db, "--time-per-move", "2000")
    started = [start_bot(address, name, tokens[name], i) for i, name in enumerate(HONEST)]
    try:
        run(connected(address, set(HONEST)))
        yield Served(address, db, organizer, tokens, server)
    finally:
        for process in [*started, server]:
            stop(process)


def start_serve(db: str, *extra: str) -> tuple[subprocess.Popen[str], str]:
    """`arena serve` on a free loopback port; the process and its address."""
    return serve_process.start_serve("--db", db, *extra)


def start_bot(
    address: str, name: str, token: str, seed: int, *extra: str
) -> subprocess.Popen[bytes]:
    """The random example bot as a process, with its token."""
    command = [PY, str(ROOT / "bots" / "random_bot.py"), "--address", address, "--name", name,
               "--token", token, "--seed", str(seed), *extra]  # fmt: skip
    log = tempfile.NamedTemporaryFile(
        prefix=f"{name}-", suffix=".log", dir=_LOGS.name, delete=False
    )
    BOT_LOGS[name] = Path(log.name)  # read back when a bot fails to connect
    token_ledger.log_file(f"bot {name}", Path(log.name))
    return subprocess.Popen(command, stderr=log, stdout=subprocess.DEVNULL)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run(coro):
    """Run one coroutine on a fresh loop, bounded."""
    return asyncio.run(asyncio.wait_for(coro, 120))


BOT_LOGS: dict[str, Path] = {}
# The bots' logs, removed with the test process (a failing test reads them back first).
_LOGS = tempfile.TemporaryDirectory(prefix="arena-bot-logs-")


async def connected(address: str, names: set[str], timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    async with grpc.aio.insecure_channel(address) as channel:
        stub = arena_pb2_grpc.ArenaServiceStub(channel)
        while time.monotonic() < deadline:
            have = {b.name for b in (await stub.ListBots(pb.ListBotsRequest())).bots}
            if names <= have:
                return
            await asyncio.sleep(0.1)
    logs = {n: BOT_LOGS[n].read_text()[-600:] for n in names if n in BOT_LOGS}
    raise AssertionError(f"bots {sorted(names)} did not connect; their logs: {logs}")


class Canary:
    """An honest match played while an attack runs; it must end normally."""

    def __init__(self, served: Served, seed: int) -> None:
        self.served = served
        self.seed = seed
        self.task: asyncio.Task[pb.MatchRecord] | None = None

    async def __aenter__(self) -> Canary:
        self.channel = grpc.aio.insecure_channel(self.served.address)
        stub = arena_pb2_grpc.ArenaServiceStub(self.channel)
        request = pb.PlayMatchRequest(
            game="lucky_numbers", seed=self.seed, bots=["canary-a", "canary-b"], store=False
        )
        self.task = asyncio.ensure_future(stub.PlayMatch(request, metadata=self.served.auth()))
        await asyncio.sleep(0.05)  # seated before the attack starts
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self.task is not None
        try:
            if exc[0] is None:
                await health_within(self.served.address, 0.1)
                record = await asyncio.wait_for(self.task, 60)
                assert record.outcome.termination in NORMAL_ENDS, record.outcome.detail
        finally:
            self.task.cancel()
            await self.channel.close()


async def health_within(address: str, seconds: float) -> None:
    """The standard health check answers SERVING within `seconds`."""
    async with grpc.aio.insecure_channel(address) as channel:
        await channel.channel_ready()
        started = time.monotonic()
        reply = await health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(), timeout=5
        )
        took = time.monotonic() - started
    assert reply.status == health_pb2.HealthCheckResponse.SERVING
    assert took < seconds, f"health took {took * 1000:.0f} ms"


async def status_of(call) -> tuple[grpc.StatusCode, str]:
    """The status a unary call fails with."""
    try:
        await call
    except grpc.aio.AioRpcError as exc:
        return exc.code(), exc.details() or ""
    raise AssertionError("the call succeeded")


async def hello(address: str, name: str, token: str) -> grpc.StatusCode:
    """Connect as `name` with `token`: OK once welcomed (then hang up), else the refusal."""
    async with grpc.aio.insecure_channel(address) as channel:
        call = arena_pb2_grpc.BotServiceStub(channel).Connect()
        await call.write(pb.BotMessage(hello=pb.Hello(name=name, token=token, games=["azul"])))
        with contextlib.suppress(grpc.aio.AioRpcError):
            first = await call.read()
            if first is not grpc.aio.EOF and first.WhichOneof("kind") == "welcome":
                call.cancel()
                return grpc.StatusCode.OK
        return await call.code()


async def organizer_call(channel: grpc.aio.Channel, token: str) -> grpc.StatusCode:
    """An organizer call that changes nothing: cancel a tournament there is none of."""
    request = pb.CancelTournamentRequest(tournament_id=999_999)
    metadata = (("authorization", f"Bearer {token}"),)
    try:
        await arena_pb2_grpc.ArenaServiceStub(channel).CancelTournament(
            request, metadata=metadata, timeout=30
        )
    except grpc.aio.AioRpcError as exc:
        return exc.code()
    return grpc.StatusCode.OK
