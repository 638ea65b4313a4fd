"""Which Ray cluster to use (`--cluster auto|local[N]|HOST:PORT`) and joining it."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from arena.cluster.watchdog import start_watchdog
from arena.errors import ConfigError

LOCAL_OBJECT_STORE_BYTES = 80 * 1024**2  # results are small JSON: the minimum Ray allows is 75 MB
DEFAULT_MAX_RETRIES = 3  # [ASSUMPTION] a fixture lost with its worker or node is retried this often
DEFAULT_CPUS_PER_BOT = 1.0
_LOCAL = re.compile(r"local(?:\[(\d+)\])?")


@dataclass(frozen=True, slots=True)
class ClusterTarget:
    """A cluster to join (`address`: "auto" or HOST:PORT) or a private local one of `cpus`."""

    address: str | None = None
    cpus: int | None = None  # local: CPUs of the private cluster (None: this machine's)

    @property
    def local(self) -> bool:
        """True for a private cluster started (and stopped) by this process."""
        return self.address is None


@dataclass(frozen=True, slots=True)
class ClusterSettings:
    """How a tournament is played on a cluster."""

    target: ClusterTarget
    cpus_per_bot: float = DEFAULT_CPUS_PER_BOT
    max_retries: int = DEFAULT_MAX_RETRIES
    fresh: bool = False  # a fresh referee and bot processes per fixture (else warm workers)


def parse_target(text: str) -> ClusterTarget:
    """`auto` (the cluster this machine joined), `local` / `local[N]`, or a Ray HOST:PORT."""
    text = text.strip()
    found = _LOCAL.fullmatch(text)
    if found:
        cpus = int(found.group(1)) if found.group(1) else None
        if cpus is not None and cpus < 1:
            raise ConfigError("--cluster local[N] needs N >= 1")
        return ClusterTarget(None, cpus)
    if text == "auto" or re.fullmatch(r"[\w.-]+:\d+", text):
        return ClusterTarget(text)
    raise ConfigError(f"--cluster {text!r}: give auto, local, local[N] or HOST:PORT of a Ray head")


def require_ray() -> Any:
    """The ray module, or ConfigError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise ConfigError(
            "--cluster needs Ray: pip install 'arena[cluster]' (on every node)"
        ) from None
    return ray


@contextlib.contextmanager
def joined(target: ClusterTarget) -> Iterator[tuple[Any, bool]]:
    """Ray, connected to the target for the duration, and whether this connection is ours (a
    process already connected, e.g. a test session, is reused and left connected).

    When it is ours, leaving disconnects the driver, and Ray ends the job: every task of it
    still running is killed, with its bot processes."""
    ray = require_ray()
    if ray.is_initialized():
        yield ray, False
        return
    quiet: dict[str, Any] = {
        "include_dashboard": False,
        "log_to_driver": False,
        "logging_level": logging.WARNING,
    }
    if target.local:
        # A private cluster: no usage report leaves this machine unless the user asks for it.
        os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
        # Ray's token auth is on by default for a new local cluster: no need to say so.
        logging.getLogger("ray._private.authentication").setLevel(logging.ERROR)
        quiet.update(num_cpus=target.cpus, object_store_memory=LOCAL_OBJECT_STORE_BYTES)
    # ray.init makes SIGTERM exit at once; keep ours (a clean stop: tasks cancelled, status
    # interrupted, the resume command printed).
    on_sigterm = signal.getsignal(signal.SIGTERM)
    # A private cluster dies with this process, even by SIGKILL (see watchdog.py).
    watchdog = start_watchdog() if target.local else None
    try:
        try:
            # "local": always a new private cluster, even where one was started with `ray start`.
            ray.init(address=target.address or "local", **quiet)
        except ConnectionError as exc:
            raise ConfigError(f"cannot join the Ray cluster at {target.address}: {exc}") from None
        finally:
            if threading.current_thread() is threading.main_thread() and on_sigterm is not None:
                signal.signal(signal.SIGTERM, on_sigterm)
        try:
            yield ray, True
        finally:
            ray.shutdown()
    finally:
        if watchdog is not None:
            watchdog.close()


def largest_node_cpus(ray: Any) -> float:
    """The CPUs of the biggest live node (a task asking for more can never start)."""
    return max(
        (float(n["Resources"].get("CPU", 0)) for n in ray.nodes() if n.get("Alive")),
        default=0.0,
    )
