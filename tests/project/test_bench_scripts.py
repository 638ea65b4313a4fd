"""Every script in bench/ still loads against today's code: its imports name what exists (a bench
whose import rotted when a module moved, as bench_tournament.py's `execute` did, is found here,
not when someone runs `make bench`). Loading runs no benchmark: each script's work sits behind
`if __name__ == "__main__"`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOAD_ALL = """
import importlib.util, inspect, pathlib, sys
sys.path.insert(0, "bench")
bad = []
for path in sorted(pathlib.Path("bench").glob("*.py")):
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        bad.append(f"{path}: {type(exc).__name__}: {exc}")
print("\\n".join(bad))
"""


def test_every_bench_script_loads() -> None:
    done = subprocess.run([sys.executable, "-c", LOAD_ALL], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == ""


def test_each_bench_script_that_runs_guards_its_work() -> None:
    helpers = {  # imported ones
        "referee_workers.py",
        "referee_compare.py",
        "side_by_side.py",
        "playout_instructions.py",
    }
    for path in sorted((ROOT / "bench").glob("*.py")):
        if path.name not in helpers:
            assert 'if __name__ == "__main__":' in path.read_text(), path.name
