"""`arena watch --tournament ID --follow`: one match after the other, to the tournament's end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from web_helpers import arena_with_web, call

from arena.v1 import arena_pb2 as pb

ROOT = Path(__file__).resolve().parents[2]


def test_follow_watches_each_match_of_a_tournament_as_the_last_one_ends(tmp_path: Path) -> None:
    with arena_with_web(tmp_path / "f.db") as served:
        for i, name in enumerate(("f1", "f2")):
            served.bot("tests/bots/slow_bot.py", name, "--think-ms", "20", "--seed", str(i))
        served.wait_for_bots({"f1", "f2"})
        request = pb.CreateTournamentRequest(game="lucky_numbers", bots=["f1", "f2"], seed=2)
        call(served.address, "CreateTournament", request)
        done = subprocess.run(
            [sys.executable, "-m", "arena", "watch", "--tournament", "1", "--follow", "--plain",
             "--server", served.address],
            capture_output=True, text=True, cwd=ROOT, timeout=120,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    followed = [line for line in out.splitlines() if line.startswith("== tournament 1: following")]
    assert followed, out[-2000:]
    assert followed[0].endswith("t1-0") and len(followed) == len(set(followed))
    assert out.count("result: ") == len(followed)  # each followed match to its end
    assert out.rstrip().endswith("== tournament 1 is no longer being played")
