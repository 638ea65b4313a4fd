"""The README's commands for several machines, on two Ray nodes on loopback: the second node
is removed (its raylet and everything under it killed) mid-run and the tournament completes
with the records of a one-process run.

`ray stop` is not run: it would stop every Ray process on the machine (the test session's
cluster too); the test kills the processes of its own two nodes instead.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_helpers import run_ok
from cluster_procs import FAST_HEALTH_CHECKS, free_port, kill_all, processes, raylets, stored

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RAY = str(Path(PY).parent / "ray")
LOCAL_RUN = ".venv/bin/arena tournament run --game lucky_numbers --bot a="
CLUSTER_RUN = '.venv/bin/arena tournament run --game lucky_numbers --bot greedy="python'


def readme_command(start: str, end: str = "\n") -> str:
    """The README command (continuation lines joined) that starts with `start`."""
    text = (ROOT / "README.md").read_text()
    at = text.index(start)
    command = text[at : text.index(end, at) + len(end)].replace("\\\n", " ")
    return command.split("  #")[0].strip()


def argv(command: str, port: int) -> list[str]:
    command = command.replace("10.0.0.1", "127.0.0.1").replace("6379", str(port))
    own = {".venv/bin/arena": [PY, "-m", "arena"], ".venv/bin/ray": [RAY]}
    return [part for word in shlex.split(command) for part in own.get(word, [word])]


def essence(db: Path) -> list[tuple[object, ...]]:
    from arena.store import Store

    with Store.open(str(db)) as store:
        records = store.tournament_matches(1)
    return [
        (r.match_id, r.players, [(m.seat, m.move) for m in r.moves], r.outcome) for r in records
    ]


def test_the_readme_commands_on_two_nodes_one_removed_mid_run(capsys, tmp_path, ray_cluster):
    port = free_port()
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths must fit
    (tmp_path / "bots").symlink_to(ROOT / "bots")
    env = {**os.environ, **FAST_HEALTH_CHECKS, "RAY_ADDRESS": f"127.0.0.1:{port}"}
    before = set(processes())
    head = argv(readme_command(".venv/bin/ray start --head"), port)
    join = argv(readme_command(".venv/bin/ray start --address"), port)
    local = {"--num-cpus": "2"}
    quiet = ["--node-ip-address", "127.0.0.1", "--dashboard-agent-listen-port"]
    try:
        subprocess.run([*_cpus(head, local), *quiet, str(free_port()), "--include-dashboard",
                        "false", "--ray-client-server-port", str(free_port()), "--temp-dir",
                        temp], env=env, check=True, capture_output=True, timeout=120)  # fmt: skip
        first = raylets(port)
        subprocess.run([*_cpus(join, local), *quiet, str(free_port())], env=env, check=True,
                       capture_output=True, timeout=120)  # fmt: skip
        second = raylets(port) - first
        assert len(second) == 1
        run = argv(readme_command(CLUSTER_RUN, "--db cluster.db\n"), port)
        organizer = subprocess.Popen(run, cwd=tmp_path, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)  # fmt: skip
        db = tmp_path / "cluster.db"
        deadline = time.monotonic() + 120
        while stored(db) < 1 and organizer.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        assert stored(db) < 6, "the run ended before the node could be removed"
        assert "--cluster" in run
        kill_all(second)  # the second machine is gone, with its matches in flight
        out, err = organizer.communicate(timeout=180)
        assert organizer.returncode == 0, err[-3000:]
        assert "Standings (tournament 1)" in out
        resume = argv(readme_command(".venv/bin/arena tournament resume 1 --cluster"), port)
        done = subprocess.run(resume, cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
        assert done.returncode == 0 and "Standings (tournament 1)" in done.stdout, done.stderr
    finally:
        kill_all(_processes_of(temp, f":{port}\0") - before)
        shutil.rmtree(temp, ignore_errors=True)
    calm = [w for w in run if w not in ("--cluster", "auto", "--db", "cluster.db")]
    subprocess.run([*calm, "--db", str(tmp_path / "calm.db")], cwd=tmp_path, check=True,
                   capture_output=True, timeout=120)  # fmt: skip
    assert essence(db) == essence(tmp_path / "calm.db") and len(essence(db)) == 6
    local_run = argv(readme_command(LOCAL_RUN, '"local[2]"'),
                     port)  # fmt: skip
    run_ok(capsys, *local_run[3:], "--db", str(tmp_path / "local.db"))  # the session's cluster


def _cpus(command: list[str], value: dict[str, str]) -> list[str]:
    out = list(command)
    for flag, number in value.items():
        out[out.index(flag) + 1] = number
    return out


def _processes_of(*marks: str) -> set[int]:
    """The processes whose command line names any of `marks` (our nodes' temp dir, address);
    kill_all adds what they started (workers, agents)."""
    found = set()
    for pid in processes():
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        if any(mark in cmd for mark in marks):
            found.add(pid)
    return found - {os.getpid()}
