"""arena/rpc/server/heap.py: what a server holds once it is up leaves the collector's walk."""

from __future__ import annotations

import gc
import weakref

from arena.rpc.server.heap import settle


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


def test_settle_collects_garbage_then_freezes_the_living() -> None:
    kept = [_Node() for _ in range(100)]
    garbage = _Node()
    garbage.other = _Node()
    garbage.other.other = garbage  # a cycle only the collector frees
    gone = weakref.ref(garbage)
    del garbage
    try:
        moved = settle()
        assert gone() is None  # the garbage was collected first, not frozen
        assert moved >= len(kept)  # the living moved out of the walk...
        assert not any(isinstance(o, _Node) for o in gc.get_objects())  # ...none left in it
        assert gc.get_freeze_count() >= moved
        made_after = _Node()
        assert any(o is made_after for o in gc.get_objects())  # what comes later is walked
    finally:
        gc.unfreeze()  # the test process goes on collecting as before
