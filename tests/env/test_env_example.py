"""The worked example of docs/ml.md, shortened: train for two seconds, then enter the agent
through `run_bot(..., observation_policy=True)` against greedy with `arena play --bot-cmd`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "examples" / "lucky_numbers_rl.py"


def test_train_then_play_against_greedy_over_grpc(tmp_path: Path) -> None:
    weights = tmp_path / "agent.npz"
    trained = subprocess.run(
        [sys.executable, str(SCRIPT), "train", "--seconds", "2", "--out", str(weights)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert trained.returncode == 0, trained.stderr
    assert "trained on" in trained.stdout and weights.exists()
    bot = f"{sys.executable} {SCRIPT} bot --weights {weights}"
    played = subprocess.run(
        [sys.executable, "-m", "arena", "play", "lucky_numbers", "--bot-cmd", bot,
         "--bot", "greedy", "--seed", "7", "--time-per-move", "5000"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "players: lucky_numbers_rl, greedy" in played.stdout
    assert "result (normal)" in played.stdout  # every action the agent chose was legal
