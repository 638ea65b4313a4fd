"""Run a README's walkthrough: its marked ```sh blocks, in order, as one bash script.

Each block after a `<!-- walkthrough -->` marker is run (`<!-- walkthrough: NAME -->` marks the
blocks of one story of a longer README, run by `walkthrough_blocks(text, "NAME")`); the
README's own addresses and ports are swapped for free ones (`free_ports`, `substitute`), and
the shell variables it fills (a token an earlier command printed) can be read back after the
run (`VARIABLES_FILE`). The script and everything it started
in the background (servers, bots) run in a process group of their own, which is killed when
the script ends, fails or runs out of time (or, through the run's watchdog, when the test run
dies), so no server outlives its walkthrough.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

from reaper import reaper

MARKER = re.compile(r"<!-- walkthrough(?:: ([a-z0-9_-]+))? -->")
VARIABLES_FILE = ".walkthrough-variables"  # the script's shell variables, written as it exits
PRELUDE = f"set -eu\ntrap 'set > {VARIABLES_FILE}; kill $(jobs -p) 2>/dev/null || true' EXIT\n"


def walkthrough_blocks(text: str, story: str | None = None) -> list[str]:
    """The first sh block after each walkthrough marker of `story` (None: unnamed markers)."""
    parts = MARKER.split(text)  # [before, name, after, name, after ...]
    blocks = []
    for name, part in zip(parts[1::2], parts[2::2], strict=True):
        if name != story:
            continue
        found = re.search(r"```sh\n(.*?)```", part, re.S)
        assert found, f"a walkthrough marker ({name}) without a sh block"
        blocks.append(found.group(1))
    return blocks


def substitute(script: str, replacements: dict[str, str]) -> str:
    """`script` with each key replaced by its value, every key checked to be there (so a README
    edit that drops an address fails here, not as a clash of two servers later)."""
    for old, new in replacements.items():
        assert old in script, f"{old!r} is not in the walkthrough any more"
        script = script.replace(old, new)
    return script


def shell_variables(cwd: Path) -> dict[str, str]:
    """The plain NAME=value variables the script had when it ended (`set` output)."""
    found = {}
    path = cwd / VARIABLES_FILE
    for line in path.read_text().splitlines() if path.is_file() else ():
        name, sep, value = line.partition("=")
        if sep and name.isidentifier() and name.isupper():
            found[name] = value.strip("'")
    return found


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def free_ports(*readme_ports: int) -> dict[str, str]:
    """A free loopback port for each port a README names (distinct, as its servers need)."""
    taken: dict[str, str] = {}
    while len(taken) < len(readme_ports):
        port = str(free_port())
        if port not in taken.values():
            taken[str(readme_ports[len(taken)])] = port
    return taken


def run_script(
    script: str, cwd: Path, timeout_s: float, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run `script` with bash in `cwd`, this venv's `arena` and `python` first on PATH (and
    `env` added to the environment)."""
    venv_bin = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{venv_bin}:{os.environ['PATH']}", **(env or {})}
    shell = subprocess.Popen(
        ["bash", "-c", PRELUDE + script],
        cwd=cwd,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its group holds its background jobs: one kill stops them all
    )
    ticket = reaper().watch_group(shell.pid)  # and the run's watchdog kills it if the run dies
    try:
        out, err = shell.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        os.killpg(shell.pid, signal.SIGKILL)
        out, err = shell.communicate()
        err += f"\n(the walkthrough ran out of its {timeout_s:g} s)"
    finally:
        try:
            os.killpg(shell.pid, signal.SIGKILL)  # what the trap may have missed
        except ProcessLookupError:
            pass
        reaper().forget(ticket)
    return subprocess.CompletedProcess(shell.args, shell.returncode, out, err)
