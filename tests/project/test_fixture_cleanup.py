"""The suite's services die with the run, however it dies, and a run that dies says why.

Each test runs a real pytest (or the suite runner) on a tiny test file in a scratch directory
whose conftest takes the fixtures from tests/, kills it the hard way, and looks at what is left.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from reaper import reap, start_time

TESTS = Path(__file__).resolve().parents[1]
PY = sys.executable
CONFTEST = f"""
import importlib.util
import sys

# The suite's conftest (hooks and fixtures) under another name: this file is "conftest" itself.
sys.path.insert(0, {str(TESTS)!r})
spec = importlib.util.spec_from_file_location("suite_conftest", {str(TESTS / "conftest.py")!r})
suite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(suite)
globals().update({{k: v for k, v in vars(suite).items() if not k.startswith("__")}})
"""
USES_POSTGRES = """
import time

def test_holds_the_server(pg_url):
    print("URL", pg_url, flush=True)
    time.sleep(300)
"""


def scratch_run(
    directory: Path, body: str, *command: str, session: bool = False
) -> subprocess.Popen[str]:
    """`command` (default: pytest -s) on a test file holding `body`, in `directory`."""
    (directory / "conftest.py").write_text(CONFTEST)
    (directory / "test_tiny.py").write_text(body)
    argv = list(command) or [PY, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider"]
    env = {k: v for k, v in os.environ.items() if k != "ARENA_TEST_PROGRESS"}  # not our run's
    return subprocess.Popen(
        [*argv, str(directory / "test_tiny.py")],
        cwd=directory,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=session,
    )


def postmaster_of(run: subprocess.Popen[str]) -> tuple[int, Path]:
    """Read the run's output up to the test's URL line; the server's pid and data directory."""
    assert run.stdout is not None
    seen = []
    deadline = time.monotonic() + 240  # initdb on a busy machine
    while time.monotonic() < deadline:
        line = run.stdout.readline()
        seen.append(line)
        if line.startswith("URL "):
            port = line.rsplit(":", 1)[1].split("/")[0]
            return find_postmaster(port)
        if not line and run.poll() is not None:
            break
    run.kill()
    why = f"no PostgreSQL server in the scratch run: {''.join(seen)[-800:]}"
    if os.environ.get("CI") == "true":
        pytest.fail(why)
    pytest.skip(why)


def find_postmaster(port: str) -> tuple[int, Path]:
    """The pid and data directory of the PostgreSQL server started with `-p PORT`."""
    for entry in Path("/proc").iterdir():
        try:
            argv = (entry / "cmdline").read_bytes().decode().split("\0")
        except (OSError, UnicodeDecodeError):
            continue
        if argv[0].endswith("postgres") and "-D" in argv and f"-p {port}" in " ".join(argv):
            return int(entry.name), Path(argv[argv.index("-D") + 1])
    raise AssertionError(f"no postgres process with -p {port}")


def gone_within(pid: int, seconds: float) -> bool:
    """True once process `pid` no longer runs (a zombie counts as gone), within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return True
        if state == "Z":
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("victim", ["pytest", "its whole process group"])
def test_a_killed_run_leaves_no_postgresql_server(tmp_path, victim):
    run = scratch_run(tmp_path, USES_POSTGRES, session=True)
    try:
        pid, data = postmaster_of(run)
        if victim == "pytest":
            run.send_signal(signal.SIGKILL)
        else:
            os.killpg(run.pid, signal.SIGKILL)  # as a `kill -9 -PGID` of `make test` would
        run.wait(10)
        assert gone_within(pid, 15), f"postgres {pid} outlived the killed run"
        deadline = time.monotonic() + 10
        while data.parent.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not data.parent.exists(), f"{data.parent} was left behind"
    finally:
        if run.poll() is None:
            run.kill()


def test_sigterm_tears_the_fixtures_down_and_prints_the_summary(tmp_path):
    run = scratch_run(tmp_path, USES_POSTGRES)
    try:
        pid, _data = postmaster_of(run)
        run.send_signal(signal.SIGTERM)
        out, _ = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 2  # pytest's "interrupted"
    assert "KeyboardInterrupt: stopped by SIGTERM" in out
    assert "no tests ran" in out or "1 error" in out or "1 failed" in out, out
    assert gone_within(pid, 1), "the fixture's own teardown stopped the server before the exit"


SLEEPER = """
import time
from pathlib import Path

def test_waits():
    Path("started").touch()  # in the scratch directory: the test is running
    time.sleep(300)
"""


def test_the_suite_runner_says_how_a_killed_run_ended_and_where(tmp_path):
    runner = [PY, str(TESTS / "run_suite.py"), "-q", "-p", "no:cacheprovider"]
    run = scratch_run(tmp_path, SLEEPER, *runner)
    try:
        deadline = time.monotonic() + 60
        pytest_pid = None
        while pytest_pid is None and time.monotonic() < deadline:
            children = Path(f"/proc/{run.pid}/task/{run.pid}/children").read_text().split()
            pytest_pid = int(children[0]) if children else None
            time.sleep(0.1)
        assert pytest_pid is not None, "the runner started no pytest"
        while not (tmp_path / "started").exists() and time.monotonic() < deadline:
            time.sleep(0.1)  # into the test (collection takes seconds on a loaded machine)
        os.kill(pytest_pid, signal.SIGKILL)
        out, _ = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert run.returncode == 128 + signal.SIGKILL
    last = out.strip().splitlines()[-1]
    assert last.startswith("run_suite: pytest was killed by SIGKILL"), out
    assert "while running test_tiny.py::test_waits" in last


def test_the_suite_runner_passes_a_normal_runs_status_on_and_adds_nothing(tmp_path):
    runner = [PY, str(TESTS / "run_suite.py"), "-q", "-p", "no:cacheprovider"]
    run = scratch_run(tmp_path, "def test_fails():\n    assert 1 == 2\n", *runner)
    out, _ = run.communicate(timeout=120)
    assert run.returncode == 1
    assert "1 failed" in out.strip().splitlines()[-1]  # pytest's own summary closes the output
    assert "run_suite:" not in out


def test_the_suite_runner_stops_what_a_run_left_behind(tmp_path):
    leaker = """
import subprocess, sys

def test_leaks():
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                     start_new_session=True)
"""
    runner = [PY, str(TESTS / "run_suite.py"), "-q", "-p", "no:cacheprovider"]
    run = scratch_run(tmp_path, leaker, *runner)
    out, _ = run.communicate(timeout=120)
    assert run.returncode == 0, out
    assert "run_suite: stopped 1 processes the run left running:" in out
    assert "time.sleep(300)" in out


def test_the_watchdog_stops_only_the_process_group_it_was_told_of(tmp_path):
    sleeper = subprocess.Popen(["sleep", "300"], start_new_session=True)
    try:
        started = start_time(sleeper.pid)
        assert started is not None
        ticket = tmp_path / "a.json"
        ticket.write_text(json.dumps({"group": sleeper.pid, "start": started + 1}))
        reap(tmp_path)  # a ticket for another process that had this pid: left alone
        assert sleeper.poll() is None
        tmp_path.mkdir()
        ticket.write_text(json.dumps({"group": sleeper.pid, "start": started}))
        reap(tmp_path)
        assert sleeper.wait(10) == -signal.SIGTERM
        assert not tmp_path.exists()
    finally:
        if sleeper.poll() is None:
            sleeper.kill()
