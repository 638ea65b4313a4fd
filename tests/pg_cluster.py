"""A throwaway PostgreSQL server for the store tests (the `pg_url` fixture).

ARENA_TEST_PG_URL if set; else a cluster (initdb in a temp dir, pg_ctl on a free port) started
once per session and stopped at the end, installing the server with apt-get first when it is
missing and we are root. When that is impossible the PostgreSQL tests are skipped with the
reason, except in CI (CI=true), where they fail. pg_ctl runs the server as a daemon in a session
of its own, so a run killed before its teardown (SIGKILL, the OOM killer, _exit) would leave it
running: the run's watchdog (reaper.py) is told of the cluster before it starts, and stops it
and removes its directory if the run dies first.
ARENA_TEST_PG_URL must name a throwaway database: each test drops the arena tables in it.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import sqlalchemy as sa
from apt import AptUnavailable, apt_install
from reaper import reaper

PG_USER = "postgres"
PG_DATABASE = "arena_test"


class PostgresUnavailable(Exception):
    """No PostgreSQL server can be provisioned on this machine."""


def _pg_bindir() -> Path | None:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    candidates = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name)
    )
    for bindir in reversed(candidates):
        if (Path(bindir) / "initdb").exists() and (Path(bindir) / "pg_ctl").exists():
            return Path(bindir)
    return None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class _Cluster:
    bindir: Path
    root: Path
    user: str | None  # run the server as this user (initdb refuses root)
    port: int = 0
    url: str = ""

    def run(self, *cmd: str) -> None:
        full = [str(self.bindir / cmd[0]), *cmd[1:]]
        if self.user is not None and shutil.which("runuser"):
            full = ["runuser", "-u", self.user, "--", *full]
        elif self.user is not None:
            full = ["su", self.user, "-s", "/bin/sh", "-c", shlex.join(full)]
        done = subprocess.run(full, capture_output=True, text=True, timeout=120, cwd=self.root)
        if done.returncode != 0:
            log = self.root / "server.log"
            tail = log.read_text()[-500:] if log.exists() else ""
            raise PostgresUnavailable(f"{cmd[0]} failed: {done.stderr.strip()[-500:]} {tail}")

    def start(self) -> str:
        data = self.root / "data"
        self.run("initdb", "-D", str(data), "-A", "trust", "-U", PG_USER, "-E", "UTF8", "--no-sync")
        self.port = _free_port()
        settings = (
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off"
        )
        log = str(self.root / "server.log")
        self.run("pg_ctl", "-D", str(data), "-o", settings, "-l", log, "-w", "-t", "60", "start")
        admin = sa.create_engine(
            f"postgresql+psycopg2://{PG_USER}@127.0.0.1:{self.port}/postgres",
            isolation_level="AUTOCOMMIT",
        )
        with admin.connect() as conn:
            conn.execute(sa.text(f"CREATE DATABASE {PG_DATABASE}"))
        admin.dispose()
        return f"postgresql://{PG_USER}@127.0.0.1:{self.port}/{PG_DATABASE}"

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "-D", str(self.root / "data"), "-m", "immediate", "stop")
        except PostgresUnavailable:
            pass  # already down: nothing to stop
        shutil.rmtree(self.root, ignore_errors=True)


def _start_cluster() -> tuple[_Cluster, Path]:
    try:
        apt_install(("postgresql",), lambda: _pg_bindir() is not None)
    except AptUnavailable as exc:
        raise PostgresUnavailable(str(exc)) from None
    bindir = _pg_bindir()
    if bindir is None:
        raise PostgresUnavailable("PostgreSQL binaries (initdb, pg_ctl) not found")
    root = Path(tempfile.mkdtemp(prefix="arena-pg-"))
    user = None
    if os.geteuid() == 0:
        try:
            entry = pwd.getpwnam(PG_USER)
        except KeyError:
            raise PostgresUnavailable(f"running as root and there is no {PG_USER} user") from None
        os.chown(root, entry.pw_uid, entry.pw_gid)
        user = PG_USER
    cluster = _Cluster(bindir, root, user)
    ticket = reaper().watch_postgres(root / "data", root)  # before it starts: no gap
    try:
        cluster.url = cluster.start()
    except BaseException:
        cluster.stop()
        reaper().forget(ticket)
        raise
    return cluster, ticket


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL for tests: ARENA_TEST_PG_URL or a throwaway cluster for the session."""
    given = os.environ.get("ARENA_TEST_PG_URL")
    if given:
        yield given
        return
    started = time.monotonic()
    try:
        cluster, ticket = _start_cluster()
    except (
        PostgresUnavailable,
        OSError,
        subprocess.SubprocessError,
        sa.exc.SQLAlchemyError,
    ) as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs PostgreSQL for the store tests: {exc}")
        pytest.skip(f"no PostgreSQL server ({exc}); set ARENA_TEST_PG_URL to use one")
    print(f"PostgreSQL test cluster on port {cluster.port} in {time.monotonic() - started:.1f}s")
    try:
        yield cluster.url
    finally:
        cluster.stop()
        reaper().forget(ticket)
