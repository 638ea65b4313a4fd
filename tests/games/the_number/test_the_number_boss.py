"""The Number boss: its state rebuilt from a view, its opponent model, and its search that
reads nothing but the view."""

from __future__ import annotations

import random

import pytest

from arena.games.testing import request_for
from arena.games.the_number import GAME, TheNumberOptions
from arena.games.the_number.belief import sample_state
from arena.games.the_number.boss import greedy_shares, profile, rollout, standing
from arena.games.the_number.positions import board, position
from arena.games.the_number.sampling import resample
from arena.match.strategies import make_policy

OPTIONS = [
    TheNumberOptions(),
    TheNumberOptions(rounds=1, tied_bonus="none", eliminated_cross=True, equal_eliminate=True),
]


def positions(options: TheNumberOptions, players: int, seed: int):
    """Every state of a seeded random playout, submission by submission, the last included."""
    rng = random.Random(seed)
    state = GAME.setup(players, options, random.Random(seed))
    while GAME.outcome(state) is None:
        yield state
        seat = rng.choice(GAME.to_move(state))
        state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    yield state


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_a_state_rebuilt_from_a_view_shows_that_seat_the_same_view(options) -> None:
    samples = 0
    for players in (3, 4, 5):
        for state in positions(options, players, players):
            for seat in range(players):
                view = GAME.view(state, seat)
                sampled = sample_state(view, random.Random(samples))
                samples += 1
                assert GAME.view(sampled, seat) == view
                assert GAME.legal_moves(sampled, seat) == GAME.legal_moves(state, seat)
                assert GAME.outcome(sampled) == GAME.outcome(state)
    assert samples > 200


def test_the_other_seats_hidden_numbers_are_writable_on_their_boards() -> None:
    state = position(3, crossed=[board(1, 2), board(9, 8, 7), board()], pending=[None, 513, 640])
    for k in range(50):
        sampled = sample_state(GAME.view(state, 0), random.Random(k))
        assert sampled.pending[0] is None
        for seat in (1, 2):
            number = sampled.pending[seat]
            assert f"write {number:03d}" in GAME.legal_moves(state._replace(pending=(None,) * 3),
                                                              seat)  # fmt: skip


def test_the_model_writes_only_numbers_each_opponent_can_write() -> None:
    state = position(3, crossed=[board(), board(0, 1, 2, 3, 4, 5, 6, 7, 8), board(9)], turn=4)
    view, rng = GAME.view(state, 0), random.Random(1)
    for _ in range(40):
        drawn = profile(view, rng)
        assert drawn[0] is None and drawn[1] == 999
        assert "9" not in f"{drawn[2]:03d}"


def test_the_rollout_ends_the_round_and_the_standing_of_a_finished_game_is_its_rank_points():
    state = position(3, crossed=[board(), board(), board()], turn=5)
    state = state._replace(options=TheNumberOptions(rounds=1))
    after = rollout(state)  # everyone writes 999 on the last turn: all approved, all tied
    assert after.over and after.history[-1].entries[0].number == 999
    assert [standing(after, s, 0) for s in range(3)] == [pytest.approx(0.5)] * 3
    ahead = state._replace(turn_scores=((9, 0, 0, 0), (0,) * 4, (0,) * 4))
    assert [standing(rollout(ahead), s, 0) for s in range(3)] == [1.0, 0.25, 0.25]


def test_the_boss_decides_from_the_view_alone() -> None:
    hidden_changed = 0
    for seed in range(2):
        # The second submission of every third turn: one seat has written, in secret.
        for state in list(positions(OPTIONS[0], 3, seed))[1:-1:9]:
            for seat in GAME.to_move(state):
                other = resample(state, seat, random.Random(7))
                assert GAME.view(other, seat) == GAME.view(state, seat)
                hidden_changed += other.pending != state.pending
                decisions = [
                    make_policy("the_number", "boss", 3, iterations=2)(request_for(GAME, s, seat))
                    for s in (state, other)
                ]
                assert decisions[0] == decisions[1]
    assert hidden_changed >= 4


def test_the_boss_plays_whole_games_the_same_way_from_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        state = GAME.setup(3, TheNumberOptions(rounds=1), random.Random(4))
        policies = [make_policy("the_number", "boss:1", seed, iterations=2)] + [
            make_policy("the_number", "greedy", seed + s) for s in (1, 2)
        ]
        moves = []
        while GAME.outcome(state) is None:
            for seat in GAME.to_move(state):
                reply = policies[seat](request_for(GAME, state, seat))
                move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
                state = GAME.apply(state, seat, move)  # an illegal move would raise
                moves.append(move)
        return moves

    assert game(5) == game(5)


def test_the_model_learns_from_the_revealed_turns_who_plays_like_greedy() -> None:
    state = GAME.setup(3, TheNumberOptions(), random.Random(1))
    policies = [
        make_policy("the_number", name, s) for s, name in enumerate(("greedy", "random", "greedy"))
    ]
    while state.round == 1:
        for seat in GAME.to_move(state):
            reply = policies[seat](request_for(GAME, state, seat))
            move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
            state = GAME.play(state, seat, move)
    before = greedy_shares(GAME.view(GAME.setup(3, TheNumberOptions(), random.Random(1)), 0))
    after = greedy_shares(GAME.view(state, 0))
    assert before[1] == before[2] == pytest.approx(0.8)
    assert after[1] < 0.05 and after[2] == pytest.approx(0.8)
