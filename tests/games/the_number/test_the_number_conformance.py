"""The Number against the arena contract: conformance, referee play, determinism, wire, bots."""

from __future__ import annotations

import asyncio
import random

import pytest

from arena.core.game import replay
from arena.core.players import random_policy, scripted_policy
from arena.core.values import Termination
from arena.games.testing import (
    all_option_combinations,
    check_game,
    default_workers,
    play_random_game,
    request_for,
)
from arena.games.the_number import GAME, TheNumberOptions, TheNumberState
from arena.games.the_number.sampling import resample
from arena.games.the_number.state import ALL_CROSSED, DIGIT_MASK, TURNS_PER_ROUND
from arena.games.the_number.strategy import STRATEGIES, make_reasoner
from arena.games.the_number.wire import WIRE
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match


def invariant(state: TheNumberState) -> None:
    """Pending numbers only for active seats and only from available digits; score sheets agree."""
    for seat in range(state.num_players):
        pending = state.pending[seat]
        if pending is not None:
            assert not state.over and not state.is_out(seat)
            assert not DIGIT_MASK[pending] & state.crossed[seat]
        assert 0 <= state.crossed[seat] <= ALL_CROSSED
        assert len(state.turn_scores[seat]) == (TURNS_PER_ROUND if state.over else state.turn - 1)
        assert len(state.round_totals[seat]) == (state.round if state.over else state.round - 1)
    assert state.over or any(not state.is_out(s) for s in range(state.num_players))


def test_option_combinations_are_the_assumption_variants() -> None:
    combos = all_option_combinations(GAME)
    assert len(combos) == 8
    assert TheNumberOptions() in combos


def test_conformance_1000_games_for_3_4_5_players() -> None:
    report = check_game(
        GAME,
        workers=default_workers(),
        games=1000,
        num_players=[3, 4, 5],
        invariant=invariant,
        resample=resample,
        seed=1,
    )
    assert report.games == 1000
    assert set(report.by_players) == {3, 4, 5}
    assert report.terminations == {"normal": 1000}


def test_resample_really_changes_hidden_numbers() -> None:
    state = GAME.apply(GAME.setup(3, TheNumberOptions(), random.Random(0)), 1, "write 555")
    changed = {resample(state, 0, random.Random(i)).pending[1] for i in range(20)}
    assert len(changed) > 5
    assert resample(state, 1, random.Random(0)) == state


def test_random_games_are_deterministic_from_the_seed() -> None:
    first = play_random_game(GAME, 4, TheNumberOptions(), 123)
    second = play_random_game(GAME, 4, TheNumberOptions(), 123)
    assert first == second
    moves, final = first
    states = replay(GAME, 4, TheNumberOptions(), 123, moves)
    assert states[-1] == final


@pytest.mark.parametrize("players", [3, 4, 5])
def test_referee_plays_full_matches_in_process(players: int) -> None:
    seats = [PolicyPlayer(f"random{s}", random_policy(s)) for s in range(players)]
    record = asyncio.run(play_match(GAME, TheNumberOptions(), 42 + players, seats))
    assert record.outcome.termination is Termination.NORMAL
    states = replay(
        GAME, players, TheNumberOptions(), record.seed, [(m.seat, m.move) for m in record.moves]
    )
    assert GAME.outcome(states[-1]) == record.outcome
    assert len(states[-1].history) >= 2 * 4  # at least four turns a round can be played
    # Every seat is asked once per turn it takes part in.
    played = sum(1 for r in states[-1].history for e in r.entries if e.number is not None)
    assert len(record.moves) == played


def test_referee_records_replay_identically_for_the_same_seed() -> None:
    def match() -> tuple[tuple[tuple[int, str], ...], tuple[float, ...]]:
        seats = [PolicyPlayer(f"p{s}", make_reasoner(s)) for s in range(3)]
        record = asyncio.run(play_match(GAME, TheNumberOptions(), 5, seats))
        return tuple((m.seat, m.move) for m in record.moves), record.outcome.scores

    assert match() == match()


