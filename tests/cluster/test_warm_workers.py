"""Issue 31: warm workers keep a referee and the bots across fixtures, as one process does.

A bot is started on its first use and restarted only after a crash; `--max-crashes` counts the
tournament's crashes over every worker, `--forfeit-absent` forfeits a bot that never starts,
and a stateful bot sees a worker's matches in one process. `--fresh-bots` keeps the old way.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path

from cli_helpers import run_cli, run_ok

from arena.cluster.crash_ledger import CrashLedger, CrashReport
from arena.cluster.warm_pool import placement
from arena.store import Store

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
COUNTING_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'counting_bot.py'}"
CLUSTER = ("--cluster", "local[2]")
ONE_WORKER = ("--cpus-per-bot", "1")  # a table of two takes both CPUs: one warm worker
TWO_WORKERS = ("--cpus-per-bot", "0.5")


def tournament(*bots: str, seed: int = 4) -> list[str]:
    return ["tournament", "run", "-g", "lucky_numbers", *(f"--bot={b}" for b in bots),
            "--seed", str(seed), "--time-per-move", "5000"]  # fmt: skip


def records(db: str) -> list[tuple[object, ...]]:
    """Each match without its timings; a forfeit's detail up to the bot's last output line
    (log lines carry the time)."""
    with Store.open(db) as store:
        found = store.tournament_matches(1)
    return [
        (
            r.match_id,
            r.players,
            [(m.seat, m.move) for m in r.moves],
            r.outcome.ranks,
            r.outcome.termination,
            r.outcome.detail.split("; last output")[0],
        )  # fmt: skip
        for r in found
    ]


def ends_of(db: str, bot: str) -> list[str]:
    with Store.open(db) as store:
        return [
            r.outcome.termination.value + (" forfeit" if "forfeit: " in r.outcome.detail else "")
            for r in store.tournament_matches(1)
            if bot in r.players
        ]


def test_a_bot_that_crashes_on_its_2nd_match_is_restarted_then_withdrawn_as_in_one_process(
    capsys, tmp_path, ray_cluster
):
    bots = (f"dies={COUNTING_BOT} --crash-on 2", "a=builtin:random", "b=builtin:greedy",
            "c=builtin:first")  # fmt: skip
    warm, alone = str(tmp_path / "warm.db"), str(tmp_path / "alone.db")
    code, _out, err = run_cli(capsys, *tournament(*bots), *CLUSTER, *ONE_WORKER,
                              "--max-crashes", "2", "--db", warm)  # fmt: skip
    assert code == 0, err
    assert "bot dies crashed (1 of 2): restarting it" in err
    assert "bot dies withdrawn, its remaining matches are forfeited: 2 crashes" in err
    code, _out, err_alone = run_cli(capsys, *tournament(*bots), "--max-crashes", "2", "--db", alone)
    assert code == 0, err_alone
    # each process's 2nd match crashes; the second crash withdraws it: 2 forfeits follow
    expected = ["normal", "crash", "normal", "crash", "disconnect forfeit", "disconnect forfeit"]
    assert ends_of(warm, "dies") == ends_of(alone, "dies") == expected
    assert records(warm) == records(alone) and len(records(warm)) == 12


def test_a_stateful_bot_sees_each_workers_matches_in_one_process(capsys, tmp_path, ray_cluster):
    def played(log: Path) -> dict[int, list[int]]:
        by_process = defaultdict(list)
        for line in log.read_text().splitlines():
            pid, count, _match = line.split()
            by_process[int(pid)].append(int(count))
        return dict(by_process)

    warm_log, fresh_log = tmp_path / "warm.log", tmp_path / "fresh.log"
    for log, mode in ((warm_log, ()), (fresh_log, ("--fresh-bots",))):
        bots = (f"count={COUNTING_BOT} --log {log}", "a=builtin:random", "b=builtin:greedy")
        run_ok(capsys, *tournament(*bots), *CLUSTER, *TWO_WORKERS, *mode,
               "--db", str(tmp_path / f"{log.stem}.db"))  # fmt: skip
    warm = played(warm_log)
    assert 1 <= len(warm) <= 2  # one process per warm worker that played it
    assert all(counts == list(range(1, len(counts) + 1)) for counts in warm.values())
    assert sum(len(c) for c in warm.values()) == 4 and max(map(len, warm.values())) >= 2
    assert sorted(played(fresh_log).values()) == [[1]] * 4  # fresh: a process per match

    # On one worker the whole sequence is one process's, as in a one-process run.
    bots = (f"count={COUNTING_BOT}", "a=builtin:random", "b=builtin:greedy")
    run_ok(capsys, *tournament(*bots), *CLUSTER, *ONE_WORKER, "--db", str(tmp_path / "one.db"))
    run_ok(capsys, *tournament(*bots), "--db", str(tmp_path / "alone.db"))
    assert records(str(tmp_path / "one.db")) == records(str(tmp_path / "alone.db"))


def test_forfeit_absent_on_warm_workers_forfeits_as_in_one_process(capsys, tmp_path, ray_cluster):
    never = f'never={PY} -c "import sys; sys.exit(3)"'
    bots = (never, "a=builtin:random", f"p={PY} {ROOT / 'bots' / 'greedy_bot.py'}")
    warm, alone = str(tmp_path / "warm.db"), str(tmp_path / "alone.db")
    code, _out, err = run_cli(capsys, *tournament(*bots), *CLUSTER, *TWO_WORKERS,
                              "--forfeit-absent", "--db", warm)  # fmt: skip
    assert code == 0, err
    assert "bot never withdrawn" in err and "never connected" in err
    run_ok(capsys, *tournament(*bots), "--forfeit-absent", "--db", alone)
    assert ends_of(warm, "never") == ["disconnect forfeit"] * 4
    assert records(warm) == records(alone)
    code, _out, err = run_cli(capsys, *tournament(*bots), *CLUSTER, "--fresh-bots",
                              "--forfeit-absent", "--db", str(tmp_path / "x.db"))  # fmt: skip
    assert code == 1 and "--forfeit-absent is not for --fresh-bots" in err


def test_the_ledger_counts_crashes_over_every_worker():
    ledger = CrashLedger(max_crashes=3)
    shown = ledger.merge(CrashReport({"x": 1}, warnings=("bot x crashed (1 of 3): restarting it",)))
    assert shown == ["bot x crashed (1 of 3): restarting it"] and not ledger.withdrawn
    ledger.merge(CrashReport({"x": 1}))  # another worker's process of x
    assert ledger.state().crashes == {"x": 2} and not ledger.state().withdrawn
    shown = ledger.merge(CrashReport({"x": 1, "y": 1}))  # a third, seen by a third worker
    assert ledger.state().withdrawn == {"x": "3 crashes on the cluster's workers"}
    assert shown == ["bot x withdrawn, its remaining matches are forfeited: 3 crashes on the "
                     "cluster's workers"]  # fmt: skip
    ledger.merge(CrashReport(withdrawn={"y": "never connected: gone"}))
    assert ledger.state().withdrawn["y"] == "never connected: gone"


def test_workers_fill_each_node_up_to_the_fixtures_left():
    nodes = [
        {"NodeID": "b", "Alive": True, "Resources": {"CPU": 4.0}},
        {"NodeID": "a", "Alive": True, "Resources": {"CPU": 3.0}},
        {"NodeID": "c", "Alive": False, "Resources": {"CPU": 8.0}},
    ]
    assert placement(nodes, 1.5, 100) == [("a", 2), ("b", 2)]
    assert placement(nodes, 1.0, 5) == [("a", 3), ("b", 2)]
    assert placement(nodes, 0.1 * 3, 1) == [("a", 1)]


def test_fresh_bots_needs_a_cluster(capsys, tmp_path):
    code, _out, err = run_cli(capsys, *tournament("a=builtin:random", "b=builtin:greedy"),
                              "--fresh-bots", "--db", str(tmp_path / "t.db"))  # fmt: skip
    assert code == 1 and "--fresh-bots is for --cluster" in err
