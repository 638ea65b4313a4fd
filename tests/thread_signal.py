"""Send a signal to one thread of another process, not the process: the kernel hands a
process's signal to any thread that does not block it (the main one blocks all of them for a
moment while it starts a thread), and a program must answer one taken by another thread too."""

from __future__ import annotations

import ctypes
import os
import signal
import time

SYS_TGKILL = 234  # x86-64
LIBC = ctypes.CDLL(None, use_errno=True)


def other_threads(pid: int, at_least: int = 1, timeout_s: float = 10.0) -> list[int]:
    """The ids of a process's threads other than its main one (waits until it has some)."""
    deadline = time.monotonic() + timeout_s
    while True:
        tids = sorted(int(t) for t in os.listdir(f"/proc/{pid}/task") if int(t) != pid)
        if len(tids) >= at_least or time.monotonic() > deadline:
            assert len(tids) >= at_least, f"process {pid} has threads {tids}"
            return tids
        time.sleep(0.05)


def signal_thread(pid: int, tid: int, sig: signal.Signals) -> None:
    """tgkill(2): `sig` to thread `tid` of process `pid`."""
    if LIBC.syscall(SYS_TGKILL, pid, tid, int(sig)) != 0:
        raise OSError(ctypes.get_errno(), f"tgkill {pid} {tid} {sig.name}")
