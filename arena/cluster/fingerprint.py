"""What every node must share with the organizer: arena's version, Python and the game rules.

A node whose fingerprint differs refuses to play (a fixture played by other rules would
store a record the organizer could never replay).
"""

from __future__ import annotations

import functools
import hashlib
import platform
from dataclasses import dataclass
from pathlib import Path

import arena
from arena.core.registry import list_games
from arena.errors import ClusterMismatchError

# The code that decides a record: the core (values, the game contract), the match (the referee,
# its clock, the built-in bots), every game's engine and the seeding of fixtures. A change to
# any of these files on one node changes its fingerprint.
RULES_SOURCES = ("core", "match", "games", "tournament")


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """A node's arena version, Python version and digest of its games' rules."""

    arena_version: str
    python: str
    games: tuple[str, ...]
    rules_digest: str

    def describe(self) -> str:
        """One line for messages."""
        return (
            f"arena {self.arena_version}, Python {self.python}, games {','.join(self.games)}, "
            f"rules {self.rules_digest[:12]}"
        )


@functools.cache
def local_fingerprint() -> Fingerprint:
    """This process's fingerprint (computed once)."""
    root = Path(arena.__file__).parent
    digest = hashlib.sha256()
    for name in RULES_SOURCES:
        path = root / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            digest.update(file.relative_to(root).as_posix().encode())
            digest.update(file.read_bytes())
    python = ".".join(platform.python_version_tuple()[:2])
    games = tuple(g.name for g in list_games())
    return Fingerprint(arena.__version__, python, games, digest.hexdigest())


def check_fingerprint(organizer: Fingerprint, node: str) -> None:
    """ClusterMismatchError unless this node matches the organizer."""
    mine = local_fingerprint()
    if mine != organizer:
        raise ClusterMismatchError(
            f"node {node} runs {mine.describe()} but the organizer runs "
            f"{organizer.describe()}: install the same arena (and Python) on every node"
        )
