"""The package builds as a wheel from the project's own files (setup.py and pyproject.toml), and
that wheel, installed away from the checkout, carries every game's compiled core: each plays in
step with the pure-Python reference engine from there. The wheel is the distribution
`arena-referee` (issue 42: PyPI's `arena` is another project) with the `arena` command, which
runs from the installed wheel (`--help`, and the demo without the checkout's bots/), and the
README's line that installs a built wheel with an extra resolves to it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from arena.core.registry import ENTRIES

ROOT = Path(__file__).resolve().parents[2]
WITH_CORES = [entry.name for entry in ENTRIES if entry.compiled is not None]
PLAYERS = {game: {"epizodiak": 3, "the_number": 3}.get(game, 2) for game in WITH_CORES}

CHECK = """
import sys
import arena
from arena.core.compiled import check_compiled
from arena.core.game import parse_options
from arena.core.registry import get_game
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
    [wheel] = dist.glob("arena_referee-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/METADATA")))
    assert "\nName: arena-referee\n" in metadata.decode()
    assert all(f"Provides-Extra: {x}" in metadata.decode() for x in ("ml", "postgres", "cluster"))
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

    # the command, from the wheel alone (its bots/ is the checkout's: the demo does without)
    arena = [str(site / "bin" / "arena")]
    helped = subprocess.run([*arena, "--help"], env=env, cwd=tmp_path, capture_output=True,
                            text=True, timeout=120)  # fmt: skip
    assert helped.returncode == 0 and "tournament" in helped.stdout, helped.stderr
    demo_db = str(tmp_path / "demo.db")
    demo = subprocess.run([*arena, "demo", "--cycles", "1", "--db", demo_db], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=300)  # fmt: skip
    assert demo.returncode == 0, (demo.stdout + demo.stderr)[-3000:]
    assert "Leaderboard: lucky_numbers" in demo.stdout, demo.stdout[-2000:]

    # the README's wheel line, with an extra: pip resolves it to this wheel (a dry run in this
    # environment, which has the extra's packages already)
    line = next(x for x in install_block().splitlines() if "dist/arena_referee-" in x)
    command = (
        line.split("#")[0]
        .strip()
        .replace("pip install", f"{sys.executable} -m pip install --dry-run", 1)
    )
    # without PYTHONPATH: a checkout on it holds the build's own arena_referee.egg-info, which
    # pip would take for the same distribution installed already
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=plain, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Would install arena-referee-0.1.0" in done.stdout, done.stdout


def install_block() -> str:
    """The README's install commands (the sh block after `<!-- install -->`)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"<!-- install -->\n```sh\n(.*?)```", text, re.S)
    assert found is not None
    return found.group(1)
