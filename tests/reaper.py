"""A watchdog that stops what a test run started when the run dies, however it dies.

pytest's teardown stops the suite's services on a normal end, a failure, Ctrl-C and SIGTERM;
a SIGKILL, the OOM killer or a library calling _exit skips it, and pg_ctl's server (a daemon
in a session of its own) or a walkthrough's background jobs would outlive the run. So the run
starts this watchdog on first need: a small process in a session of its own (a kill of the
run's process group spares it) that blocks on a pipe from the run. The kernel closes that pipe
when the run dies; the watchdog also notices a new parent pid. It then stops what is still
registered in its directory, one JSON file per thing, each checked to be the same process
(pid numbers wrap fast: pid_max may be 32768):

- {"group": PGID, "start": T}: a process group, its leader's start time T (from /proc);
- {"postgres": DATA, "root": DIR}: a PostgreSQL server on DATA, and its directory to remove.

Run as a script, this file is the watchdog: python reaper.py DIRECTORY.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

POLL_S = 0.5  # how often the watchdog checks its parent pid
GRACE_S = 3.0  # between the polite signal and SIGKILL


# --- /proc facts about a process (None when it is gone)


def start_time(pid: int) -> int | None:
    """The process's start time in clock ticks since boot (None: no such process)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return int(stat.rsplit(")", 1)[1].split()[19])  # field 22, after the "(comm)" field


def group_members(pgid: int) -> list[int]:
    """The pids of the living processes in process group `pgid`."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                members.append(int(entry.name))
    return members


def postmaster_pid(data: Path) -> int | None:
    """The pid of the PostgreSQL server on `data`, if one runs there."""
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (OSError, ValueError, IndexError):
        return None
    return pid if str(data).encode() in cmdline else None  # the same server, not a reused pid


# --- stopping


def stop_group(pgid: int, started: int) -> None:
    """SIGTERM the group, then SIGKILL what is left; only if it is still the one registered."""
    leader = start_time(pgid)
    if leader is not None and leader != started:
        return  # the pid names another process now: its group is not ours
    for sig in (signal.SIGTERM, signal.SIGKILL):
        if not group_members(pgid):
            return
        try:
            os.killpg(pgid, sig)
        except (ProcessLookupError, PermissionError):
            return
        deadline = time.monotonic() + GRACE_S
        while group_members(pgid) and time.monotonic() < deadline:
            time.sleep(0.05)


def stop_postgres(data: Path, root: Path) -> None:
    """Immediate shutdown (SIGQUIT: the server's own cleanup), SIGKILL if it lingers; rm root."""
    for sig in (signal.SIGQUIT, signal.SIGKILL):
        pid = postmaster_pid(data)
        if pid is None:
            break
        os.kill(pid, sig)
        deadline = time.monotonic() + GRACE_S * 2
        while postmaster_pid(data) == pid and time.monotonic() < deadline:
            time.sleep(0.05)
    shutil.rmtree(root, ignore_errors=True)


def reap(directory: Path) -> None:
    """Stop everything still registered in `directory`, then remove it."""
    for ticket in sorted(directory.glob("*.json")):
        try:
            entry = json.loads(ticket.read_text())
            if "group" in entry:
                stop_group(int(entry["group"]), int(entry["start"]))
            elif "postgres" in entry:
                stop_postgres(Path(entry["postgres"]), Path(entry["root"]))
        except (OSError, ValueError, KeyError) as exc:  # one bad ticket must not spare the rest
            print(f"reaper: {ticket.name}: {exc}", file=sys.stderr)
    shutil.rmtree(directory, ignore_errors=True)


class _Stopped(Exception):
    """A signal asked the watchdog itself to stop: it reaps first."""


def _stopped(_signum: int, _frame: object) -> None:
    raise _Stopped


def watch(directory: Path) -> None:
    """Block until the parent is gone (or closes our stdin, or we get SIGTERM), then reap."""
    parent = os.getppid()
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, _stopped)
    try:
        while os.getppid() == parent:
            readable, _, _ = select.select([sys.stdin.buffer], [], [], POLL_S)
            if readable and not os.read(sys.stdin.fileno(), 4096):
                break  # EOF: the parent closed the pipe, or the kernel did as the parent died
    except _Stopped:
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # reaping is short: let it finish
    reap(directory)


# --- the run's side


class Reaper:
    """The run's handle on its watchdog: register what it must stop if the run dies."""

    def __init__(self) -> None:
        self.directory = Path(tempfile.mkdtemp(prefix="arena-test-reaper-"))
        self.process = subprocess.Popen(
            [sys.executable, "-S", __file__, str(self.directory)],
            stdin=subprocess.PIPE,
            start_new_session=True,  # spared by a kill of the run's process group
        )

    def _register(self, entry: dict[str, object]) -> Path:
        ticket = self.directory / f"{uuid.uuid4().hex}.json"
        partial = ticket.with_suffix(".tmp")
        partial.write_text(json.dumps(entry))
        partial.rename(ticket)  # the watchdog never reads half a ticket
        return ticket

    def watch_group(self, pgid: int) -> Path:
        """Stop process group `pgid` (its leader is process `pgid`, alive now) if the run dies."""
        started = start_time(pgid)
        if started is None:
            raise ProcessLookupError(pgid)
        return self._register({"group": pgid, "start": started})

    def watch_postgres(self, data: Path, root: Path) -> Path:
        """Stop the PostgreSQL server on `data` and remove `root` if the run dies."""
        return self._register({"postgres": str(data), "root": str(root)})

    def forget(self, ticket: Path) -> None:
        """The registered thing was stopped by the run itself."""
        ticket.unlink(missing_ok=True)

    def close(self) -> None:
        """End of the run: the watchdog stops whatever is left and exits."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(60)
        except subprocess.TimeoutExpired:
            self.process.kill()


_reaper: Reaper | None = None


def reaper() -> Reaper:
    """This run's watchdog, started on first use."""
    global _reaper
    if _reaper is None or _reaper.process.poll() is not None:
        _reaper = Reaper()
    return _reaper


def close_reaper() -> None:
    """Stop this run's watchdog, if it was started (pytest_unconfigure calls this)."""
    global _reaper
    if _reaper is not None:
        _reaper.close()
        _reaper = None


if __name__ == "__main__":
    watch(Path(sys.argv[1]))
