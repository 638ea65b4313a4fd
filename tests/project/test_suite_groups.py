"""`make test`'s worker groups take effect: the tests that start Ray, and those that build and run
the JS and C++ starters in bots/, each run in one pytest-xdist worker (tests/conftest.py).

Nothing fails when a group is silently dropped; the tests just run side by side. That happened
twice: the conftest's hook ran after pytest-xdist's (which reads the groups into the test ids),
and pytest 9.2 no longer lets pytest-xdist 3.8 write those ids (pytest-xdist issue #1386; hence
`pytest<9.2` in pyproject.toml). CI then caught the JS README's `npm ci` emptying
bots/js/node_modules under a starter test on the other worker. This runs a real `-n 2 --dist
loadgroup` on a few fast tests of each group and reads where each one ran.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GROUPED = {
    "starters": (
        "tests/e2e/test_starter_readmes.py::test_the_readmes_name_the_files_that_exist",
        "tests/e2e/test_starter_bots.py::test_the_starters_ship_the_repositorys_protocol",
    ),
    "ray": (
        "tests/cluster/test_cluster.py::test_parse_target",
        "tests/cluster/test_warm_workers.py::test_workers_fill_each_node_up_to_the_fixtures_left",
    ),
}
LINE = re.compile(r"^\[(gw\d+)\] \[\s*\d+%\] PASSED (\S+)")


def test_each_group_runs_in_one_worker_under_the_suites_own_options():
    ours = ("PYTEST_", "ARENA_TEST_PROGRESS")  # this run's worker and progress file
    env = {k: v for k, v in os.environ.items() if not k.startswith(ours)}
    tests = [test for group in GROUPED.values() for test in group]
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2",
         "--dist", "loadgroup", "-v", *tests],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-3000:]
    ran = {m[2]: m[1] for m in map(LINE.match, out.splitlines()) if m}  # id -> worker
    assert len(ran) == len(tests), out[-3000:]
    for group, members in GROUPED.items():
        ids = [f"{test}@{group}" for test in members]
        assert all(i in ran for i in ids), (group, sorted(ran))  # the group is in each id...
        assert len({ran[i] for i in ids}) == 1, (group, ran)  # ...and one worker ran them all
