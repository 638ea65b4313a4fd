"""The front ends stand on the application layer: for their reads, the CLI's read commands,
the web pages and the server's read services import `arena.app`, never the store, the
tournament package or the publicity rules directly (read from their source, import by import).
And the application layer itself needs no grpc, typer, rich or web framework."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ARENA = Path(__file__).resolve().parents[2] / "arena"
READ_FRONT_ENDS = [
    *(f"cli/{m}.py" for m in ("leaderboard", "stats", "replay", "watch", "sources", "output")),
    "cli/tournament_report.py",
    "cli/tournament_remote.py",
    *(str(p.relative_to(ARENA)) for p in (ARENA / "web").rglob("*.py")),
    "rpc/server/services.py",
    "rpc/server/catalog.py",
    "rpc/server/watch_streams.py",
    "rpc/wire/reports.py",
]
INTERNALS = ("arena.store", "arena.tournament", "arena.app.publicity", "arena.ratings.elo")


def imported(path: Path) -> set[str]:
    """Every module a source file imports (at its top or inside functions)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_read_front_ends_import_the_application_layer_not_its_internals() -> None:
    offending = {
        module: sorted(n for n in imported(ARENA / module) if n.startswith(INTERNALS))
        for module in READ_FRONT_ENDS
    }
    offending = {m: names for m, names in offending.items() if names}
    assert not offending, offending
    readers = [
        *("cli/sources.py", "cli/leaderboard.py", "cli/stats.py", "cli/replay.py"),
        *("cli/tournament_report.py", "web/app.py", "web/reads.py", "rpc/server/catalog.py"),
        *("rpc/server/services.py", "rpc/server/watch_streams.py", "rpc/wire/reports.py"),
    ]
    for module in readers:  # each read it serves comes from the application layer
        assert any(n.startswith("arena.app") for n in imported(ARENA / module)), module


def test_the_application_layer_needs_no_transport_cli_or_web_framework() -> None:
    code = (
        "import sys, importlib, pkgutil, arena.app as app\n"
        "for info in pkgutil.walk_packages(app.__path__, 'arena.app.'):\n"
        "    importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('grpc', 'typer', 'rich', 'starlette', 'jinja2', 'uvicorn'))\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