def test_referee_adjudicates_a_bot_writing_a_crossed_digit() -> None:
    # Seat 2 writes 882 on turn 1 (approved: it crosses 2 and 8), then 222 on turn 2.
    seats = [
        PolicyPlayer("a", scripted_policy(["write 100", "write 555"])),
        PolicyPlayer("b", scripted_policy(["write 300", "write 333"])),
        PolicyPlayer("c", scripted_policy(["write 882", "write 222"])),
    ]
    record = asyncio.run(play_match(GAME, TheNumberOptions(), 1, seats))
    assert record.outcome.termination is Termination.ILLEGAL_MOVE
    assert record.outcome.offender == 2 and record.outcome.ranks[2] == 3


def test_wire_roundtrip_over_random_playouts() -> None:
    assert WIRE.field == "the_number"
    checked = 0
    for seed in range(12):
        players = 3 + seed % 3
        options = all_option_combinations(GAME)[seed % 8]
        state = GAME.setup(players, options, random.Random(seed))
        rng = random.Random(seed)
        while True:
            for seat in [*range(players), None]:
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view
                checked += 1
            if GAME.outcome(state) is not None:
                break
            seat = rng.choice(GAME.to_move(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert checked > 1000


def test_wire_message_hides_nothing_it_should_show() -> None:
    state = GAME.apply(GAME.setup(3, TheNumberOptions(), random.Random(0)), 0, "write 070")
    msg = WIRE.to_proto(GAME.view(state, 0))
    assert msg.my_pending == "070" and msg.seat == 0
    spectator = WIRE.to_proto(GAME.view(state, None))
    assert not spectator.HasField("seat") and not spectator.HasField("my_pending")
    assert [p.submitted for p in spectator.players] == [True, False, False]


# --- the built-in bot ---------------------------------------------------------------------------


def test_strategies_are_registered() -> None:
    assert set(STRATEGIES) >= {"greedy", "reasoner"}


def test_bot_always_answers_a_legal_move() -> None:
    policy = STRATEGIES["greedy"](3)
    for seed in range(6):
        state = GAME.setup(3 + seed % 3, TheNumberOptions(), random.Random(seed))
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            seat = rng.choice(GAME.to_move(state))
            move = policy(request_for(GAME, state, seat))
            assert move in GAME.legal_moves(state, seat)
            state = GAME.apply(state, seat, move)


def test_bot_alone_on_the_last_turn_takes_a_nine_and_three_new_digits() -> None:
    state = GAME.setup(3, TheNumberOptions(), random.Random(0))
    state = state._replace(turn=5, crossed=(0, ALL_CROSSED, ALL_CROSSED))
    move = make_reasoner(0)(request_for(GAME, state, 0))
    assert isinstance(move, str)
    digits = move.split()[1]
    # 2*9 + 8 + 3 crossed digits = 29 is the best a lone seat can do (999 would give 27).
    assert digits[0] == "9" and len(set(digits)) == 3


def test_bot_with_one_digit_left_writes_it_three_times() -> None:
    state = GAME.setup(3, TheNumberOptions(), random.Random(0))
    state = state._replace(crossed=(ALL_CROSSED ^ (1 << 4), 0, 0))
    assert make_reasoner(0)(request_for(GAME, state, 0)) == "write 444"


def test_bot_beats_random_players_clearly() -> None:
    wins = 0
    games = 45
    for game_no in range(games):
        bot = game_no % 3
        seats = [PolicyPlayer(f"r{s}", random_policy(1000 * game_no + s)) for s in range(3)]
        seats[bot] = PolicyPlayer("bot", make_reasoner(game_no))
        record = asyncio.run(play_match(GAME, TheNumberOptions(), game_no, seats))
        wins += record.outcome.ranks[bot] == 1
    assert wins >= 0.75 * games  # random play would win about a third
