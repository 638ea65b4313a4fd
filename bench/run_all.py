"""Run every benchmark script in bench/ in turn (`make bench`); each prints its own figures.

bench_engines.py compares this checkout with another one (--baseline DIR): it is named, not run.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

NEEDS_ARGUMENTS = {
    "bench_engines.py": "compares with another checkout: bench/bench_engines.py --baseline DIR",
}


def main() -> int:
    """Run bench_*.py scripts one after another; return non-zero if any failed."""
    failed = 0
    for script in sorted(pathlib.Path(__file__).parent.glob("bench_*.py")):
        print(f"== {script.name}", flush=True)
        if script.name in NEEDS_ARGUMENTS:
            print(NEEDS_ARGUMENTS[script.name], flush=True)
            continue
        failed += subprocess.run([sys.executable, str(script)], check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
