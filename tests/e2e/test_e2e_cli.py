"""`arena play --bot-cmd` and `arena serve` from the command line, with real bot processes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from serve_process import start_serve

from arena.client import SyncArenaClient
from arena.core.values import Termination

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
RANDOM_BOT = f"{PY} {ROOT / 'bots' / 'random_bot.py'}"


def arena(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """Run the arena CLI in a subprocess."""
    return subprocess.run(
        [PY, "-m", "arena", *args], capture_output=True, text=True, timeout=timeout, cwd=ROOT
    )


def test_play_with_two_bot_programs_prints_moves_and_result() -> None:
    done = arena(
        "play",
        "lucky_numbers",
        "--bot-cmd",
        RANDOM_BOT,
        "--bot-cmd",
        RANDOM_BOT,
        "--seed",
        "5",
        "--time-per-move",
        "2000",
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert re.search(
        r"Lucky Numbers, seed 5, players: random_bot, random_bot-2 \(referee 127\.0\.0\.1:\d+\)",
        out,
    )
    assert "   1. seat " in out
    assert "result (normal)" in out
    assert re.search(r"#1 seat \d random_bot", out)


def test_built_in_and_program_bots_mix_at_one_table() -> None:
    done = arena(
        "play",
        "lucky_numbers",
        "--bot",
        "greedy",
        "--bot-cmd",
        RANDOM_BOT,
        "--seed",
        "9",
        "-o",
        "bruno=true",
    )
    assert done.returncode == 0, done.stderr
    assert "players: greedy, random_bot" in done.stdout
    assert "seat 0 greedy" in done.stdout and "seat 1 random_bot" in done.stdout


def test_a_bot_program_that_dies_at_startup_is_an_error_with_its_output() -> None:
    failing = f"{PY} -c \"import sys; print('cannot find my weights'); sys.exit(3)\""
    done = arena(
        "play", "lucky_numbers", "--bot-cmd", failing, "--bot-cmd", RANDOM_BOT, "--seed", "1"
    )
    assert done.returncode == 1
    assert done.stderr.startswith("error: bot 'python' ")
    assert "exited (exit code 3) before connecting" in done.stderr
    assert "cannot find my weights" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_missing_bot_program_is_reported() -> None:
    done = arena("play", "lucky_numbers", "--bot-cmd", "no-such-program-xyz", "--bot", "random")
    assert done.returncode == 1
    assert "error: cannot start bot 'no-such-program-xyz'" in done.stderr


def test_serve_referees_bots_that_connect_to_it(tmp_path: Path) -> None:
    db = str(tmp_path / "served.db")  # serve stores its matches: never in the work tree
    server, address = start_serve("--time-per-move", "2000", "--db", db)
    bots: list[subprocess.Popen[bytes]] = []
    try:
        for name in ("north", "south"):
            cmd = [PY, str(ROOT / "bots" / "random_bot.py"), "--address", address, "--name", name]
            bots.append(subprocess.Popen(cmd, stderr=subprocess.DEVNULL))
        with SyncArenaClient(address) as client:
            record = client.play_match("lucky_numbers", ["north", "south"], seed=21)
        assert record.players == ("north", "south")
        assert record.outcome.termination == Termination.NORMAL
        server.send_signal(signal.SIGTERM)
        assert server.wait(timeout=10) == 0
        log = server.stderr.read()
        assert "bot north connected" in log
        assert re.search(r"match \w+ ended \(normal\)", log)
    finally:
        for process in [*bots, server]:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGKILL)
                process.wait()


def processes_with(marker: str) -> list[int]:
    """Pids of live processes whose command line contains `marker` (Linux /proc)."""
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().decode(errors="replace")
                state = (entry / "stat").read_text().split()[2]
            except OSError:
                continue
            if marker in cmdline and state != "Z":
                pids.append(int(entry.name))
    return pids


def test_terminating_play_stops_the_bot_processes_it_started() -> None:
    marker = "--sleep-ms 987654"  # a stalled bot: the match waits on it (no clock)
    stalled = f"{PY} {ROOT / 'tests' / 'bots' / 'fault_bot.py'} sleepy --after 1 {marker}"
    play = subprocess.Popen(
        [
            PY,
            "-m",
            "arena",
            "play",
            "lucky_numbers",
            "--seed",
            "1",
            "--bot-cmd",
            stalled,
            "--bot-cmd",
            RANDOM_BOT,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert play.stdout is not None
        assert "players: fault_bot, random_bot" in play.stdout.readline()
        while " seat 0: " not in (line := play.stdout.readline()):  # seat 0 moves once, stalls
            assert line, "the match ended before seat 0 moved"
        assert len(processes_with(marker)) == 1
        play.send_signal(signal.SIGTERM)
        assert play.wait(timeout=10) == 130
        assert processes_with(marker) == []
    finally:
        if play.poll() is None:
            play.kill()
            play.wait()
        for pid in processes_with(marker):
            os.kill(pid, signal.SIGKILL)
