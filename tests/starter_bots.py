"""Build the starter bots of bots/<lang>/ for tests, installing their toolchain when missing.

Like the PostgreSQL fixture: a missing toolchain is installed with apt-get (root only) or npm;
when that is impossible the tests skip with the reason, except in CI (CI=true), where they fail.
The C++ bot builds into bots/cpp/build/ (make rebuilds what changed); `npm ci` runs once per
package-lock.json (a stamp in .botbuild/, listed in .gitignore), so a rerun costs nothing until
something changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from apt import AptUnavailable, apt_install, exclusive

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".botbuild"
CPP_PACKAGES = (
    "g++",
    "make",
    "pkg-config",
    "protobuf-compiler",
    "protobuf-compiler-grpc",
    "libgrpc++-dev",
)
NODE_PACKAGES = ("nodejs", "npm")


class ToolchainUnavailable(Exception):
    """The toolchain cannot be provisioned on this machine."""


def unavailable(reason: str) -> None:
    """Skip, or fail in CI, where every starter bot must be tested."""
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"starter bot toolchain unavailable in CI: {reason}")
    pytest.skip(reason)


def source_key(*paths: Path) -> str:
    """A short hash of the files under `paths` (names and contents)."""
    digest = hashlib.sha256()
    for base in paths:
        files = sorted(p for p in base.rglob("*") if p.is_file()) if base.is_dir() else [base]
        for path in files:
            if "node_modules" in path.parts or "build" in path.relative_to(base).parts[:1]:
                continue
            digest.update(str(path.relative_to(ROOT)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def run(cmd: list[str], cwd: Path = ROOT, timeout: float = 900) -> None:
    """Run a build step; ToolchainUnavailable with its output's tail if it fails."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr).strip()[-800:]
        raise ToolchainUnavailable(f"{' '.join(cmd)} failed: {tail}")


def _apt(packages: tuple[str, ...], present: Callable[[], bool]) -> None:
    try:
        apt_install(packages, present)
    except AptUnavailable as exc:
        raise ToolchainUnavailable(str(exc)) from None


def _has_node() -> bool:
    return shutil.which("node") is not None and shutil.which("npm") is not None


def _has_cpp_toolchain() -> bool:
    if not all(shutil.which(tool) for tool in ("g++", "make", "protoc", "grpc_cpp_plugin")):
        return False
    if shutil.which("pkg-config") is None:
        return False
    return subprocess.run(["pkg-config", "--exists", "grpc++"], check=False).returncode == 0


def build_js() -> str:
    """`npm ci` in bots/js once per package-lock.json; the command that runs the bot."""
    _apt(NODE_PACKAGES, _has_node)
    bot = ROOT / "bots" / "js"
    stamp = CACHE / f"js-{source_key(bot / 'package-lock.json')}.stamp"
    with exclusive("starter-js"):  # one npm ci at a time in bots/js (pytest-xdist workers)
        if not stamp.exists() or not (bot / "node_modules").is_dir():
            run(["npm", "ci", "--no-audit", "--no-fund"], cwd=bot, timeout=600)
            CACHE.mkdir(exist_ok=True)
            stamp.touch()
    return f"node {bot / 'bot.js'}"


def build_cpp() -> str:
    """`make` in bots/cpp, into its own build/ as its README says (so the README's `make` finds
    it done); the path of the built bot. make rebuilds only what changed."""
    _apt(CPP_PACKAGES, _has_cpp_toolchain)
    bot = ROOT / "bots" / "cpp"
    with exclusive("starter-cpp"):  # one make at a time in bots/cpp/build
        run(["make", "-C", str(bot), f"-j{os.cpu_count() or 2}"])
    return str(bot / "build" / "bot")


BUILDERS = {"js": build_js, "cpp": build_cpp}


@pytest.fixture(scope="session", params=sorted(BUILDERS))
def starter_bot(request: pytest.FixtureRequest) -> str:
    """The command of each starter bot, built (or skipped / failed as described above)."""
    try:
        return BUILDERS[request.param]()
    except ToolchainUnavailable as exc:
        unavailable(str(exc))
        raise
