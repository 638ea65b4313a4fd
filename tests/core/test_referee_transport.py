"""Transport latency is recorded and not charged: the referee subtracts a player's transport_ms."""

from __future__ import annotations

import asyncio

from arena.core.players import random_policy
from arena.core.registry import get_game
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.match.clock import Clock, transport_of
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match

GAME = get_game("lucky_numbers")
# No bank: any charged overrun loses at once. Budgets wide enough that a loaded machine's
# scheduling delays (tens of ms) cannot turn a fast decision into an overrun.
CLOCK = Clock(per_move_ms=500, bank_ms=0)
SLOW_S = 0.8  # the first decision takes 800 ms: 300 ms over the budget
WIRE_MS = 600.0  # ... of which 600 ms on the wire: charged 200 ms, within the budget


class SlowOnWire:
    """A player whose first decision arrives late, with `transport_ms` of it on the wire."""

    def __init__(self, name: str, transport_ms: float | None) -> None:
        self.name = name
        if transport_ms is not None:
            self.transport_ms = transport_ms
        self.policy = random_policy(5)
        self.calls = 0

    async def start(self, info):
        """Nothing to prepare."""

    async def decide(self, request):
        """Late on the first decision only."""
        self.calls += 1
        if self.calls == 1:
            await asyncio.sleep(SLOW_S)
        return self.policy(request)

    async def finish(self, record):
        """Nothing to clean up."""


def play(slow: SlowOnWire) -> MatchRecord:
    players = [slow, PolicyPlayer("fast", random_policy(1))]
    return asyncio.run(play_match(GAME, GAME.options_type(), 3, players, clock=CLOCK))


def test_an_overrun_within_the_transport_share_is_not_charged():
    record = play(SlowOnWire("remote", transport_ms=WIRE_MS))
    assert record.outcome.termination in (Termination.NORMAL, Termination.TURN_CAP)
    first = next(m for m in record.moves if m.seat == 0)
    assert first.elapsed_ms >= SLOW_S * 1000
    assert first.transport_ms == WIRE_MS  # recorded next to the wall time it is part of
    assert all(m.transport_ms == 0.0 for m in record.moves if m.seat == 1)


def test_the_same_overrun_without_transport_is_a_timeout():
    record = play(SlowOnWire("local", transport_ms=None))
    assert record.outcome.termination is Termination.TIMEOUT
    assert record.outcome.offender == 0
    assert [m for m in record.moves if m.seat == 0] == []  # its first decision lost the match


def test_an_overrun_beyond_the_transport_share_still_times_out():
    record = play(SlowOnWire("remote", transport_ms=10.0))  # 800 - 10 ms charged > 500
    assert record.outcome.termination is Termination.TIMEOUT
    assert record.outcome.offender == 0


def test_transport_of_reads_the_attribute_and_defaults_to_zero():
    assert transport_of(PolicyPlayer("p", random_policy(0))) == 0.0
    assert transport_of(SlowOnWire("x", transport_ms=12.5)) == 12.5
    assert transport_of(SlowOnWire("x", transport_ms=-3.0)) == 0.0  # never a bonus


def test_records_keep_the_transport_share_and_read_old_rows_without_it():
    outcome = Outcome((1, 2), (3.0, 1.0), (2.0, -1.0), Termination.NORMAL)
    record = MatchRecord(
        "m", "lucky_numbers", {}, 1, ("a", "b"),
        (MoveRecord(0, "D", 12.0, 4.5), MoveRecord(1, "D", 7.0)), outcome,
    )  # fmt: skip
    data = record.to_dict()
    assert data["moves"] == [[0, "D", 12.0, 4.5], [1, "D", 7.0]]
    assert MatchRecord.from_dict(data) == record
    old = {**data, "moves": [[0, "D", 12.0], [1, "D", 7.0]]}  # written before transport_ms
    assert MatchRecord.from_dict(old).moves == (MoveRecord(0, "D", 12.0), MoveRecord(1, "D", 7.0))
