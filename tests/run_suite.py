"""`make test`'s runner: pytest as a child, and a closing line that says why when pytest ends
without its summary.

Inside pytest nothing can report a SIGKILL (the OOM killer, a `kill -9`), a crash, or a library
that ends the process with _exit (gRPC's or Ray's core, pytest-timeout's thread method): the
run stops mid-line and make says only "Error 1". This runner waits for pytest, and if the
conftest's progress file does not say "finished", prints how pytest ended, what it was running
and whether the OOM killer struck. It is also a child subreaper (prctl), so whatever the run
left behind (orphaned servers, bots) is reparented to it: it lists and stops them, so no
process outlives `make test`. SIGTERM and SIGHUP are passed on to pytest, which ends like
Ctrl-C (teardown and summary); Ctrl-C at a terminal reaches pytest directly.

    python tests/run_suite.py [PYTEST ARGS...]      (exit status: pytest's, or 128 + signal)
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROGRESS_ENV = "ARENA_TEST_PROGRESS"  # written by tests/conftest.py
PR_SET_CHILD_SUBREAPER = 36  # prctl(2)
GRACE_S = 3.0
OOM_FILES = ("/sys/fs/cgroup/memory.events", "/sys/fs/cgroup/memory/memory.oom_control")


def oom_kills() -> int | None:
    """How many processes the OOM killer ended in this cgroup so far (None: unknown)."""
    for name in OOM_FILES:
        try:
            for line in Path(name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            continue
    return None


def how_it_ended(status: int, oom_before: int | None) -> str:
    """Words for an exit status of a pytest that printed no summary."""
    oom_after = oom_kills()
    oom = oom_before is not None and oom_after is not None and oom_after > oom_before
    if status < 0:
        name = signal.Signals(-status).name
        if oom:
            return f"was killed by {name}: the kernel's OOM killer ended it (memory ran out)"
        if -status == signal.SIGKILL:
            return f"was killed by {name} (a kill -9, or an out-of-memory killer outside us)"
        return f"was ended by {name} (a crash: faulthandler's traceback above, if any)"
    return (
        f"exited with status {status} without its summary: something in the process called "
        "_exit (gRPC's or Ray's core when a peer process died, or pytest-timeout's thread "
        "method); the output above ends where it happened"
    )


def descendants() -> list[int]:
    """Every living process below this one (its children, theirs, and orphans it adopted)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    me, found = os.getpid(), []
    for pid in parents:
        seen, up = set(), parents.get(pid)
        while up is not None and up not in seen and up > 1:
            if up == me:
                found.append(pid)
                break
            seen.add(up)
            up = parents.get(up)
    return found


def command_of(pid: int) -> str:
    """A process's command line, shortened for a report."""
    try:
        raw = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return "?"
    return raw.replace(b"\0", b" ").decode(errors="replace").strip()[:120] or "?"


def stop_leftovers() -> list[str]:
    """SIGTERM, then SIGKILL, every process the run left below us; their commands."""
    left = descendants()
    named = [f"{pid} {command_of(pid)}" for pid in left]
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in left:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + GRACE_S
        while time.monotonic() < deadline and (left := descendants()):
            reap_zombies()
            time.sleep(0.05)
        if not left:
            break
    reap_zombies()
    return named


def reap_zombies(keep: int = 0) -> None:
    """Collect adopted children that ended, at once, as init would (a subreaper must, or they
    stay zombies, and a test that checks a process group is empty would see them); never
    `keep` (pytest), whose exit status its Popen collects."""
    while True:
        try:  # WNOWAIT: look first, so pytest's own end is left to its waiter
            info = os.waitid(os.P_ALL, 0, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return
        if info is None or info.si_pid == keep:
            return
        try:
            os.waitpid(info.si_pid, 0)
        except ChildProcessError:
            return


def main(argv: list[str]) -> int:
    """Run pytest with `argv`; say why if it ended without its summary; stop what it left."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    progress = Path(tempfile.mkstemp(prefix="arena-test-progress-")[1])
    oom_before = oom_kills()
    pytest = subprocess.Popen(
        [sys.executable, "-m", "pytest", *argv], env={**os.environ, PROGRESS_ENV: str(progress)}
    )

    def pass_on(signum: int, _frame: object) -> None:
        if pytest.poll() is None:
            pytest.send_signal(signum)

    signal.signal(signal.SIGTERM, pass_on)
    signal.signal(signal.SIGHUP, pass_on)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal's Ctrl-C reaches pytest itself
    signal.signal(signal.SIGCHLD, lambda _s, _f: reap_zombies(keep=pytest.pid))
    while pytest.poll() is None:
        time.sleep(0.5)  # SIGCHLD interrupts it: adopted children are collected as they end
    status = pytest.returncode
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    last = progress.read_text(encoding="utf-8").strip() if progress.exists() else ""
    progress.unlink(missing_ok=True)
    # No progress and a status of its own: pytest stopped before any test (a usage or collection
    # error) and said so itself.
    if last != "finished" and (last or status < 0):
        where = f" while {last}" if last else " before its first test"
        print(f"\nrun_suite: pytest {how_it_ended(status, oom_before)}{where}", flush=True)
    left = stop_leftovers()
    if left:
        print(f"run_suite: stopped {len(left)} processes the run left running:", flush=True)
        for line in left:
            print(f"  {line}", flush=True)
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
