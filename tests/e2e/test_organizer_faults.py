"""Issue 14, findings 1-5: bots checked before anything is stored, crashes, bots that never
connect or hang, the default clock, `tournament delete`, the README's commands as typed."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from cli_helpers import run_cli, run_ok

from arena.app.running import create_tournament
from arena.store import Store
from arena.tournament import BotEntry, Status, TournamentSpec
from arena.tournament.schedule import DEFAULT_TIME_BANK_MS, DEFAULT_TIME_PER_MOVE_MS

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RANDOM_BOT = f"{PY} {ROOT / 'bots' / 'random_bot.py'}"
FAULT_BOT = f"{PY} {ROOT / 'tests' / 'bots' / 'fault_bot.py'}"
NEVER_CONNECTS = f'{PY} -c "import sys; sys.exit(3)"'
HEALTHY = ("r1", "r2", "h")


def run_field(capsys, db: str, commands: dict[str, str], *extra: str) -> tuple[int, str]:
    bots = [f"--bot={name}={command}" for name, command in commands.items()]
    code, _out, err = run_cli(
        capsys, "tournament", "run", "-g", "lucky_numbers", *bots, "--seed", "11",
        "--time-per-move", "300", "--time-bank", "0", "--concurrency", "3", "--db", db, *extra,
    )  # fmt: skip
    return code, err


def healthy_matches(db: str) -> dict[str, tuple[object, ...]]:
    with Store.open(db) as store:
        records = store.tournament_matches(1)
    return {
        r.match_id: (r.seed, r.players, [(m.seat, m.move) for m in r.moves], r.outcome.ranks)
        for r in records
        if set(r.players) <= set(HEALTHY)
    }


def test_crashing_absent_and_hung_bots_leave_every_healthy_match_as_without_them(capsys, tmp_path):
    healthy = {
        "r1": f"{RANDOM_BOT} --seed 1",
        "r2": f"{RANDOM_BOT} --seed 2",
        "h": "builtin:random",
    }
    faulty = {
        "crash": f"{FAULT_BOT} suicide --after 2",
        "absent": NEVER_CONNECTS,
        "hung": f"{FAULT_BOT} sleepy --after 1 --sleep-ms 600000",
    }
    calm = {name: f"{RANDOM_BOT} --seed 9" for name in faulty}
    code, err = run_field(capsys, str(tmp_path / "faulty.db"), {**healthy, **faulty},
                          "--forfeit-absent", "--max-crashes", "2")  # fmt: skip
    assert code == 0, err
    assert "bot absent withdrawn" in err and "never connected" in err
    assert "bot crash crashed (1 of 2): restarting it" in err and "bot crash withdrawn" in err
    assert run_field(capsys, str(tmp_path / "calm.db"), {**healthy, **calm})[0] == 0

    faulty_run, calm_run = (
        healthy_matches(str(tmp_path / "faulty.db")),
        healthy_matches(str(tmp_path / "calm.db")),
    )
    assert len(faulty_run) == 6  # C(3, 2) tables of the healthy bots, two seatings each
    assert faulty_run == calm_run
    shown = json.loads(
        run_ok(capsys, "tournament", "show", "1", "-f", "json", "--matches",
               "--db", str(tmp_path / "faulty.db"))
    )  # fmt: skip
    assert shown["tournament"]["status"] == "finished"
    by_bot = {row["bot"]: row for row in shown["standings"]}
    assert by_bot["absent"]["forfeits"] == by_bot["absent"]["games"] == 10
    # The hung bot loses on time to every healthy bot. Against "absent" and "crash" whoever
    # faults first loses: "crash" may be withdrawn (forfeits) before it meets "hung", or not,
    # as the three tables' timing has it.
    hung_matches = [m for m in shown["matches"] if "hung" in m["seats"]]
    assert len(hung_matches) == 10
    by_hung = [m for m in hung_matches if "(hung)" in m["detail"]]
    assert all(m["end"] == "timeout" for m in by_hung)
    assert by_bot["hung"]["faults"] == len(by_hung) and by_bot["hung"]["forfeits"] == 0
    assert all(m in by_hung for m in hung_matches if set(m["seats"]) & set(HEALTHY))
    assert all(m in by_hung or re.search(r"\((absent|crash)\)", m["detail"]) for m in hung_matches)


def test_a_bot_that_never_connects_stores_nothing_and_is_forfeited_on_resume(capsys, tmp_path):
    db = str(tmp_path / "t.db")
    code, err = run_field(capsys, db, {"gone": NEVER_CONNECTS, "h": "builtin:random"})
    assert code == 1 and "exited (exit code 3) before connecting" in err
    assert "nothing was stored" in err
    assert json.loads(run_ok(capsys, "tournament", "list", "-f", "json", "--db", db)) == []

    # A bot that worked when the tournament began but no longer starts at a resume forfeits.
    marker = tmp_path / "broken"
    flaky = (
        f'{PY} -c "import os, runpy, sys; sys.argv = [sys.argv[0]]; '
        f"os.path.exists({str(marker)!r}) and sys.exit(4); "
        f"runpy.run_path({str(ROOT / 'bots' / 'random_bot.py')!r}, run_name='__main__')\""
    )
    with Store.open(db) as store:
        bots = (BotEntry("flaky", flaky), BotEntry("h", "builtin:random"))
        create_tournament(store, TournamentSpec("lucky_numbers", bots, seed=4), owner=None)
    marker.write_text("")
    code, _out, err = run_cli(capsys, "tournament", "resume", "1", "--db", db)
    assert code == 0, err
    assert "bot flaky withdrawn" in err and "never connected" in err
    shown = json.loads(run_ok(capsys, "tournament", "show", "1", "-f", "json", "--db", db))
    by_bot = {row["bot"]: row for row in shown["standings"]}
    assert by_bot["flaky"]["forfeits"] == 2 and shown["tournament"]["status"] == "finished"


def test_every_tournament_gets_a_clock_and_show_prints_it(capsys, tmp_path):
    db = str(tmp_path / "t.db")
    bots = ("--bot", "a=builtin:random", "--bot", "b=builtin:random")
    run_ok(capsys, "tournament", "run", "-g", "lucky_numbers", *bots, "--seed", "1", "--db", db)
    clock = ("--time-per-move", "200", "--time-bank", "500", "--increment", "50")
    run_ok(capsys, "tournament", "run", "-g", "lucky_numbers", *bots, "--seed", "1", *clock,
           "--db", db)  # fmt: skip
    first, second = (
        json.loads(run_ok(capsys, "tournament", "show", str(i), "-f", "json", "--db", db))
        for i in (1, 2)
    )
    assert (first["tournament"]["time_per_move_ms"], first["tournament"]["time_bank_ms"]) == (
        DEFAULT_TIME_PER_MOVE_MS, DEFAULT_TIME_BANK_MS,
    )  # fmt: skip
    assert first["tournament"]["increment_ms"] is None
    assert second["tournament"]["clock"] == "200 ms/move + 500 ms bank + 50 ms increment"
    out = run_ok(capsys, "tournament", "show", "2", "--db", db)
    assert "200 ms/move" in out


def test_delete_removes_a_tournament_and_rebuilds_the_ladder(capsys, tmp_path):
    db = str(tmp_path / "t.db")
    bots = ("--bot", "a=builtin:random", "--bot", "b=builtin:first")
    for seed in ("1", "2"):
        run_ok(
            capsys, "tournament", "run", "-g", "lucky_numbers", *bots, "--seed", seed, "--db", db
        )
    with Store.open(db) as store:
        store.set_status(2, Status.RUNNING)
        store.claim_runner(2, f"{os.uname().nodename}:{os.getpid()}")  # a live runner: this test
    code, _out, err = run_cli(capsys, "tournament", "delete", "2", "--db", db)
    assert code == 1 and "is being played" in err
    run_cli(capsys, "tournament", "delete", "2", "--force", "--db", db)
    run_cli(capsys, "tournament", "delete", "1", "--db", db)
    assert json.loads(run_ok(capsys, "tournament", "list", "-f", "json", "--db", db)) == []
    with Store.open(db) as store:
        assert store.ladder("lucky_numbers") == []


def test_read_only_commands_never_create_a_database(capsys, tmp_path):
    db = tmp_path / "nothing.db"
    for args in (("tournament", "list"), ("tournament", "show", "1"), ("leaderboard",),
                 ("replay", "t1-0"), ("bot", "list")):  # fmt: skip
        code, _out, err = run_cli(capsys, *args, "--db", str(db))
        assert code == 1 and "no database at" in err, (args, err)
    assert not db.exists()


def test_the_readme_tournament_example_works_as_typed_with_the_system_python(tmp_path):
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"(\.venv/bin/arena tournament run --game lucky_numbers \\\n.*?--seed 7)\n",
                      readme, re.S)  # fmt: skip
    assert block is not None
    command = block.group(1).replace("\\\n", " ").replace(".venv/bin/arena", f"{PY} -m arena")
    env = {**os.environ, "PATH": "/usr/bin:/bin"}  # `python` is not the venv's here
    done = subprocess.run(
        [*shlex.split(command), "--db", str(tmp_path / "r.db"), "--log-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, env=env, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Standings (tournament 1)" in done.stdout
