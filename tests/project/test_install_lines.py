"""Every install line of the docs installs this project (issue 42): the distribution is
`arena-referee`, because `pip install 'arena[ml]'` installed PyPI's unrelated `arena` ("arena
0.0.5 does not provide the extra 'ml'"). A line installs the checkout (`-e .`, `'.[ml]'`) or a
wheel built from it, never a package named `arena`, and names only extras pyproject.toml has;
the README's line for a clone resolves to arena-referee with its extra (a pip dry run)."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", ROOT / "bots" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS = set(PROJECT["optional-dependencies"])
INSTALL = re.compile(r"pip install ([^`#\n]+)")
# what a line may install: the checkout, or a wheel built from it, with extras
OURS = re.compile(
    r"""(-e )?['"]?(\.|"?\$\(echo dist/arena_referee-\*\.whl\))(\[(?P<extras>[\w,]+)\])?['"]?"""
)


def install_lines() -> list[tuple[str, str]]:
    """(file, what follows `pip install`) for every install line of the docs: in their sh
    blocks, line by line, and in the inline code of their prose (which may wrap)."""
    found = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        commands = [x for b in re.findall(r"```sh\n(.*?)```", text, re.S) for x in b.splitlines()]
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        commands += [" ".join(span.split()) for span in re.findall(r"`([^`]+)`", prose)]
        for command in commands:
            for match in INSTALL.finditer(command):
                found.append((str(path.relative_to(ROOT)), match.group(1).strip()))
    return found


def test_the_distribution_is_not_pypis_arena():
    assert PROJECT["name"] == "arena-referee"
    assert PROJECT["scripts"] == {"arena": "arena.cli:main"}  # the command stays `arena`


def test_every_install_line_installs_this_project_with_extras_it_has():
    lines = install_lines()
    assert len(lines) >= 6, lines
    for where, args in lines:
        words = [w for w in args.split() if not w.startswith("-") or w == "-e"]
        target = " ".join(words)
        ours = OURS.fullmatch(target)
        assert ours is not None, f"{where}: pip install {args}"
        extras = set((ours.group("extras") or "").split(",")) - {""}
        assert extras <= EXTRAS, f"{where}: pip install {args}"


def test_the_readmes_clone_line_resolves_to_arena_referee_with_its_extra():
    block = re.search(
        r"<!-- install -->\n```sh\n(.*?)```", (ROOT / "README.md").read_text(encoding="utf-8"), re.S
    )
    assert block is not None
    line = next(x for x in block.group(1).splitlines() if "pip install -e ." in x)
    assert shlex.split(line.split("#")[0])[-1] == "."
    # the extras the line's comment offers, installed as it says, from the checkout
    plain = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # see test_wheel.py
    command = [sys.executable, "-m", "pip", "install", "--dry-run", "--no-build-isolation",
               "-e", ".[ml]"]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, env=plain, capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Would install arena-referee-0.1.0" in done.stdout, done.stdout[-2000:]
