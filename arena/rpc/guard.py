"""A child process that dies with this one: the guard every bot process and server worker is
started through (Linux; elsewhere the command runs as it is)."""

from __future__ import annotations

import os
import shutil
import signal
import sys

PR_SET_PDEATHSIG = 1  # prctl(2): the signal a child gets when the thread that forked it dies


def guarded(argv: list[str]) -> list[str]:
    """The command run through a tiny guard that makes it die with this process (Linux).

    The guard asks the kernel for SIGKILL when its parent (this organizer) dies, even by
    SIGKILL, then execs the bot in its place (same pid). A guard rather than a preexec hook:
    forking a process that runs gRPC threads must not run Python code before exec.
    """
    if not sys.platform.startswith("linux") or not argv:
        return argv
    if shutil.which(argv[0]) is None:
        raise OSError(f"no such program: {argv[0]}")
    return [sys.executable, "-S", "-c", _GUARD, str(os.getpid()), *argv]


_GUARD = (
    "import ctypes, os, sys\n"
    f"ctypes.CDLL(None).prctl({PR_SET_PDEATHSIG}, {int(signal.SIGKILL)}, 0, 0, 0)\n"
    "if os.getppid() != int(sys.argv[1]):\n"  # the organizer died before the prctl
    "    os._exit(1)\n"
    "os.execvp(sys.argv[2], sys.argv[2:])\n"
)


__all__ = ["guarded"]
