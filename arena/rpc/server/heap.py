"""A server process's heap once it is up: what it holds for good leaves the collector's walk.

CPython's cycle collector walks every object of its oldest generation on a full collection,
and a referee process starts with some 60,000 of them that live as long as it does (modules,
classes, game tables, gRPC, SQLAlchemy). Measured while SDK bots played Lucky Numbers 8
matches at once (bench/bench_referee.py): a full collection came about every 7,000 decisions
and took 50-115 ms, 10-16 us per decision of server CPU, and all that time no match moved while
the bots' clocks ran. `settle` collects once and freezes what is left (`gc.freeze`): later
collections walk only what the server made since (its sessions, matches and feeds).

A frozen object that later becomes part of a garbage cycle is never reclaimed: settle once,
when what is alive is what lives as long as the process (`arena serve` calls it once it is up;
the few objects of tournaments it has just resumed are the exception, a one-off).
"""

from __future__ import annotations

import gc


def settle() -> int:
    """Collect, then move every object still alive out of the collector's walk for good (they
    are still freed by reference counting); returns how many objects that moved."""
    gc.collect()
    before = gc.get_freeze_count()
    gc.freeze()
    return gc.get_freeze_count() - before
