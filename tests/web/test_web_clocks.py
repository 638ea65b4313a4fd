"""Issue 42, item 6: a live match page shows each seat's true time left before its script
runs: the per-move budget its next decision gets plus its bank (a clock without a bank is not
'0.0 s')."""

from __future__ import annotations

from arena.v1 import arena_pb2 as pb
from arena.web.frames import page_context


def live_update(per_move_ms: int, banks_ms: list[float]) -> pb.MatchUpdate:
    """A live Lucky Numbers update between two moves with these clocks."""
    return pb.MatchUpdate(
        match_id="m1",
        game="lucky_numbers",
        players=["ann", "bob"],
        ply=0,
        live=True,
        kind=pb.UPDATE_KIND_START,
        time_used_ms=[0, 0],
        clock=pb.ClockSettings(per_move_ms=per_move_ms),
        bank_left_ms=banks_ms,
        deciding=[0],
    )


def test_a_clock_without_a_bank_shows_the_budget_left_not_zero():
    clocks = page_context(live_update(5000, [0, 0]), [])["clocks"]
    assert [c["left"] for c in clocks] == ["5.0 s + 0.0 s", "5.0 s + 0.0 s"]


def test_a_clock_with_a_bank_shows_budget_and_bank_per_seat():
    clocks = page_context(live_update(1000, [10000, 7300]), [])["clocks"]
    assert [c["left"] for c in clocks] == ["1.0 s + 10.0 s", "1.0 s + 7.3 s"]
