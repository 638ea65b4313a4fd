"""Run a README's walkthrough: its marked ```sh blocks, in order, as one bash script.

Each block after a `<!-- walkthrough -->` marker is run; the script and everything it started
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

MARKER = "<!-- walkthrough -->"
PRELUDE = "set -eu\ntrap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n"


def walkthrough_blocks(text: str) -> list[str]:
    """The first sh block after each walkthrough marker."""
    blocks = []
    for part in text.split(MARKER)[1:]:
        found = re.search(r"```sh\n(.*?)```", part, re.S)
        assert found, "a walkthrough marker without a sh block"
        blocks.append(found.group(1))
    return blocks


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_script(script: str, cwd: Path, timeout_s: float) -> subprocess.CompletedProcess[str]:
    """Run `script` with bash in `cwd`, this venv's `arena` and `python` first on PATH."""
    venv_bin = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": f"{venv_bin}:{os.environ['PATH']}"}
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
