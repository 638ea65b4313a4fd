"""A fresh interpreter that refuses some imports: what a module really pulls in."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKED = ("grpc", "typer", "rich")


INNER_PACKAGES = ("arena.games", "arena.tournament")


PROBE_TEMPLATE = textwrap.dedent(
    """
    import importlib, importlib.util, pkgutil, sys

    BLOCKED = {blocked!r}

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BLOCKED:
                raise ImportError(f"layer violation: {{name}} imported")
            return None

    sys.meta_path.insert(0, Refuse())
    imported = []
    for name in {modules!r}:
        if importlib.util.find_spec(name) is not None:
            importlib.import_module(name)
            imported.append(name)
    for name in {packages!r}:
        if importlib.util.find_spec(name) is None:
            continue
        package = importlib.import_module(name)
        imported.append(name)
        for info in pkgutil.walk_packages(package.__path__, name + "."):
            importlib.import_module(info.name)
            imported.append(info.name)
    leaked = sorted(m for m in sys.modules if m.split(".")[0] in BLOCKED)
    assert not leaked, leaked
    print("\\n".join(imported))
    """
)


def probe(modules: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """Import `modules` and the inner packages in a fresh interpreter with the blocker on."""
    code = PROBE_TEMPLATE.format(blocked=BLOCKED, modules=modules, packages=INNER_PACKAGES)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
