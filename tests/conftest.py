"""Shared fixtures: databases (SQLite file, and a real PostgreSQL server) for the store tests.

PostgreSQL: ARENA_TEST_PG_URL if set; else a throwaway cluster (initdb in a temp dir, pg_ctl on
a free port) started once per session and stopped at the end, installing the server with
apt-get first when it is missing and we are root. When that is impossible the PostgreSQL tests
are skipped with the reason, except in CI (CI=true), where they fail.
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

pytest_plugins = ["token_ledger"]  # no token the suite issues is ever printed

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


def _install_postgres() -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise PostgresUnavailable("PostgreSQL is not installed (and not root with apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", "postgresql"]):
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
        if done.returncode != 0:
            raise PostgresUnavailable(f"{' '.join(cmd)} failed: {done.stderr.strip()[-300:]}")


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


def _start_cluster() -> _Cluster:
    bindir = _pg_bindir()
    if bindir is None:
        _install_postgres()
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
    try:
        cluster.url = cluster.start()
    except BaseException:
        cluster.stop()
        raise
    return cluster


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A PostgreSQL URL for tests: ARENA_TEST_PG_URL or a throwaway cluster for the session."""
    given = os.environ.get("ARENA_TEST_PG_URL")
    if given:
        yield given
        return
    started = time.monotonic()
    try:
        cluster = _start_cluster()
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
    yield cluster.url
    cluster.stop()


def _reset_postgres(url: str) -> None:
    from arena.store import resolve_url

    engine = sa.create_engine(resolve_url(url))
    with engine.begin() as conn:
        for table in (
            "rating_history",
            "ratings",
            "credentials",
            "matches",
            "fixtures",
            "tournaments",
            "bots",
            "meta",
            "alembic_version",
        ):
            conn.execute(sa.text(f"DROP TABLE IF EXISTS {table} CASCADE"))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database of each kind: a SQLite file, and the PostgreSQL test database."""
    if request.param == "sqlite":
        return str(tmp_path / "arena.db")
    url = request.getfixturevalue("pg_url")
    _reset_postgres(url)
    return url


@pytest.fixture
def sqlite_path(tmp_path: Path) -> str:
    """A path for a fresh SQLite database file."""
    return str(tmp_path / "arena.db")


@pytest.fixture(autouse=True, scope="session")
def _bot_logs_in_a_temp_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Bot process logs of tournaments go to a temp dir, not ./arena-logs of the checkout."""
    previous = os.environ.get("ARENA_LOG_DIR")
    os.environ["ARENA_LOG_DIR"] = str(tmp_path_factory.mktemp("arena-logs"))
    yield
    if previous is None:
        os.environ.pop("ARENA_LOG_DIR", None)
    else:
        os.environ["ARENA_LOG_DIR"] = previous


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[object]:
    """One local Ray cluster (2 CPUs) for the whole session; `--cluster` reuses it in-process.

    Ray is in the dev extra: missing, the cluster tests are skipped, except in CI (CI=true),
    where they fail.
    """
    try:
        import ray
    except ImportError as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs Ray for the cluster tests: {exc}")
        pytest.skip("Ray is not installed: pip install -e '.[dev]'")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    started = time.monotonic()
    ray.init(
        address="local",  # a new cluster, never one this machine joined with `ray start`
        num_cpus=2,
        include_dashboard=False,
        object_store_memory=80 * 1024**2,
        log_to_driver=False,
        logging_level="WARNING",
    )
    print(f"Ray test cluster started in {time.monotonic() - started:.1f}s")
    yield ray
    ray.shutdown()
