"""The secured `arena serve` the attack tests share (helpers in served_arena.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from served_arena import (
    Served,
    secured_arena,
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A secured `arena serve` (an organizer and registered bots) with the honest bots on."""
    with secured_arena(str(tmp_path_factory.mktemp("secure") / "arena.db"), ("liar",)) as s:
        yield s
