"""`make demo` installs the runtime dependencies only, `make test` the dev extras on top; both
create the environment when it is missing, in either order (dry runs: `make -n`)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def dry_run(target: str, venv: Path, *what_if: str) -> str:
    """The commands `make TARGET` would run with its environment in `venv` (and these files
    taken as just changed: make's -W)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(
        ["make", "-n", target, f"VENV={venv}", *(f"-W{path}" for path in what_if)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# What the installs depend on: the package's metadata, its build script and the games' C cores.
INSTALL_INPUTS = [ROOT / "pyproject.toml", ROOT / "setup.py", *ROOT.glob("arena/games/*/_core.c")]


def installed(venv: Path, *stamps: str) -> None:
    """A venv as `make` leaves it: its python, and these stamps newer than what it installed."""
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").touch()
    later = max(path.stat().st_mtime for path in INSTALL_INPUTS) + 10
    for stamp in stamps:
        (venv / stamp).touch()
        os.utime(venv / stamp, (later, later))


def test_demo_on_a_fresh_clone_installs_the_runtime_only(tmp_path):
    commands = dry_run("demo", tmp_path / "venv")
    assert "-m venv" in commands
    assert "pip install --quiet -e .\n" in commands
    assert "[dev]" not in commands
    assert "-m arena demo" in commands


def test_test_on_a_fresh_clone_installs_the_dev_extras(tmp_path):
    commands = dry_run("test", tmp_path / "venv")
    assert "-m venv" in commands and "pip install --quiet -e '.[dev]'" in commands
    assert "tests/run_suite.py" in commands


def test_test_after_demo_adds_the_dev_extras_only(tmp_path):
    installed(tmp_path / "venv", ".installed-runtime")
    commands = dry_run("test", tmp_path / "venv")
    assert "-m venv" not in commands and "-e .\n" not in commands
    assert "pip install --quiet -e '.[dev]'" in commands


def test_demo_after_test_installs_nothing(tmp_path):
    installed(tmp_path / "venv", ".installed-runtime", ".installed-dev")
    commands = dry_run("demo", tmp_path / "venv")
    assert "pip install" not in commands and "-m arena demo" in commands


def test_a_changed_pyproject_reinstalls_both(tmp_path):
    installed(tmp_path / "venv", ".installed-runtime", ".installed-dev")
    earlier = (ROOT / "pyproject.toml").stat().st_mtime - 10
    for stamp in (".installed-runtime", ".installed-dev"):
        os.utime(tmp_path / "venv" / stamp, (earlier, earlier))
    commands = dry_run("test", tmp_path / "venv")
    assert "-e .\n" in commands and "-e '.[dev]'" in commands


@pytest.mark.parametrize("changed", ["setup.py", "arena/games/azul/_core.c"])
def test_a_changed_build_script_or_core_reinstalls_both(tmp_path, changed):
    installed(tmp_path / "venv", ".installed-runtime", ".installed-dev")
    assert "pip install" not in dry_run("test", tmp_path / "venv")
    commands = dry_run("test", tmp_path / "venv", changed)
    assert "-e .\n" in commands and "-e '.[dev]'" in commands
