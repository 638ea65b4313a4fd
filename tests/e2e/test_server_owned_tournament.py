"""The shared ladder end to end: an organizer creates a tournament on a server from the CLI and
detaches; a spectator follows it in the terminal and in a browser; one bot is killed and comes
back within the reconnect grace (it loses only the match it was in), another stays away (the
rest of its matches are forfeits); the organizer re-attaches and sees the same report.

Real `arena serve` with credentials, real bot processes, real CLI processes, headless Chromium.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import token_ledger
from thread_signal import other_threads, signal_thread
from web_helpers import ARTIFACTS, Served, arena_with_web, browser, call

from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]
PY = sys.executable
BOTS = ("k1", "k2", "k3")
GRACE_S = 4


def arena(*args: str, db: Path) -> str:
    """`arena ARGS --db DB` (must succeed): its stdout."""
    done = subprocess.run(
        [PY, "-m", "arena", *args, "--db", str(db)], capture_output=True, text=True, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    token_ledger.printed(f"arena {' '.join(args)}", done.stderr)
    return token_ledger.issued(done.stdout) if token_ledger.issues_a_token(args) else done.stdout


class Process:
    """A process whose stdout and stderr are collected as they come (every line kept)."""

    def __init__(self, cmd: list[str], env: dict[str, str]) -> None:
        self.lines: list[str] = []
        token_ledger.streamed(" ".join(cmd), self.lines)
        self.popen = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=env
        )
        assert self.popen.stdout is not None
        self._reader = threading.Thread(target=self.lines.extend, args=(self.popen.stdout,))
        self._reader.start()

    def wait_for(self, text: str, timeout_s: float = 60.0) -> None:
        deadline = time.monotonic() + timeout_s
        while not any(text in line for line in self.lines):
            assert time.monotonic() < deadline, f"never printed {text!r}: {self.output()}"
            assert self.popen.poll() is None or self._reader.is_alive(), self.output()
            time.sleep(0.05)

    def finish(self, timeout_s: float = 120.0) -> int:
        code = self.popen.wait(timeout=timeout_s)
        self._reader.join(timeout=10)
        return code

    def output(self) -> str:
        return "".join(self.lines)

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.finish(10)


def bot(address: str, name: str, token: str, think_ms: int = 5) -> Process:
    env = {**os.environ, "ARENA_TOKEN": token}
    cmd = [PY, "tests/bots/slow_bot.py", "--address", address, "--name", name]
    cmd += ["--think-ms", str(think_ms)]
    return Process(cmd, env)


def cli(*args: str, token: str | None = None) -> Process:
    env = {k: v for k, v in os.environ.items() if k != "ARENA_ORGANIZER_TOKEN"}
    if token is not None:
        env["ARENA_ORGANIZER_TOKEN"] = token
    return Process([PY, "-m", "arena", *args], env)


def tournament(address: str, tid: int = 1) -> pb.Tournament:
    return call(address, "GetTournament", pb.GetTournamentRequest(tournament_id=tid))


def wait_until(check: Any, what: str, timeout_s: float = 90.0) -> Any:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def in_a_match(address: str, name: str) -> bool:
    bots = call(address, "ListBots", pb.ListBotsRequest()).bots
    return any(b.name == name and b.active_matches > 0 for b in bots)


def test_create_detach_follow_come_back_forfeit_reattach(tmp_path: Path) -> None:
    db = tmp_path / "ladder.db"
    organizer = arena("organizer", "add", "alice", db=db).strip()
    tokens = {name: arena("bot", "add", name, db=db).strip() for name in BOTS}
    with arena_with_web(db) as served:
        address = served.address
        bots = {name: bot(address, name, tokens[name]) for name in BOTS}
        processes = list(bots.values())
        try:
            _scenario(served, organizer, tokens, bots, processes)
        finally:
            for p in processes:
                p.kill()
        outputs = [p.output() for p in processes] + served.log
    secrets = [organizer, *tokens.values()]
    leaked = [s for s in secrets if any(s in text for text in outputs)]
    assert not leaked, "a token was printed by a server, a bot or a CLI"


def _scenario(
    served: Served,
    organizer: str,
    tokens: dict[str, str],
    bots: dict[str, Process],
    processes: list[Process],
) -> None:
    address = served.address
    wait_until(
        lambda: {b.name for b in call(address, "ListBots", pb.ListBotsRequest()).bots} >= set(BOTS),
        "the bots to connect",
    )
    with browser() as chromium:  # started first: a browser takes seconds to start
        page = chromium.new_page()
        run = cli(
            "tournament", "run", "-g", "lucky_numbers", *(f"--bot={b}" for b in BOTS),
            "--cycles", "2", "--seed", "3", "--reconnect-grace", str(GRACE_S),
            "--server", address, token=organizer,
        )  # fmt: skip
        processes.append(run)
        run.wait_for("tournament 1: 12 matches, played by")
        run.wait_for("[1/12] Finished t1-")
        run.popen.send_signal(signal.SIGINT)
        assert run.finish() == 0, run.output()
        assert "detached: tournament 1 goes on" in run.output()

        spectator = cli("watch", "--tournament", "1", "--server", address, "--plain")
        processes.append(spectator)
        page.goto(f"{served.web}/tournaments/1")
        page.wait_for_selector("#standings")
        assert page.locator("#status").inner_text() == "running"

        # k2 dies in a match and comes back within its grace: it loses that match only.
        wait_until(lambda: in_a_match(address, "k2"), "k2 to play")
        bots["k2"].kill()
        time.sleep(0.5)
        processes.append(bot(address, "k2", tokens["k2"]))

        # k3 dies for good after the first cycle: the rest of its matches are forfeits.
        wait_until(lambda: tournament(address).fixtures_done >= 6, "the first cycle")
        bots["k3"].kill()
        away = wait_until(lambda: list(tournament(address).away), "k3 to be away")
        assert away[0].bot == "k3" and 0 < away[0].grace_left_ms <= GRACE_S * 1000
        wait_until(lambda: "k3" in tournament(address).withdrawn, "k3 to be withdrawn", 30)
        page.wait_for_function(
            "() => document.querySelector('#live').innerText.includes('withdrawn')",
            timeout=30_000,
        )
        page.screenshot(path=str(ARTIFACTS / "web-tournament-grace.png"), full_page=True)

        attach = cli("tournament", "attach", "1", "--server", address)
        processes.append(attach)
        assert attach.finish() == 0, attach.output()
        page.wait_for_function(
            "() => document.querySelector('#status').innerText === 'finished'", timeout=60_000
        )
        shown_rows = page.locator("#standings tr").count()
    assert shown_rows == 1 + len(BOTS)
    assert spectator.finish() == 0, spectator.output()
    assert "away: k3" in spectator.output() and "withdrawn: k3" in spectator.output()
    assert "12/12 played, finished" in spectator.output()

    show = cli("tournament", "show", "1", "--server", address)
    processes.append(show)
    assert show.finish() == 0
    report = show.output()
    assert report.strip() and report.strip() in attach.output()

    data = cli("tournament", "show", "1", "--matches", "-f", "json", "--server", address)
    processes.append(data)
    assert data.finish() == 0
    shown = json.loads(data.output())
    assert shown["tournament"]["status"] == "finished" and shown["withdrawn"] == ["k3"]
    matches = shown["matches"]
    k2_faults = [m for m in matches if m["end"] != "normal" and _offender(m) == "k2"]
    assert len(k2_faults) == 1 and k2_faults[0]["end"] == "disconnect"
    assert "forfeit" not in k2_faults[0]["detail"]
    k3_forfeits = [m for m in matches if "forfeit" in m["detail"] and _offender(m) == "k3"]
    assert len(k3_forfeits) >= 3
    standings = {row["bot"]: row for row in shown["standings"]}
    assert standings["k2"]["forfeits"] == 0 and standings["k3"]["forfeits"] == len(k3_forfeits)


def _offender(match: dict[str, Any]) -> str | None:
    """The bot ranked last alone in a faulted match (its offender)."""
    worst = max(match["ranks"])
    last = [bot for bot, rank in zip(match["seats"], match["ranks"], strict=True) if rank == worst]
    return last[0] if len(last) == 1 else None


def test_a_ctrl_c_another_thread_takes_still_detaches_the_follower(tmp_path: Path) -> None:
    """`tournament attach` follows over gRPC, whose threads may take the SIGINT the kernel hands
    the process: the event loop, asleep on the stream, must see it at once, not when the next
    match ends (bots thinking 2 s a move: minutes away)."""
    db = tmp_path / "ladder.db"
    organizer = arena("organizer", "add", "alice", db=db).strip()
    tokens = {name: arena("bot", "add", name, db=db).strip() for name in BOTS}
    with arena_with_web(db) as served:
        address = served.address
        processes = [bot(address, name, tokens[name], think_ms=2000) for name in BOTS]
        try:
            wait_until(
                lambda: (
                    {b.name for b in call(address, "ListBots", pb.ListBotsRequest()).bots}
                    >= set(BOTS)
                ),
                "the bots to connect",
            )
            created = cli(
                "tournament", "run", "-g", "lucky_numbers", *(f"--bot={b}" for b in BOTS),
                "--seed", "3", "--detach", "--server", address, token=organizer,
            )  # fmt: skip
            processes.append(created)
            assert created.finish() == 0, created.output()
            follower = cli("tournament", "attach", "1", "--server", address)
            processes.append(follower)
            pid = follower.popen.pid
            threads = other_threads(pid, at_least=3)  # gRPC's: the stream is open
            time.sleep(1.5)  # the first update shown, the loop asleep on the stream
            signal_thread(pid, threads[-1], signal.SIGINT)
            try:
                code = follower.finish(timeout_s=30)
            except subprocess.TimeoutExpired:
                raise AssertionError("a Ctrl-C taken by another thread was not seen") from None
            assert code == 0 and "detached: tournament 1 goes on" in follower.output()
            assert tournament(address).status == pb.TOURNAMENT_STATUS_RUNNING
        finally:
            for p in processes:
                p.kill()
