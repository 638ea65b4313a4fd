"""The secured `arena serve` the attack tests share (helpers in served_arena.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from served_arena import HONEST, Served, arena, connected, run, start_bot, start_serve, stop


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A secured `arena serve` (an organizer and registered bots) with the honest bots on."""
    db = str(tmp_path_factory.mktemp("secure") / "arena.db")
    organizer = arena("organizer", "add", "org", db=db)
    tokens = {name: arena("bot", "add", name, db=db) for name in (*HONEST, "liar")}
    server, address = start_serve(db, "--time-per-move", "2000")
    bots = [start_bot(address, name, tokens[name], i) for i, name in enumerate(HONEST)]
    try:
        run(connected(address, set(HONEST)))
        yield Served(address, db, organizer, tokens, server)
    finally:
        for process in [*bots, server]:
            stop(process)
