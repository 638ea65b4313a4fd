"""Builds the games' compiled cores: each `arena/games/<game>/_core.c` is the C extension
`arena.games.<game>._core` (pyproject.toml holds everything else about the package).

A core is found by its path, so adding one edits no build file. The pure-Python engine stays the
reference (the referee plays it; `tests/games/<game>/test_<game>_compiled.py` plays both side by
side); a core only speeds up what plays many games: a search of your own, the benches.
Optional: where a core does not build, the package installs without it and `arena.core.compiled`
says why it is missing (the suite, which needs every core, then fails).
"""

from pathlib import Path

from setuptools import Extension, setup

CORES = sorted(Path("arena/games").glob("*/_core.c"))

setup(
    ext_modules=[
        Extension(
            f"arena.games.{core.parent.name}._core",
            [core.as_posix()],
            # shared by the cores: arena/core/chance.py in C, the Engine type that calls the
            # reference, and the buffers and float lists of arena.env's observations
            depends=["arena/games/_chance.h", "arena/games/_engine.h", "arena/games/_observe.h"],
            extra_compile_args=["-O2", "-std=c11", "-Wall", "-Wno-unused-function"],
            optional=True,
        )
        for core in CORES
    ]
)
