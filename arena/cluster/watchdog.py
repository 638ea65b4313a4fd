"""A watchdog for a private local Ray cluster: when the organizer dies, so does the cluster.

Ray ties the processes that `ray.init` starts (GCS, raylet, monitors) to the driver with a
parent-death signal, and workers exit when their raylet goes; but the raylet's agents
(dashboard agent, runtime-env agent) only poll for the raylet, then try to report its death
to the GCS, already dead, with a 60 s timeout (ray/_private/process_watcher.py): they linger
a minute after an organizer is SIGKILLed. So `--cluster local` starts this watchdog first: a
small process in a session of its own that blocks on a pipe from the organizer (the kernel
closes it when the organizer dies, however it dies) and meanwhile notes, twice a second, the
organizer's descendants born after it started. When the pipe closes it SIGKILLs those still
alive (checked by start time: pid numbers wrap) and their process groups, then exits.

Run as a script (stdlib only, `python -S watchdog.py PID`); `start_watchdog` starts it.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

POLL_S = 0.5  # how often the organizer's descendants are noted


def _table() -> dict[int, tuple[int, int, int]]:
    """pid -> (parent pid, process group, start time) of every live process."""
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] in ("Z", "X"):
            continue
        found[int(entry.name)] = (int(fields[1]), int(fields[2]), int(fields[19]))
    return found


def _descendants(root: int, table: dict[int, tuple[int, int, int]]) -> set[int]:
    children: dict[int, list[int]] = {}
    for pid, (parent, _group, _start) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _kill(noted: dict[int, tuple[int, int]]) -> None:
    """SIGKILL each noted process still the same one, and the groups that they lead."""
    table = _table()
    alive = {pid for pid, (_g, start) in noted.items() if table.get(pid, (0, 0, -1))[2] == start}
    for pid in alive | _descendants_of_all(alive, table):
        _, group, _ = table.get(pid, (0, 0, 0))
        with_group = group == pid  # a group of its own (a Ray worker, a bot): all of it
        try:
            if with_group:
                os.killpg(pid, signal.SIGKILL)
            else:
                os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _descendants_of_all(pids: set[int], table: dict[int, tuple[int, int, int]]) -> set[int]:
    found: set[int] = set()
    for pid in pids:
        found |= _descendants(pid, table)
    return found


def watch(organizer: int, stdin: IO[bytes]) -> None:
    """Note the organizer's new descendants until `stdin` closes, then kill them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the organizer's to handle
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    me = os.getpid()
    older = set(_table())  # what ran before: never ours to kill
    sys.stdout.buffer.write(b"1")  # the organizer may start its cluster now
    sys.stdout.buffer.flush()
    noted: dict[int, tuple[int, int]] = {}  # pid -> (group, start time)
    while True:
        table = _table()
        for pid in _descendants(organizer, table) - older - {me}:
            noted.setdefault(pid, (table[pid][1], table[pid][2]))
        readable, _, _ = select.select([stdin], [], [], POLL_S)
        if readable and not os.read(stdin.fileno(), 4096):
            break  # EOF: the organizer closed the pipe, or the kernel did as it died
        if os.getppid() != organizer:
            break
    _kill(noted)


class Watchdog:
    """The organizer's handle: closing it (or dying) makes the watchdog kill what it noted."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-S", __file__, str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            start_new_session=True,  # spared by Ctrl-C and by a kill of the organizer's group
        )
        assert self.process.stdout is not None
        self.process.stdout.read(1)  # it noted what runs already (none of that is ours)

    def close(self) -> None:
        """The cluster is shut down: the watchdog kills what is left of it, and exits."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start_watchdog() -> Watchdog | None:
    """A watchdog for the cluster this process is about to start (Linux; elsewhere None)."""
    if not sys.platform.startswith("linux"):
        return None
    return Watchdog()


if __name__ == "__main__":
    watch(int(sys.argv[1]), sys.stdin.buffer)
