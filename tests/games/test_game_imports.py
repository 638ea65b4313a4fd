"""No game package imports itself in a circle, counting the imports deferred into functions
(they are circles too, only hidden from Python's import machinery): every module of a game
stands above or below every other it uses (docs/adding-a-game.md)."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "arena" / "games"
PACKAGES = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes under `if TYPE_CHECKING:` (annotations only: never run)."""
    hidden: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            hidden.update(id(inner) for inner in ast.walk(node))
    return hidden


def imports_within(package: Path) -> dict[str, set[str]]:
    """Each module of `package` and the modules of the same package it imports, anywhere in
    its code (module level or inside a function), `if TYPE_CHECKING:` blocks left out."""
    dotted = f"arena.games.{package.name}"
    modules = {p.stem for p in package.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        hidden = _type_checking_nodes(tree)
        used: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in hidden or not isinstance(node, ast.ImportFrom):
                continue
            if node.level == 1:  # from .x import y; from . import x, y
                names = [node.module] if node.module else [a.name for a in node.names]
            elif node.level == 0 and node.module == dotted:  # from arena.games.g import x
                names = [a.name for a in node.names]
            elif node.level == 0 and (node.module or "").startswith(dotted + "."):
                names = [(node.module or "")[len(dotted) + 1 :]]
            else:
                continue
            used.update(n.split(".")[0] for n in names if n and n.split(".")[0] in modules)
        used.discard(path.stem)
        graph[path.stem] = used
    return graph


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_a_game_package_has_no_import_circle(package: Path) -> None:
    graph = imports_within(package)
    assert len(graph) >= 5  # the package's modules were read
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as exc:
        pytest.fail(f"{package.name}: import circle {' -> '.join(exc.args[1])}")


def test_the_reader_sees_a_deferred_import_circle(tmp_path: Path) -> None:
    """The check would fail on the circle this package had: state's setup importing rounds
    inside a function, rounds importing state at the top."""
    package = tmp_path / "demo"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "state.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .view import View\n"
        "def setup():\n    from .rounds import start_round\n    return start_round()\n"
    )
    (package / "rounds.py").write_text("from .state import setup\n")
    (package / "view.py").write_text("from .state import setup\n")
    graph = imports_within(package)
    assert graph == {"__init__": set(), "state": {"rounds"}, "rounds": {"state"}, "view": {"state"}}
    with pytest.raises(graphlib.CycleError):
        tuple(graphlib.TopologicalSorter(graph).static_order())
