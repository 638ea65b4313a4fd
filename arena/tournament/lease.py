"""One runner per tournament: a lease held by "host:pid" and renewed by a heartbeat.

A second runner is refused while the lease is live; a runner that died (its pid is gone on
this host, or no heartbeat for LEASE_S elsewhere) leaves a lease anyone may take over, and
`tournament show` tells such a tournament from a live run.
"""

from __future__ import annotations

import os
import socket

LEASE_S = 30.0  # [ASSUMPTION] a runner silent this long is taken for dead (other hosts)
HEARTBEAT_S = 5.0  # how often a live runner renews its lease


def runner_id() -> str:
    """This process as a runner: "host:pid"."""
    return f"{socket.gethostname()}:{os.getpid()}"


def runner_gone(runner: str | None, heartbeat_at: float | None, now: float) -> bool:
    """True when nobody holds the lease any more: no runner, its pid gone here, or silent."""
    if not runner:
        return True
    host, _, pid = runner.rpartition(":")
    if host == socket.gethostname() and pid.isdigit():
        return not _pid_alive(int(pid))
    return heartbeat_at is None or now - heartbeat_at > LEASE_S


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's live process
        return True
    return True
