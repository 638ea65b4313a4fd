"""Shared fixtures: databases (a SQLite file, and a real PostgreSQL server: pg_cluster.py) for
the store tests, bot logs in a temp dir, a local Ray cluster; and the run's own safety: SIGTERM
ends a run like Ctrl-C (teardown, then pytest's summary), and the run's watchdog (reaper.py)
stops at the end whatever a test registered and left running.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from pg_cluster import pg_url  # noqa: F401  # the fixture
from reaper import close_reaper

pytest_plugins = ["token_ledger"]  # no token the suite issues is ever printed

PROGRESS_ENV = "ARENA_TEST_PROGRESS"  # a file run_suite.py reads if the run ends unexpectedly
RAY_GROUP = "ray"  # the tests that start Ray run one after the other in one worker
STARTERS_GROUP = "starters"  # ... and so do the tests that build and run bots/js and bots/cpp


_in_worker: list[bool] = []  # set when this process is a pytest-xdist worker (make test: -n auto)
_stopping: list[int] = []  # the SIGTERM received, once: a second one must not cut the teardown


def _stop_on_sigterm(signum: int, _frame: object) -> None:
    # As Ctrl-C does: the running test stops, every fixture's teardown runs (servers stopped),
    # and pytest prints its summary. The default action would end the process on the spot.
    if not _stopping:
        _stopping.append(signum)
        raise KeyboardInterrupt(f"stopped by {signal.Signals(signum).name}")


def _progress(line: str) -> None:
    """Note where the run is, for run_suite.py to name if the run dies (no-op without it).

    Under pytest-xdist only the controller writes: it hears of every test a worker starts (the
    same hook), and its "finished" comes after every worker's end.
    """
    path = os.environ.get(PROGRESS_ENV)
    if path and not _in_worker:
        Path(path).write_text(line + "\n", encoding="utf-8")


def pytest_configure(config: pytest.Config) -> None:
    """SIGTERM becomes KeyboardInterrupt, in the main thread of the main process."""
    if hasattr(config, "workerinput"):  # a pytest-xdist worker (not its environment: a nested
        _in_worker.append(True)  # pytest a test runs inherits PYTEST_XDIST_WORKER)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own, which reads the groups into the ids
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that starts Ray goes to one pytest-xdist worker (`--dist loadgroup`): two Ray
    clusters at once would fight over a 2-core machine and Ray's fixed ports. Every test of the
    JS and C++ starters goes to one worker too. Without tryfirst, pytest-xdist's hook ran first
    and no group took effect: CI caught the JS README's `npm ci` emptying bots/js/node_modules
    under a starter test on the other worker."""
    for item in items:
        if "ray_cluster" in getattr(item, "fixturenames", ()) or "cluster" in item.path.parts:
            item.add_marker(pytest.mark.xdist_group(RAY_GROUP))
        elif _uses_starters(item):
            item.add_marker(pytest.mark.xdist_group(STARTERS_GROUP))


def _uses_starters(item: pytest.Item) -> bool:
    """Whether a test runs the JS or C++ starter from bots/ (its README's `npm ci` and `make`
    rebuild bots/js/node_modules and bots/cpp/build in place, under any other user of them)."""
    module = getattr(item, "module", None)  # one that imported a builder from starter_bots.py
    return module is not None and any(
        getattr(value, "__module__", None) == "starter_bots" for value in vars(module).values()
    )


def pytest_runtest_logstart(nodeid: str, location: tuple[str, int | None, str]) -> None:
    """The test about to run (its setup included); SIGTERM's handler set again, since closing an
    asyncio loop that had a SIGTERM handler of its own resets the signal to its default."""
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    _progress(f"running {nodeid}")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The tests are over: session teardown and the summary follow."""
    _progress("ending the session (fixture teardown, then the summary)")


def pytest_unconfigure(config: pytest.Config) -> None:
    """After the summary: stop the watchdog (and whatever it still holds) and say we finished."""
    close_reaper()
    _progress("finished")


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


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[object]:
    """One local Ray cluster (2 CPUs) per module that asks; `--cluster` reuses it in-process.

    Per module, not per session: while Ray is up, its processes load the machine, and the
    driver (this pytest) ends itself with _exit(1) if its raylet dies ("the local Raylet is
    dead"), which would end the whole run without pytest's summary; so Ray runs only while
    the cluster tests do. Ray is in the dev extra: missing, the cluster tests are skipped,
    except in CI (CI=true), where they fail.
    """
    try:
        import ray
    except ImportError as exc:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI needs Ray for the cluster tests: {exc}")
        pytest.skip("Ray is not installed: pip install -e '.[dev]'")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # Ray waits 30 s for its GCS to start, which a loaded 2-core machine can exceed (seen in a
    # full run: "Timed out waiting for file .../gcs_server_port"); the suite can wait longer.
    os.environ.setdefault("RAY_gcs_server_port_wait_time_s", "120")
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
    try:
        yield ray
    finally:
        ray.shutdown()
