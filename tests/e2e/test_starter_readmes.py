"""The JavaScript and C++ starters' READMEs: every command they show runs as typed, in order.

Like bots/README.md's test: the marked ```sh blocks run as one bash script in a scratch
directory that links to bots/ (ports swapped for free ones); the toolchain install that each
README shows first is done by the starters' own fixture (apt-get or npm, as the README says).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from starter_bots import BUILDERS, ROOT, ToolchainUnavailable, unavailable
from walkthrough import free_port, run_script, walkthrough_blocks

PORTS = {"js": "50152", "cpp": "50153"}  # the port each README's shared-server step uses


@pytest.mark.parametrize("starter", sorted(PORTS))
def test_the_starters_readme_runs_as_typed(tmp_path, starter):
    try:
        BUILDERS[starter]()  # the toolchain (and, for JS, node_modules) as step 1 installs it
    except ToolchainUnavailable as exc:
        unavailable(str(exc))
    readme = ROOT / "bots" / starter / "README.md"
    blocks = walkthrough_blocks(readme.read_text(encoding="utf-8"))
    assert len(blocks) >= 3
    script = "\n".join(blocks).replace(PORTS[starter], str(free_port()))
    keep = 'printf "%s\\n" "$ARENA_TOKEN" "$ARENA_ORGANIZER_TOKEN" > tokens.txt\n'  # for below
    (tmp_path / "bots").symlink_to(ROOT / "bots")
    done = run_script(script + keep, tmp_path, timeout_s=600)
    out = done.stdout
    assert done.returncode == 0, (out + done.stderr)[-3000:]
    assert out.count("0 failed") == 2, out[-3000:]  # check-bot: launched, then on the server
    assert "result (" in out  # arena play
    tokens = (tmp_path / "tokens.txt").read_text().split()
    assert len(tokens) == 2 and all(t.startswith("arena_") for t in tokens)  # made by step 4/5
    assert not any(t in out + done.stderr for t in tokens)  # printed by neither bot nor check-bot


def test_the_readmes_name_the_files_that_exist():
    for starter, files in {"js": ("bot.js", "arena.js"), "cpp": ("bot.cc", "arena_bot.cc")}.items():
        text = (ROOT / "bots" / starter / "README.md").read_text(encoding="utf-8")
        for name in files:
            assert f"`{name}`" in text and (Path(ROOT / "bots" / starter / name)).is_file()
