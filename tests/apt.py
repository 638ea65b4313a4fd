"""Debian packages the suite installs itself when they are missing (root with apt-get only).

The suite runs in several pytest-xdist workers at once, and apt-get refuses to run while
another holds dpkg's lock: every install goes through one machine-wide lock file, and a worker
that waited for it looks again before installing (the other one may have installed it).
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

TIMEOUT_S = 900


class AptUnavailable(Exception):
    """The packages are missing and cannot be installed here."""


@contextmanager
def exclusive(name: str) -> Iterator[None]:
    """Hold a lock shared by every process of this machine (pytest workers, other runs)."""
    path = Path(tempfile.gettempdir()) / f"arena-tests-{name}.lock"
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def apt_install(packages: tuple[str, ...], present: Callable[[], bool]) -> None:
    """Install `packages` unless `present()` says they are there (checked again under the lock)."""
    if present():
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise AptUnavailable(f"{', '.join(packages)} missing (and not root with apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    with exclusive("apt"):
        if present():
            return
        for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", *packages]):
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
            if done.returncode != 0:
                tail = (done.stderr or done.stdout).strip()[-300:]
                raise AptUnavailable(f"{' '.join(cmd)} failed: {tail}")
