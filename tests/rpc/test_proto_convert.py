"""arena values <-> arena.v1 messages: views in the GameView oneof, clocks, outcomes, records."""

from __future__ import annotations

import random

import pytest

from arena.core.registry import ENTRIES, get_game
from arena.core.values import MatchRecord, MoveRecord, Outcome, Termination
from arena.match.clock import Clock
from arena.rpc.wire.convert import (
    clock_settings_from_pb,
    clock_settings_to_pb,
    game_wire,
    options_to_pb,
    outcome_from_pb,
    outcome_to_pb,
    record_from_pb,
    record_to_pb,
    view_from_pb,
    view_to_pb,
)
from arena.v1 import arena_pb2 as pb

WIRED = [entry.name for entry in ENTRIES if entry.wire is not None]


@pytest.mark.parametrize("name", WIRED)
def test_every_view_of_a_random_game_survives_the_game_view_envelope(name: str) -> None:
    game = get_game(name)
    wire = game_wire(name)
    assert wire is not None, f"{name} has no wire format"
    for seed in range(3):
        rng = random.Random(seed)
        players = min(game.min_players + seed % 2, game.max_players)
        state = game.setup(players, game.options_type(), random.Random(seed))
        while game.outcome(state) is None:
            for seat in (*game.to_move(state), None):
                view = game.view(state, seat)
                envelope = pb.GameView.FromString(view_to_pb(name, view).SerializeToString())
                assert envelope.WhichOneof("game") == wire.field
                assert view_from_pb(name, envelope) == view
            seat = rng.choice(game.to_move(state))
            state = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))


def test_a_view_of_a_game_unknown_here_arrives_as_a_plain_dict() -> None:
    envelope = pb.GameView()
    envelope.azul.round = 3
    assert game_wire("chess") is None
    assert view_from_pb("chess", envelope)["round"] == 3  # a newer server's game: still readable


def test_options_travel_as_text() -> None:
    assert options_to_pb({"setup": "michael", "bruno": True, "rounds": 3}) == {
        "setup": "michael",
        "bruno": "true",
        "rounds": "3",
    }


@pytest.mark.parametrize(
    "clock",
    [Clock(), Clock(per_move_ms=200), Clock(per_move_ms=200, bank_ms=0), Clock(1000, 60000)],
)
def test_clock_settings_round_trip_keeping_unset_apart_from_zero(clock: Clock) -> None:
    assert clock_settings_from_pb(clock_settings_to_pb(clock)) == clock


def test_a_fault_outcome_round_trips_with_its_offender() -> None:
    outcome = Outcome(
        ranks=(1, 3, 2),
        scores=(12.0, 9.0, 11.0),
        points=(2.0, -7.0, -5.0),
        termination=Termination.TIMEOUT,
        offender=1,
        detail="seat 1 (slow): no decision",
    )
    message = outcome_to_pb(outcome)
    assert message.termination == pb.TERMINATION_TIMEOUT
    assert outcome_from_pb(message) == outcome
    assert not outcome_to_pb(Outcome((1, 2), (16.0, 9.0), (2.0, -7.0))).HasField("offender")


def test_a_match_record_round_trips_with_typed_options_and_metadata() -> None:
    record = MatchRecord(
        match_id="m1",
        game="lucky_numbers",
        options={"setup": "michael", "bruno": True},
        seed=42,
        players=("a", "b"),
        moves=(MoveRecord(1, "draw", 3.5), MoveRecord(1, "place a1", 1.25)),
        outcome=Outcome((2, 1), (1.0, 0.0), (-15.0, 2.0)),
        started_at=1700000000.5,
        finished_at=1700000001.25,
        metadata={"fixture": 7, "round": "r1"},
    )
    assert (
        record_from_pb(pb.MatchRecord.FromString(record_to_pb(record).SerializeToString()))
        == record
    )
