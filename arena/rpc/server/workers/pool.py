"""`arena serve --workers N`: N referee processes on one port, kept running by a supervisor.

The supervisor binds nothing itself but a placeholder that reserves the port (port 0 resolved
to a free one); each worker is an `arena serve` listening on the same port with SO_REUSEPORT,
so the kernel spreads connections over them, and all share the PostgreSQL database, through
which they share bots, tournaments and watch streams (arena/rpc/server/workers/mesh.py). A worker
that
dies is started again (what it played is recovered: arena/rpc/server/hosting.py); every worker
dies with the supervisor, even when it is SIGKILLed (a parent-death signal).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Sequence
from typing import Any

from arena.errors import ConfigError

log = logging.getLogger("arena.rpc.server.workers.pool")

RESTART_DELAY_S = 0.5  # a dead worker is started again after this...
MAX_RESTARTS = 10  # ...unless this many restarts happened within RESTART_WINDOW_S
RESTART_WINDOW_S = 60.0
STOP_GRACE_S = 10.0  # workers asked to stop are killed after this long
RELAY_TOKEN_ENV = "ARENA_RELAY_TOKEN_SHARED"  # the web pages' relay token, the same on all
POOL_ENV = "ARENA_WORKER_POOL"  # the id shared by the workers of one address (mesh.py)
POOL_SIZE_ENV = "ARENA_WORKER_POOL_SIZE"  # and how many they are


def pool_size() -> int:
    """The workers this process's supervisor keeps running (1 without one)."""
    try:
        return max(1, int(os.environ.get(POOL_SIZE_ENV) or 1))
    except ValueError:
        return 1


def available_cores() -> int:
    """The CPUs this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


AUTO_MIN_CORES = 4  # --workers auto starts several workers from this many cores on


def auto_workers(cores: int, database_is_postgres: bool) -> tuple[int, str]:
    """What `--workers auto` starts, and why (said at start).

    One worker unless the machine has cores to spare beyond what bots on it use: a referee
    decision costs about as much CPU as the SDK bots' side of it (docs/scale.md), so auto gives
    the referee one worker per two cores, and on a machine of fewer than AUTO_MIN_CORES (where
    two workers measured about as fast as one: the bots hold the other core) one."""
    if not database_is_postgres:
        return 1, "1 worker: a SQLite database is served by one process"
    if cores < AUTO_MIN_CORES:
        return 1, (
            f"1 worker: {cores} cores here, shared with the bots on this machine; two workers "
            "measured about as fast as one on 2 cores (0.99 x, docs/scale.md)"
        )
    count = cores // 2
    return count, (
        f"{count} workers: {cores} cores here, one worker per two cores (the others left to bots "
        "on this machine; each bot keeps a stream on every worker, so no seat is relayed)"
    )


def parse_workers(text: str | None, database_is_postgres: bool) -> int:
    """`--workers`: a count, or "auto" (auto_workers); one unless told."""
    if text is None:
        return 1
    if text.strip().lower() == "auto":
        return auto_workers(available_cores(), database_is_postgres)[0]
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"--workers {text!r}: give a number of workers or auto") from None


def check_workers(workers: int, database_is_postgres: bool) -> None:
    """ConfigError for several workers on SQLite (one process writes it)."""
    if workers < 1:
        raise ConfigError("--workers must be at least 1")
    if workers > 1 and not database_is_postgres:
        raise ConfigError(
            f"--workers {workers} needs a PostgreSQL database (--db postgresql://...): "
            "a SQLite database is served by one process"
        )


def reserve_port(address: str) -> tuple[socket.socket, str]:
    """A socket holding the port of `address` (SO_REUSEPORT, not listening) and the address
    with port 0 replaced by the port it got."""
    host, _, port = address.rpartition(":")
    bare = host.strip("[]") or "0.0.0.0"
    family = socket.AF_INET6 if ":" in bare else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((bare, int(port)))
    except OSError as exc:
        sock.close()
        raise ConfigError(f"cannot listen on {address}: {exc.strerror or exc}") from None
    return sock, f"{host}:{sock.getsockname()[1]}"


def worker_argv(serve_args: Sequence[str], address: str, index: int) -> list[str]:
    """The command line of worker `index`: `arena serve` with the resolved address."""
    return [sys.executable, "-m", "arena", "serve", *serve_args, "--address", address,
            "--workers", "1", "--worker-index", str(index)]  # fmt: skip


class Supervisor:
    """Starts the workers, starts again one that dies, stops them all on SIGINT/SIGTERM."""

    def __init__(self, argvs: list[list[str]]) -> None:
        self.argvs = argvs
        self.processes: dict[int, asyncio.subprocess.Process] = {}
        self.stopping = False
        self.restarts: list[float] = []
        self.failed = ""

    async def _start(self, index: int) -> None:
        from arena.rpc.guard import guarded  # a parent-death signal: they die with us

        process = await asyncio.create_subprocess_exec(
            *guarded(self.argvs[index]), stdin=asyncio.subprocess.DEVNULL
        )
        self.processes[index] = process
        log.debug("worker %d started (process %d)", index, process.pid)

    async def _keep(self, index: int) -> None:
        while not self.stopping:
            await self._start(index)
            code = await self.processes[index].wait()
            if self.stopping:
                return
            now = time.monotonic()
            self.restarts = [t for t in self.restarts if now - t < RESTART_WINDOW_S] + [now]
            if len(self.restarts) > MAX_RESTARTS:
                self.failed = f"workers died {len(self.restarts)} times within a minute"
                log.error("%s: the server stops", self.failed)
                self.stopping = True
                return
            log.warning("worker %d (process %d) ended with %s: started again", index,
                        self.processes[index].pid, code)  # fmt: skip
            await asyncio.sleep(RESTART_DELAY_S)

    async def run(self) -> int:
        """Run until SIGINT/SIGTERM (or too many deaths); the exit code."""
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        keepers = [asyncio.create_task(self._keep(i)) for i in range(len(self.argvs))]
        watcher = asyncio.create_task(stop.wait())
        everyone = asyncio.gather(*keepers)
        waiting: set[asyncio.Future[Any]] = {watcher, everyone}
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        self.stopping = True
        await self._stop_all()
        watcher.cancel()
        with contextlib.suppress(BaseException):
            await everyone
        return 1 if self.failed else 0

    async def _stop_all(self) -> None:
        live = [p for p in self.processes.values() if p.returncode is None]
        for process in live:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(asyncio.gather(*(p.wait() for p in live)), STOP_GRACE_S)
        except TimeoutError:
            for process in live:
                if process.returncode is None:
                    with contextlib.suppress(ProcessLookupError):
                        process.kill()
            await asyncio.gather(*(p.wait() for p in live))


def run_workers(serve_args: Sequence[str], address: str, workers: int, web: str | None) -> int:
    """Serve with `workers` processes on `address` until stopped; the exit code."""
    placeholder, resolved = reserve_port(address)
    os.environ.setdefault(RELAY_TOKEN_ENV, secrets.token_urlsafe(32))  # inherited by workers
    os.environ[POOL_ENV] = secrets.token_hex(8)  # so is the pool's id (Welcome.worker_count)
    os.environ[POOL_SIZE_ENV] = str(workers)
    try:
        argvs = []
        for index in range(workers):
            argv = worker_argv(serve_args, resolved, index)
            if web is not None and index == 0:  # one process serves the pages
                argv += ["--web", web]
            argvs.append(argv)
        return asyncio.run(Supervisor(argvs).run())
    finally:
        placeholder.close()
