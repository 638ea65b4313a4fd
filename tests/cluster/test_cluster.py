"""Issue 18: tournaments on a Ray cluster (one shared local cluster for the session).

Records equal a one-process run; a worker killed mid-match is retried and stored once with no
bot process left; an organizer killed and resumed gives the same results; a second runner is
refused; a node with another arena refuses to play and its fixtures stay pending.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest
from cli_helpers import run_cli, run_ok, stored_matches

from arena.app.running import create_tournament
from arena.cluster import organizer
from arena.cluster.connect import ClusterSettings, ClusterTarget, parse_target
from arena.cluster.fingerprint import local_fingerprint
from arena.cluster.fixture_task import FixtureJob, play_fixture
from arena.cluster.organizer import ClusterRun, run_on_cluster
from arena.errors import ClusterMismatchError, ConfigError, FixturesLeftError
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec
from arena.tournament.entrants import parse_bot

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BUSY_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'busy_bot.py'}"
GREEDY_BOT = f"{PY} {ROOT / 'bots' / 'greedy_bot.py'}"
LOCAL = ClusterSettings(ClusterTarget(None, 2), cpus_per_bot=0.5)


def essence(db: str, tid: int = 1) -> list[tuple[object, ...]]:
    """A tournament's records without their timings."""
    with Store.open(db) as store:
        records = store.tournament_matches(tid)
    return [
        (r.match_id, r.seed, r.players, [(m.seat, m.move) for m in r.moves], r.outcome, r.metadata)
        for r in records
    ]


def tournament_args(*bots: str, seed: int = 5) -> list[str]:
    return ["tournament", "run", "-g", "lucky_numbers", *(f"--bot={b}" for b in bots),
            "--seed", str(seed), "--time-per-move", "5000"]  # fmt: skip


def gone(pid: int) -> bool:
    """True once a process no longer runs (a zombie awaiting its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def wait_gone(pids: list[int], timeout: float = 15.0) -> list[int]:
    """The pids still running after `timeout` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not all(gone(p) for p in pids):
        time.sleep(0.05)
    return [p for p in pids if not gone(p)]


def pid_lines(path: Path) -> list[tuple[int, int]]:
    if not path.exists():
        return []
    return [tuple(map(int, line.split())) for line in path.read_text().splitlines() if line]


def test_parse_target():
    assert parse_target("auto") == ClusterTarget("auto")
    assert parse_target("local[3]") == ClusterTarget(None, 3)
    assert parse_target("local") == ClusterTarget(None, None)
    assert parse_target("10.0.0.5:6379") == ClusterTarget("10.0.0.5:6379")
    for bad in ("local[0]", "everywhere", "local[x]"):
        with pytest.raises(ConfigError):
            parse_target(bad)


def test_a_cluster_run_has_no_lifecycle_of_its_own():
    """Issue 39: its lease, status and round planning are play_tournament's, as for any run."""
    own = re.compile(r"\.(?:set_status|claim_runner|heartbeat|save_match)\(|left_to_play")
    cluster = ROOT / "arena" / "cluster"
    code = {path.name: path.read_text() for path in cluster.glob("*.py")}
    found = [f"{name}: {call}" for name, text in code.items() for call in own.findall(text)]
    assert found == []
    assert "play_tournament(" in (cluster / "organizer.py").read_text()


def test_a_node_with_another_arena_refuses_to_play():
    spec = TournamentSpec("lucky_numbers", (BotEntry("a", "builtin:first"),) * 1, seed=1)
    other = replace(local_fingerprint(), arena_version="0.0.0-elsewhere")
    with pytest.raises(ClusterMismatchError, match="organizer runs arena 0.0.0-elsewhere"):
        play_fixture(FixtureJob(spec, None, other, os.getcwd()))


@pytest.mark.parametrize("mode", [[], ["--fresh-bots"]], ids=["warm", "fresh"])
def test_records_on_the_cluster_equal_a_one_process_run(
    capsys, db_url, tmp_path, ray_cluster, mode
):
    bots = ("r=builtin:random", "g=builtin:greedy", f"p={GREEDY_BOT}")
    out = run_ok(capsys, *tournament_args(*bots), "--cluster", "local[2]", *mode,
                 "--cpus-per-bot", "0.5", "--db", db_url, "--log-dir", str(tmp_path))  # fmt: skip
    assert "Standings (tournament 1)" in out
    calm = str(tmp_path / "calm.db")
    run_ok(capsys, *tournament_args(*bots), "--db", calm, "--log-dir", str(tmp_path / "calm"))
    assert essence(db_url) == essence(calm) and len(essence(calm)) == 6
    with Store.open(db_url) as store:
        assert store.tournament(1).status is Status.FINISHED
    log = (tmp_path / "tournament-1" / "p.log").read_text()
    assert log.count("==> match t1-") == 2 * 4  # its 4 matches, started and ended


