"""bots/README.md walks a newcomer from nothing to a bot on the ladder: run its commands.

Every ```sh block after a `<!-- walkthrough -->` marker is run, in order, as one bash script
in a scratch directory that links to bots/ (the install step is the one block not marked: the
test runs inside an install). The server's port is swapped for a free one.
"""

from __future__ import annotations

import re
from pathlib import Path

from walkthrough import free_port, run_script, walkthrough_blocks

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "bots" / "README.md"
README_PORT = "50151"


def test_the_walkthrough_runs_from_first_step_to_the_ladder(tmp_path):
    blocks = walkthrough_blocks(README.read_text(encoding="utf-8"))
    assert len(blocks) >= 6
    script = "\n".join(blocks).replace(README_PORT, str(free_port()))
    (tmp_path / "bots").symlink_to(ROOT / "bots")
    done = run_script(script, tmp_path, timeout_s=240)
    out = done.stdout
    assert done.returncode == 0, (out + done.stderr)[-3000:]
    assert "# Lucky Numbers (`lucky_numbers`)" in out  # arena rules
    assert (tmp_path / "my_bot.py").is_file()
    assert out.count("0 failed") == 2  # check-bot, launched and on the server
    assert "result (" in out  # arena play
    assert "==> match t1-" in out  # the bot's saved log, with match markers
    ladders = re.findall(r"Leaderboard: lucky_numbers \(TrueSkill", out)
    assert len(ladders) >= 2  # after the local tournament and after the server's
    last_ladder = out[out.rindex("Leaderboard: lucky_numbers") :]
    assert all(f"│ {bot} " in last_ladder for bot in ("mine", "rival", "greedy", "rand"))
