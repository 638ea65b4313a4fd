"""`arena serve` as a real process on a free loopback port, for the end-to-end tests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
LISTENING = re.compile(r"referee listening on 127\.0\.0\.1:(\d+)")


def start_serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    """`arena serve --address 127.0.0.1:0 ARGS`: the process (stderr piped) and its address.

    A server that does not say where it listens first is killed before the test fails, so a
    failing test leaves no server behind.
    """
    server = subprocess.Popen(
        [PY, "-m", "arena", "serve", "--address", "127.0.0.1:0", *args],
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert server.stderr is not None
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
