"""`bench_referee.py --compare REV`: this tree against another revision, runs alternated.

REV's `arena/` and `bots/` are exported (`git archive`) into a temporary folder, with this
tree's compiled game cores copied in (refused when a `_core.c` differs between the two: its
core would be this tree's, not REV's). Then the bench runs --pairs times on each tree, in turn
(REV, this tree, REV, ...), each run with its own interleaved rounds, in processes of their own
(PYTHONPATH names the tree; the bench script is this tree's, so both sides measure the same
way). A busy machine slows neighbouring runs alike; what is printed is each run's last line,
then the medians over the runs and each pair's difference.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(
    r"referee vs bare: ([\d.]+) x decisions/s, server CPU per decision (\d+) us "
    r"\(bare echo (\d+) us\)"
)


def export(rev: str, into: Path) -> None:
    """REV's arena/ and bots/ into `into`, with this tree's compiled cores (same sources)."""
    cores = sorted(ROOT.glob("arena/games/*/_core.c"))
    changed = subprocess.run(
        ["git", "diff", "--quiet", rev, "--", *(str(c.relative_to(ROOT)) for c in cores)],
        cwd=ROOT,
    )
    if changed.returncode != 0:
        raise SystemExit(f"a game's _core.c differs in {rev}: build its tree and compare by hand")
    archive = subprocess.run(
        ["git", "archive", rev, "arena", "bots"], cwd=ROOT, check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    for built in ROOT.glob("arena/games/*/_core*.so"):
        shutil.copy2(built, into / built.relative_to(ROOT))


def run_once(tree: Path, forwarded: list[str]) -> tuple[float, float, float]:
    """One bench run on `tree`: (referee vs bare ratio, server CPU us, bare echo CPU us)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, str(Path(__file__).with_name("bench_referee.py")), *forwarded]
    out = subprocess.run(command, capture_output=True, text=True, env=env, check=True).stdout
    last = out.strip().splitlines()[-1]
    print(f"  {last}", flush=True)
    match = SUMMARY.fullmatch(last)
    if match is None:
        raise SystemExit(f"unexpected last line: {last!r}")
    return float(match[1]), float(match[2]), float(match[3])


def main(rev: str, pairs: int, forwarded: list[str]) -> None:
    """Alternate REV and this tree `pairs` times; print each run and the medians."""
    with tempfile.TemporaryDirectory(prefix="arena-compare-") as folder:
        other = Path(folder)
        export(rev, other)
        sides: dict[str, list[tuple[float, float, float]]] = {rev: [], "this tree": []}
        for index in range(pairs):
            for name, tree in ((rev, other), ("this tree", ROOT)):
                print(f"pair {index + 1}, {name}:", flush=True)
                sides[name].append(run_once(tree, forwarded))
    before, after = sides[rev], sides["this tree"]
    cpu_change = [a[1] - b[1] for b, a in zip(before, after, strict=True)]
    print(
        f"{pairs} pairs alternated; medians of the runs' medians. server CPU per decision: "
        f"{rev} {statistics.median(b[1] for b in before):.0f} us, this tree "
        f"{statistics.median(a[1] for a in after):.0f} us (per pair "
        f"{', '.join(f'{c:+.0f}' for c in cpu_change)} us); referee vs bare: {rev} "
        f"{statistics.median(b[0] for b in before):.2f} x, this tree "
        f"{statistics.median(a[0] for a in after):.2f} x; bare echo "
        f"{statistics.median(x[2] for x in before + after):.0f} us"
    )
