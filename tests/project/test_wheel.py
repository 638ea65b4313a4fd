"""The package builds as a wheel from the project's own files (setup.py and pyproject.toml), and
that wheel, installed away from the checkout, carries every game's compiled core: each plays in
step with the pure-Python reference engine from there."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

from arena.registry import ENTRIES

ROOT = Path(__file__).resolve().parents[2]
WITH_CORES = [entry.name for entry in ENTRIES if entry.compiled is not None]
PLAYERS = {game: {"epizodiak": 3, "the_number": 3}.get(game, 2) for game in WITH_CORES}

CHECK = """
import sys
import arena
from arena.compiled import check_compiled
from arena.game import parse_options
from arena.registry import get_game
assert arena.__file__.startswith(sys.argv[1]), arena.__file__  # the installed wheel's
for name in sys.argv[2:]:
    game = get_game(name)
    print(name, check_compiled(name, NUM_PLAYERS[name], parse_options(game, {}), 2))
"""


def test_the_wheel_carries_every_compiled_core_and_they_play_from_it(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    build = [*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(dist), str(ROOT)]
    subprocess.run(build, check=True, timeout=600, cwd=tmp_path)
    [wheel] = dist.glob("arena-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for game in WITH_CORES:
        assert any(
            n.startswith(f"arena/games/{game}/_core.") and n.endswith(".so") for n in names
        ), f"{game}'s core is missing from {wheel.name}"

    site = tmp_path / "site"
    subprocess.run([*pip, "install", "--no-deps", "--target", str(site), str(wheel)], check=True,
                   timeout=300)  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(site)}
    code = CHECK.replace("NUM_PLAYERS", repr(PLAYERS))
    done = subprocess.run([sys.executable, "-c", code, str(site), *WITH_CORES], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [line.split()[0] for line in done.stdout.splitlines()] == WITH_CORES
