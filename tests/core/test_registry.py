"""The game registry: one entry per game names every part, lazily; nothing is found by name."""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from pathlib import Path

import pytest

import arena
import arena.games
from arena.core.game import GameBase
from arena.core.registry import ENTRIES, GameEntry, game_entry, get_game, list_games, load_part
from arena.core.view_wire import ViewWire
from arena.errors import UnknownGameError
from arena.v1 import arena_pb2 as pb

ARENA = Path(arena.__file__).parent


def test_every_game_package_has_one_entry_and_every_entry_a_package() -> None:
    packages = {m.name for m in pkgutil.iter_modules(arena.games.__path__) if m.ispkg}
    assert sorted(e.name for e in ENTRIES) == sorted(packages)
    assert [g.name for g in list_games()] == sorted(packages)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_entry_names_every_part(entry: GameEntry) -> None:
    game = load_part(entry.engine)
    assert isinstance(game, GameBase) and game.name == entry.name
    assert get_game(entry.name) is game
    assert entry.wire is not None, "every game of the base set travels over gRPC"
    wire = load_part(entry.wire)
    oneof = pb.GameView.DESCRIPTOR.oneofs_by_name["game"]
    assert isinstance(wire, ViewWire) and wire.field == entry.name
    assert wire.field in [f.name for f in oneof.fields]
    strategies = load_part(entry.strategies)
    assert strategies and all(callable(make) for make in strategies.values())
    assert callable(load_part(entry.sampling))
    assert entry.board is not None, "every game of the base set has a web board"
    assert entry.board.startswith("arena.web.boards.") and callable(load_part(entry.board))


def test_names_are_forgiving_and_unknown_ones_list_the_known() -> None:
    assert game_entry(" Lucky-Numbers ").name == "lucky_numbers"
    with pytest.raises(UnknownGameError, match="known: arctic_scavengers, azul, epizodiak"):
        game_entry("chess")


def test_importing_the_registry_imports_no_game_and_no_outer_layer() -> None:
    code = (
        "import sys, arena.core.registry; "
        "print(sorted(m for m in sys.modules if m.startswith(('arena.games.', 'arena.web', "
        "'arena.rpc', 'grpc'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    # `import arena` sets gRPC's transport variables first (arena.rpc.transport: no grpc in it)
    assert done.stdout.strip() == "['arena.rpc', 'arena.rpc.transport']"


def test_no_module_finds_a_game_part_by_building_its_name() -> None:
    by_name = re.compile(r"import_module\(\s*f[\"']|__import__\(\s*f[\"']")
    found = [
        f"{path.relative_to(ARENA)}:{n}"
        for path in ARENA.rglob("*.py")
        if "v1" not in path.relative_to(ARENA).parts
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if by_name.search(line)
    ]
    assert found == []