def kill_first_worker(pid_file: Path, killed: list[int]) -> None:
    """Once the first bot process runs, SIGKILL the Ray worker that launched it."""
    deadline = time.monotonic() + 60
    while not pid_lines(pid_file) and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.4)  # its match is under way
    bot, worker = pid_lines(pid_file)[0]
    killed.extend((bot, worker))
    os.kill(worker, signal.SIGKILL)


@pytest.mark.parametrize("fresh", [False, True], ids=["warm", "fresh"])
def test_a_worker_killed_mid_match_is_retried_and_stored_once(capsys, tmp_path, ray_cluster, fresh):
    pids = tmp_path / "pids"
    slow = f"slow={BUSY_BOT} --sleep-ms 40 --pid-file {pids}"
    spec = TournamentSpec("lucky_numbers", (parse_bot(slow), parse_bot("first=builtin:first")),
                          seed=9, time_per_move_ms=5000)  # fmt: skip
    killed: list[int] = []
    killer = threading.Thread(target=kill_first_worker, args=(pids, killed))
    db = str(tmp_path / "cluster.db")
    with Store.open(db) as store:
        tournament = create_tournament(store, spec, owner=None)
        killer.start()
        finished = run_on_cluster(ClusterRun(store, replace(LOCAL, fresh=fresh)), tournament)
        killer.join()
    assert finished.status is Status.FINISHED and finished.played == finished.fixtures == 2
    bot, worker = killed
    if fresh:
        assert len(pid_lines(pids)) == 3  # the killed attempt's bot, then one per fixture
    else:  # the other worker's bot, and the replacement worker's if it got the retry
        assert len(pid_lines(pids)) in (2, 3)
    assert wait_gone([bot, worker]) == []  # the bot died with its worker
    with pytest.raises(ProcessLookupError):
        os.killpg(bot, 0)  # and nothing it started lives on
    calm = str(tmp_path / "calm.db")
    run_ok(capsys, *tournament_args(slow, "first=builtin:first", seed=9), "--db", calm)
    assert essence(db) == essence(calm)  # retried: same play, stored once


def test_a_fixture_out_of_retries_stays_pending_and_the_others_go_on(tmp_path, ray_cluster):
    pids = tmp_path / "pids"
    slow = f"slow={BUSY_BOT} --sleep-ms 40 --pid-file {pids}"
    spec = TournamentSpec("lucky_numbers", (parse_bot(slow), parse_bot("first=builtin:first")),
                          seed=9, time_per_move_ms=5000)  # fmt: skip
    no_retry = replace(LOCAL, max_retries=0)
    killed: list[int] = []
    killer = threading.Thread(target=kill_first_worker, args=(pids, killed))
    with Store.open(str(tmp_path / "cluster.db")) as store:
        tournament = create_tournament(store, spec, owner=None)
        killer.start()
        with pytest.raises(FixturesLeftError, match=r"1 fixture\(s\) failed"):
            run_on_cluster(ClusterRun(store, no_retry), tournament)
        killer.join()
        left = store.tournament(tournament.id)
        assert (left.status, left.played, left.fixtures) == (Status.INTERRUPTED, 1, 2)
        finished = run_on_cluster(ClusterRun(store, no_retry), left)  # a resume plays it
        assert finished.status is Status.FINISHED and finished.played == 2


