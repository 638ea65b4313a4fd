"""The core install stays small: nothing outside arena.env imports the ML packages, and
arena.env itself needs them (a missing one fails here, it is never skipped)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

ML_PACKAGES = ("numpy", "pettingzoo", "gymnasium", "pyspiel", "open_spiel", "scipy",
               "weasyprint", "pypdfium2")  # fmt: skip
CORE = (
    "arena",
    "arena.bot",
    "arena.cli",
    "arena.match.referee",
    "arena.match.strategies",
    "arena.games.testing",
)


def run(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, timeout=120)  # fmt: skip


def test_the_core_imports_no_ml_package() -> None:
    done = run(
        f"""
        import importlib, sys
        for name in {CORE!r}:
            importlib.import_module(name)
        from arena.core.registry import ENTRIES, load_part
        for entry in ENTRIES:  # every engine, its strategies and resampling
            load_part(entry.engine), load_part(entry.strategies), load_part(entry.sampling)
        print(sorted(m for m in sys.modules if m.split(".")[0] in {ML_PACKAGES!r}))
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_arena_env_says_which_extra_is_missing() -> None:
    done = run(
        """
        import importlib.util
        real = importlib.util.find_spec
        importlib.util.find_spec = lambda name, *a: None if name == "pettingzoo" else real(name, *a)
        import arena.env
        """
    )
    assert done.returncode != 0
    assert "arena.env needs pettingzoo" in done.stderr
    assert "pip install 'arena[ml]'" in done.stderr


def test_the_ml_packages_are_installed_at_the_versions_the_extra_asks() -> None:
    from importlib.metadata import version

    wanted = {"numpy": (1, 26), "gymnasium": (1, 0), "pettingzoo": (1, 24), "open_spiel": (1, 5),
              "weasyprint": (62, 0), "pypdfium2": (4, 30)}  # fmt: skip
    for package, least in wanted.items():
        found = tuple(int(x) for x in version(package).split(".")[:2])
        assert found >= least, (package, found)


def test_the_bridge_needs_numpy_only() -> None:
    # A bot entering a trained policy imports the bridge: no Gymnasium, PettingZoo, OpenSpiel.
    done = run(
        """
        import sys
        import arena.env.bridge
        heavy = ("gymnasium", "pettingzoo", "pyspiel", "weasyprint", "pypdfium2")
        print(sorted(m for m in heavy if m in sys.modules))
        """
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "[]"


def test_every_public_name_of_arena_env_loads() -> None:
    import arena.env

    assert list(arena.env.__all__) == sorted(arena.env.__all__)
    for name in arena.env.__all__:
        assert getattr(arena.env, name) is not None, name
