"""Every module of the application layer and the store has unit tests of its own: a test file
in tests/app or tests/store whose name holds the module's name, or a reason below why not."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {"arena/app": "tests/app", "arena/store": "tests/store"}

# Modules with nothing of their own to test, and why. Keep this short: a module that computes
# anything gets a test file.
EXCEPTIONS = {
    "arena/app/__init__.py": "a docstring: the layer's map",
    "arena/store/__init__.py": "re-exports of arena.store's modules, tested there",
}


def modules(package: str) -> dict[str, str]:
    """Each module (or sub-package) of a package by its path, with the name a test must hold."""
    base = ROOT / package
    found = {f"{package}/{p.name}": p.stem for p in base.glob("*.py")}
    for sub in base.iterdir():
        if (sub / "__init__.py").is_file():  # e.g. the Alembic scripts: named as a whole
            found[f"{package}/{sub.name}/"] = sub.name
    return found


def test_every_app_and_store_module_has_a_test_file_naming_it() -> None:
    missing = []
    for package, tests in PACKAGES.items():
        files = [p.name for p in (ROOT / tests).glob("test_*.py")]
        for path, name in sorted(modules(package).items()):
            if path in EXCEPTIONS:
                continue
            if not any(name in f.removeprefix("test_") for f in files):
                missing.append(f"{path}: no {tests}/test_*{name}*.py")
    assert missing == [], "\n".join(missing)


def test_the_exceptions_name_real_modules() -> None:
    every = {path for package in PACKAGES for path in modules(package)}
    assert set(EXCEPTIONS) <= every
