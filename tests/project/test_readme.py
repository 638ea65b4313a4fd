"""README.md is a walkthrough: its commands run in the order printed, on a fresh checkout.

Each story of the README (`<!-- walkthrough: NAME -->` before its ```sh blocks) runs as one
bash script in a scratch directory holding links to the checkout's bots/, docs/ and virtual
environment (the install step is the one block not marked: the test runs inside an install).
The ports the README names become free ones; the shared server's other-machine names
(`arena.example`, `0.0.0.0`) become loopback; the PostgreSQL URL becomes the suite's own
server. Servers and bots the README starts with `&` run in the background until the story
ends. The section for several machines runs in tests/cluster/test_cluster_nodes.py (two Ray
nodes on loopback). A story fails on the first command that fails (`set -e`), so every command
succeeds as the README says; the checks below read what they printed.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
import token_ledger
from walkthrough import free_ports, run_script, shell_variables, substitute, walkthrough_blocks

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
PG_URL = "postgresql://arena@db.example/arena"

# The shared story's last step: the spectators' pages the README started answer (test only).
FETCH_PAGE = """
python - <<'EOF'
import time, urllib.request
for attempt in range(200):
    try:
        page = urllib.request.urlopen("http://127.0.0.1:{port}/tournaments/1", timeout=5).read()
        break
    except OSError:
        time.sleep(0.1)
open("tournament-page.html", "wb").write(page)
EOF
"""


def story(name: str) -> str:
    blocks = walkthrough_blocks(README.read_text(encoding="utf-8"), name)
    assert blocks, f"no walkthrough blocks for {name!r} in README.md"
    return "\n".join(blocks)


def scratch_checkout(path: Path) -> Path:
    """A directory that looks like a fresh checkout with its .venv (links to this one's)."""
    for name in ("bots", "docs"):
        (path / name).symlink_to(ROOT / name)
    (path / ".venv").symlink_to(Path(sys.prefix))
    return path


def run_story(script: str, path: Path, timeout_s: float, own_logs: Path):
    done = run_script(script, path, timeout_s=timeout_s, env={"ARENA_LOG_DIR": str(own_logs)})
    (path / "walkthrough.out").write_text(done.stdout)  # kept for a look after a failure
    (path / "walkthrough.err").write_text(done.stderr)
    variables = shell_variables(path)
    for name, value in variables.items():
        if name.endswith("_TOKEN"):
            token_ledger.issued(value)
    token_ledger.printed(f"README walkthrough in {path}", done.stdout + done.stderr)
    assert done.returncode == 0, done.stdout[-3000:] + "\n---\n" + done.stderr[-4000:]
    return done


@pytest.fixture
def logs_dir(tmp_path: Path) -> Path:
    """The bots' logs of a story, under the session's log folder (searched for leaked tokens)."""
    return Path(os.environ["ARENA_LOG_DIR"]) / f"readme-{tmp_path.name}"


def test_playing_writing_a_bot_tournaments_and_records(tmp_path, logs_dir):
    ports = free_ports(50051)
    done = run_story(substitute(story("local"), ports), scratch_checkout(tmp_path), 600, logs_dir)
    out = done.stdout + done.stderr  # results on stdout, progress and notes on stderr
    assert "Games" in out and "result (normal)" in out  # arena games, arena play
    assert out.count("Standings (tournament 1)") >= 2  # the run, then `show 1`
    assert "Standings (tournament 2)" in out  # played by the server for the CLI
    assert "Standings (tournament 3)" in out  # the swiss
    assert "tournament 3: 0 of 12 matches left" in out  # resume: nothing missing
    assert "match,seed,seats" in out  # the CSV table
    assert "**Leaderboard: lucky_numbers" in out  # markdown
    assert "match t1-0: Lucky Numbers" in out  # replay
    assert "==> match t1-4" in out  # the bot's log of that match
    assert "deleted tournament 3" in out
    assert "revision" in out and "already at" in out  # db status, db upgrade
    assert "stored as match play-" in out
    assert re.search(r"exported \d+ matches", out)
    assert "imported " in out
    assert "Head to head: tournament 1" in out  # stats
    assert "SPRT [0, 5] accepted H1" in out
    assert "4 matches rated" in out  # ladder run --max-matches 4
    assert (tmp_path / "t1.jsonl").is_file() and (tmp_path / "other.db").is_file()


def test_a_shared_server_with_tokens_tls_and_spectators(tmp_path, logs_dir):
    # The TLS server "on other machines" runs on loopback, which its certificate names too.
    other_machines = {"arena.example:50053": "127.0.0.1:50053", "0.0.0.0:50053": "127.0.0.1:50053"}
    ports = free_ports(50052, 8080, 50053, 8081)
    script = substitute(substitute(story("shared"), other_machines), ports)
    script += FETCH_PAGE.format(port=ports["8081"])
    done = run_story(script, scratch_checkout(tmp_path), 600, logs_dir)
    out = done.stdout + done.stderr  # results on stdout, progress and logs on stderr
    assert "tournament 1: 50 matches, played by" in out  # --detach returned at once
    assert "tournament 1 cancelled on 127.0.0.1:" in out  # cancelled while it was played
    assert "tournament 1 resumed by an organizer" in out  # the server's log
    assert "[50/50] Finished t1-49" in out  # resume followed it to its end
    assert out.count("Standings (tournament 1)") >= 4  # resume, attach, show, the TLS run
    assert "tournament 1 (lucky_numbers): 50/50 played, finished" in out  # watch --tournament
    assert "match t1-7: lucky_numbers, 0=rand, 1=greedy" in out  # watch t1-7
    assert "match t1-7: Lucky Numbers, seed " in out  # replay: the seed, as it is finished
    assert "Rating history: greedy in lucky_numbers" in out
    # TLS with a certificate made by the README's openssl line; tokens from shell variables
    assert re.search(r"referee listening on 127\.0\.0\.1:\d+ \(TLS", out)
    assert "tournament 1 started: azul, 2 matches, bots greedy, rand" in out
    assert "[2/2] Finished t1-1" in out
    page = (tmp_path / "tournament-page.html").read_text()  # the pages `arena web` serves
    assert "<title>Tournament 1" in page and "50/50" in page and "greedy" in page


@pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)  # an empty PostgreSQL database
def test_the_postgresql_ladder_runs_the_same_commands(tmp_path, logs_dir, db_url):
    script = substitute(story("postgres"), {PG_URL: db_url})
    done = run_story(script, scratch_checkout(tmp_path), 300, logs_dir)
    assert "Standings (tournament 1)" in done.stdout
    assert "Leaderboard: lucky_numbers" in done.stdout