def test_fixtures_a_node_refuses_stay_pending_and_a_resume_plays_them(
    capsys, monkeypatch, sqlite_path, ray_cluster
):
    spec = TournamentSpec("lucky_numbers", (parse_bot("a=builtin:random"),
                          parse_bot("b=builtin:greedy")), seed=3)  # fmt: skip
    warnings: list[str] = []
    other = replace(local_fingerprint(), rules_digest="0" * 64)
    with Store.open(sqlite_path) as store:
        tournament = create_tournament(store, spec, owner=None)
        monkeypatch.setattr(organizer, "local_fingerprint", lambda: other)
        with pytest.raises(FixturesLeftError, match=r"2 fixture\(s\) failed .* \(0, 1\)"):
            run_on_cluster(ClusterRun(store, LOCAL, warn=warnings.append), tournament)
        monkeypatch.undo()
        left = store.tournament(tournament.id)
        assert (left.status, left.played, left.runner) == (Status.INTERRUPTED, 0, None)
    assert len(warnings) == 2 and "install the same arena" in warnings[0]
    out = run_ok(capsys, "tournament", "resume", "1", "--cluster", "local[2]", "--db", sqlite_path)
    assert "Standings (tournament 1)" in out
    with Store.open(sqlite_path) as store:
        assert store.tournament(1).status is Status.FINISHED


def test_a_bot_that_never_starts_on_the_cluster_stores_nothing(capsys, sqlite_path, ray_cluster):
    never = f'never={PY} -c "import sys; sys.exit(3)"'
    code, _out, err = run_cli(capsys, *tournament_args("a=builtin:random", never), "--cluster",
                              "local[2]", "--cpus-per-bot", "0.5", "--db", sqlite_path)  # fmt: skip
    assert code == 1 and "bot 'never'" in err and "exited (exit code 3)" in err
    assert "nothing was stored" in err
    with Store.open(sqlite_path) as store:
        assert store.tournaments() == []


def test_a_second_runner_is_refused(capsys, sqlite_path, ray_cluster):
    spec = TournamentSpec("lucky_numbers", (parse_bot("a=builtin:random"),
                          parse_bot("b=builtin:greedy")), seed=3)  # fmt: skip
    with Store.open(sqlite_path) as store:
        tid = create_tournament(store, spec, owner=None).id
        store.claim_runner(tid, f"{socket.gethostname()}:{os.getppid()}")  # a live process
    code, _out, err = run_cli(capsys, "tournament", "resume", str(tid), "--cluster", "local[2]",
                              "--db", sqlite_path)  # fmt: skip
    assert code == 1 and "being played by another process" in err
    with Store.open(sqlite_path) as store:
        assert store.tournament(tid).played == 0


def stop_after(argv: list[str], db: str, matches: int, sig: signal.Signals) -> str:
    """Run `argv`, send `sig` once `matches` are stored; its stderr."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 90
    while stored_matches(db) < matches and process.poll() is None:
        assert time.monotonic() < deadline, f"the run stored {stored_matches(db)} in 90 s"
        time.sleep(0.01)
    process.send_signal(sig)
    _out, err = process.communicate(timeout=60)
    assert process.returncode in (-sig, 130), f"ended by itself ({process.returncode}): {err}"
    return err


def test_an_organizer_stopped_or_killed_then_resumed_gives_the_same_results(
    capsys, tmp_path, ray_cluster
):
    db, pids = str(tmp_path / "killed.db"), tmp_path / "pids"
    bots = (f"slow={BUSY_BOT} --sleep-ms 20 --pid-file {pids}", "a=builtin:random",
            "b=builtin:greedy")  # fmt: skip
    run = [PY, "-m", "arena", *tournament_args(*bots), "--cluster", "local[2]",
           "--cpus-per-bot", "0.5", "--db", db]  # fmt: skip
    err = stop_after(run, db, 1, signal.SIGTERM)  # like Ctrl-C
    assert f"continue with: arena tournament resume 1 --db sqlite:///{db}" in err
    with Store.open(db) as store:
        assert store.tournament(1).status is Status.INTERRUPTED
    resume = [PY, "-m", "arena", "tournament", "resume", "1", "--cluster", "local[2]",
              "--cpus-per-bot", "0.5", "--db", db]  # fmt: skip
    stop_after(resume, db, stored_matches(db) + 1, signal.SIGKILL)
    assert stored_matches(db) < 6
    assert wait_gone([pid for pid, _parent in pid_lines(pids)]) == []  # no bot outlives it
    run_ok(capsys, *resume[3:])  # on the test session's cluster
    calm = str(tmp_path / "calm.db")
    run_ok(capsys, *tournament_args(*bots), "--db", calm)
    assert essence(db) == essence(calm) and len(essence(calm)) == 6
