"""`arena serve` as a real process on a free loopback port, for the end-to-end tests."""

from __future__ import annotations

import asyncio
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc
import token_ledger
from reaper import reaper

from arena.v1 import arena_pb2 as pb
from arena.v1 import arena_pb2_grpc

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
LISTENING = re.compile(r"referee listening on 127\.0\.0\.1:(\d+)")


class DrainedLog:
    """A server's stderr read in the background as it comes (a pipe nobody reads would fill
    up and block the server), still readable by the test with readline() and read().

    Every line is also kept for the session's search for printed tokens (token_ledger)."""

    def __init__(self, pipe: Any, where: str) -> None:
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        token_ledger.streamed(where, self.lines)
        self._thread = threading.Thread(target=self._drain, args=(pipe,), daemon=True)
        self._thread.start()

    def _drain(self, pipe: Any) -> None:
        for line in pipe:
            self.lines.append(line)
            self._queue.put(line)
        self._queue.put(None)

    def readline(self) -> str:
        """The next line ("" at the end), waiting for it."""
        line = self._queue.get()
        if line is None:
            self._queue.put(None)
            return ""
        return line

    def read(self) -> str:
        """Everything until the process closes its stderr."""
        out = []
        while line := self.readline():
            out.append(line)
        return "".join(out)


def start_serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """`arena serve --address 127.0.0.1:0 ARGS`: the process (its stderr drained into a
    DrainedLog) and its address. Without --db in ARGS it gets a fresh database of its own
    (removed by kill), never an arena.db in the checkout.

    A server that does not say where it listens first is killed before the test fails, so a
    failing test leaves no server behind; the run's watchdog stops it if the run dies first.
    """
    own_db = None
    if "--db" not in args and not any(a.startswith("--db=") for a in args):
        own_db = tempfile.mkdtemp(prefix="arena-serve-")
        args = (*args, "--db", str(Path(own_db) / "serve.db"))
    server = subprocess.Popen(
        [PY, "-m", "arena", "serve", "--address", "127.0.0.1:0", *args],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        start_new_session=True,  # a group of its own, for the watchdog to stop
    )
    _TICKETS[server.pid] = reaper().watch_group(server.pid)
    if own_db is not None:
        _OWN_DBS[server.pid] = own_db
    try:
        assert server.stderr is not None
        server.stderr = DrainedLog(server.stderr, f"arena serve {' '.join(args)}")  # type: ignore[assignment]
        line = server.stderr.readline()
        port = LISTENING.search(line)
        if port is None:
            kill(server)
            raise AssertionError(f"arena serve did not start: {line}{server.stderr.read()}")
    except BaseException:
        kill(server)
        raise
    return server, f"127.0.0.1:{port.group(1)}"


def kill(process: subprocess.Popen) -> None:
    """SIGKILL a process still running and reap it."""
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    ticket = _TICKETS.pop(process.pid, None)
    if ticket is not None:
        reaper().forget(ticket)
    own_db = _OWN_DBS.pop(process.pid, None)
    if own_db is not None:
        shutil.rmtree(own_db, ignore_errors=True)


_TICKETS: dict[int, Path] = {}  # server pid -> its watchdog ticket
_OWN_DBS: dict[int, str] = {}  # server pid -> the folder of the database start_serve gave it


@contextmanager
def arena_serve(db: str, *bot_names: str) -> Iterator[str]:
    """`arena serve --db DB` on a free port with random bot processes connected; its address."""
    server, address = start_serve("--db", db, "--time-per-move", "2000")
    bots: list[subprocess.Popen[bytes]] = []
    try:
        for name in bot_names:
            cmd = [PY, str(ROOT / "bots" / "random_bot.py"), "--address", address, "--name", name,
                   "--seed", str(len(bots))]  # fmt: skip
            bots.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL))
        wait_for_bots(address, set(bot_names))
        yield address
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=10) == 0
    finally:
        for process in [*bots, server]:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()


def call(address: str, method: str, request):
    """One ArenaService call on a fresh channel (blocking)."""

    async def go():
        async with grpc.aio.insecure_channel(address) as channel:
            return await getattr(arena_pb2_grpc.ArenaServiceStub(channel), method)(request)

    return asyncio.run(asyncio.wait_for(go(), 30))


def wait_for_bots(address: str, names: set[str], timeout_s: float = 20.0) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        connected = {b.name for b in call(address, "ListBots", pb.ListBotsRequest()).bots}
        if names <= connected:
            return
        time.sleep(0.1)
    raise AssertionError(f"bots {sorted(names)} did not connect")
