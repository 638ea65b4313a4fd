"""Every game still plays, shows, draws, sends and scores exactly as when tests/golden.json was
written (see tests/golden.py)."""

from __future__ import annotations

import json

from golden import GOLDEN, digests, refusals_text


def test_every_golden_trace_is_unchanged() -> None:
    kept = json.loads(GOLDEN.read_text())
    found = digests()
    assert sorted(found) == sorted(kept)
    changed = [key for key in kept if kept[key] != found[key]]
    assert not changed, (changed, refusals_text())
