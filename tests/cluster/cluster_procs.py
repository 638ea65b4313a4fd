"""Processes of a cluster test, read from /proc: who descends from whom, and what is still alive."""

from __future__ import annotations

import os
import re
import signal
import socket
import sqlite3
import time
from pathlib import Path

# Quick to notice a dead node (Ray's defaults take tens of seconds).
FAST_HEALTH_CHECKS = {
    "RAY_health_check_initial_delay_ms": "0",
    "RAY_health_check_period_ms": "500",
    "RAY_health_check_timeout_ms": "500",
    "RAY_health_check_failure_threshold": "2",
    "RAY_USAGE_STATS_ENABLED": "0",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def processes() -> dict[int, int]:
    """pid -> parent pid of every live process (zombies left out)."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] not in ("Z", "X"):
                found[int(entry.name)] = int(fields[1])
    return found


def with_descendants(roots: set[int]) -> set[int]:
    """`roots` and every live process below them."""
    tree = processes()
    found = set(roots) & set(tree)
    while True:
        more = {pid for pid, parent in tree.items() if parent in found} - found
        if not more:
            return found
        found |= more


def command_line(pid: int) -> str:
    try:
        return (
            Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        )
    except OSError:
        return ""


def alive_after(pids: set[int], timeout: float) -> dict[int, str]:
    """The pids still alive after `timeout` s (pid -> command line)."""
    deadline = time.monotonic() + timeout
    while True:
        left = set(processes()) & pids
        if not left or time.monotonic() >= deadline:
            return {pid: command_line(pid) for pid in left}
        time.sleep(0.05)


def kill_all(pids: set[int]) -> None:
    """SIGKILL these processes and everything below them."""
    for pid in with_descendants(pids):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def stored(db: Path) -> int:
    """Matches stored so far in a SQLite file (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            return int(conn.execute("SELECT count(*) FROM matches").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def wait_stored(db: Path, matches: int, process, timeout: float = 120) -> None:  # noqa: ANN001
    """Wait until `matches` are stored (AssertionError if the process ends first or too late)."""
    deadline = time.monotonic() + timeout
    while stored(db) < matches:
        assert process.poll() is None, f"ended first: {process.communicate()[1][-2000:]}"
        assert time.monotonic() < deadline, f"{stored(db)} matches stored in {timeout} s"
        time.sleep(0.02)


def raylets(port: int) -> set[int]:
    """The raylets of the cluster whose GCS listens on `port` (other engineers' test
    clusters may run on this machine too)."""
    gcs = re.compile(rf"--gcs-address=\S+:{port}\b")
    return {p for p in processes() if _comm(p) == "raylet" and gcs.search(command_line(p))}


def _comm(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""
