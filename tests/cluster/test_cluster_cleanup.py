"""Issue 31: no process of a tournament outlives its organizer by 5 s, SIGKILLed mid-run.

On one node (`--cluster local[2]`: the organizer's private cluster, Ray's own processes
included) and on two Ray nodes on loopback (`ray start`; the nodes are the user's and stay:
the tournament's warm workers and their bots go).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

from cluster_procs import (
    FAST_HEALTH_CHECKS,
    alive_after,
    free_port,
    kill_all,
    processes,
    raylets,
    wait_stored,
    with_descendants,
)

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RAY = str(Path(PY).parent / "ray")
BUSY_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'busy_bot.py'}"
COUNTING_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'counting_bot.py'}"
QUIET = {"RAY_USAGE_STATS_ENABLED": "0"}


def organizer(db: Path, pids: Path, cluster: str, env: dict[str, str]) -> subprocess.Popen[str]:
    """`arena tournament run --cluster` with two process bots (their pids go to `pids`)."""
    argv = [PY, "-m", "arena", "tournament", "run", "-g", "lucky_numbers",
            f"--bot=slow={BUSY_BOT} --sleep-ms 5 --pid-file {pids}",
            f"--bot=count={COUNTING_BOT}", "--bot=r=builtin:random", "--seed", "3",
            "--cycles", "3", "--time-per-move", "5000", "--cluster", cluster,
            "--cpus-per-bot", "0.5", "--db", str(db)]  # fmt: skip
    return subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)  # fmt: skip


def bot_pids(pids: Path) -> set[int]:
    return {int(line.split()[0]) for line in pids.read_text().splitlines() if line}


def test_a_sigkilled_organizer_leaves_no_process_of_its_local_cluster(tmp_path, ray_cluster):
    pids = tmp_path / "pids"
    run = organizer(tmp_path / "t.db", pids, "local[2]", {**os.environ, **QUIET})
    try:
        wait_stored(tmp_path / "t.db", 1, run)
        ours = with_descendants({run.pid}) | bot_pids(pids)
        names = {
            Path(f"/proc/{p}/comm").read_text().strip() for p in ours if Path(f"/proc/{p}").exists()
        }
        assert {"raylet", "gcs_server"} <= names and any("Dashboard" in n for n in names)
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        assert alive_after(ours - {run.pid}, 5.0) == {}
    finally:
        kill_all({run.pid})


def test_a_sigkilled_organizer_leaves_no_worker_or_bot_on_two_nodes(tmp_path, ray_cluster):
    port = free_port()
    temp = tempfile.mkdtemp(prefix="ray-", dir="/tmp")  # short: Ray's socket paths must fit
    env = {**os.environ, **FAST_HEALTH_CHECKS, "RAY_ADDRESS": f"127.0.0.1:{port}"}
    before = set(processes())
    common = ["--num-cpus", "1", "--node-ip-address", "127.0.0.1"]
    pids = tmp_path / "pids"
    run = None
    try:
        subprocess.run([RAY, "start", "--head", "--port", str(port), *common,
                        "--include-dashboard", "false", "--dashboard-agent-listen-port",
                        str(free_port()), "--ray-client-server-port", str(free_port()),
                        "--temp-dir", temp], env=env, check=True, capture_output=True,
                       timeout=120)  # fmt: skip
        subprocess.run([RAY, "start", "--address", f"127.0.0.1:{port}", *common,
                        "--dashboard-agent-listen-port", str(free_port())], env=env, check=True,
                       capture_output=True, timeout=120)  # fmt: skip
        nodes = raylets(port)
        assert len(nodes) >= 2
        run = organizer(tmp_path / "t.db", pids, f"127.0.0.1:{port}", env)
        wait_stored(tmp_path / "t.db", 1, run)
        workers = {p for p in with_descendants(nodes) if _is_warm_worker(p)}
        assert len(workers) == 2  # one per node: each node's CPU holds one table of two
        ours = with_descendants({run.pid} | workers) | bot_pids(pids)
        os.kill(run.pid, signal.SIGKILL)
        run.wait()
        assert alive_after(ours - {run.pid}, 5.0) == {}
    finally:
        if run is not None:
            kill_all({run.pid})
        kill_all({p for p in processes() if temp in _cmdline(p) or f":{port}" in _cmdline(p)}
                 - before - {os.getpid()})  # fmt: skip


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def _is_warm_worker(pid: int) -> bool:
    return _cmdline(pid).startswith("ray::WarmWorker")
