"""The Epizodiak boss: its belief from a view (and what the recent turns prove), its rollout
policy, and its search that reads nothing but the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.games.epizodiak import GAME, EpizodiakOptions
from arena.games.epizodiak.belief import holdings, sample_state, skippers, unseen_tiles
from arena.games.epizodiak.playout import move_value
from arena.games.epizodiak.positions import position
from arena.games.epizodiak.sampling import resample
from arena.games.epizodiak.state import Phase, Side, hand_tiles
from arena.games.epizodiak.strategy import make_greedy
from arena.games.epizodiak.strategy import move_value as greedy_value
from arena.games.testing import request_for
from arena.match.strategies import make_policy

OPTIONS = [
    EpizodiakOptions(),
    EpizodiakOptions(mode="score7"),
    EpizodiakOptions(pickup_legacy=True, dial_double=True),
]


PILE = [11, 12, 1]


def play(state, *moves: str):
    """Apply moves in turn order, each by the seat to move."""
    for move in moves:
        state = GAME.apply(state, state.current, move)
    return state


def positions(options: EpizodiakOptions, seed: int):
    """Every state of a seeded playout, half greedy and half random decisions (greedy play
    picks up and skips, random play reaches the odd corners), the last one included."""
    rng = random.Random(seed)
    greedy = [make_greedy(seed * 3 + s) for s in range(3)]
    state = GAME.setup(3, options, random.Random(seed))
    while GAME.outcome(state) is None:
        yield state
        seat = state.current
        if rng.random() < 0.5:
            reply = greedy[seat](request_for(GAME, state, seat))
            move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
        else:
            move = rng.choice(GAME.legal_moves(state, seat))
        state = GAME.play(state, seat, move)
    yield state


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_a_state_sampled_from_a_view_shows_that_seat_the_same_view(options) -> None:
    samples = facts = 0
    for seed in range(3):
        for state in positions(options, seed):
            for seat in range(3):
                view = GAME.view(state, seat)
                # What the belief takes as proven holds in the real state.
                for (who, value), count in holdings(view).items():
                    assert state.hands[who][value] >= count
                    facts += 1
                for who in skippers(view) if state.phase != Phase.OVER else ():
                    unique = [v for v in view["open_values"] if state.gone >> v & 1]
                    assert not any(state.hands[who][v] for v in unique)
                sampled = sample_state(view, random.Random(samples))
                samples += 1
                assert GAME.view(sampled, seat) == view
                if seat == state.current and state.phase != Phase.OVER:
                    assert GAME.legal_moves(sampled, seat) == GAME.legal_moves(state, seat)
                others = [v for s in range(3) if s != seat for v in hand_tiles(sampled.hands[s])]
                assert Counter(others + list(sampled.pile)) == Counter(unseen_tiles(view))
    assert samples > 1000 and facts > 5


def test_a_pickup_proves_the_picker_still_holds_a_pair_of_that_value() -> None:
    # Seat 2 placed 8 9 clockwise; seat 0 picked the 9 up (it held one) and placed 4.
    state = position((5, 7), [[9, 4, 1], [2, 3], [8, 9, 10]], PILE, current=2)
    state = play(state, "place cw 8 9", "pickup", "place ccw 4")
    view = GAME.view(state, 1)
    assert view["recent"][-1] == {"seat": 0, "moves": "pickup; place ccw 4"}
    assert holdings(view) == {(0, 9): 2}
    for k in range(30):
        assert sample_state(view, random.Random(k)).hands[0][9] >= 2


def test_the_rollout_policy_values_every_move_as_the_greedy_bot_does() -> None:
    compared = 0
    for options in OPTIONS:
        for state in positions(options, 1):
            if state.phase != Phase.OVER:
                view = GAME.view(state, state.current)
                for move in GAME.legal_moves(state, state.current):
                    assert move_value(state, move) == pytest.approx(greedy_value(view, move))
                    compared += 1
    assert compared > 300


def test_the_boss_decides_from_the_view_alone() -> None:
    hidden_changed = 0
    for seed in (2, 3):
        for state in list(positions(OPTIONS[0], seed))[:-1:12]:
            seat = state.current
            other = resample(state, seat, random.Random(7))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            hidden_changed += other.hands != state.hands
            decisions = [
                make_policy("epizodiak", "boss", 3, iterations=12)(request_for(GAME, s, seat))
                for s in (state, other)
            ]
            assert decisions[0] == decisions[1]
    assert hidden_changed >= 5


def test_the_boss_plays_whole_games_the_same_way_from_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        state = GAME.setup(3, OPTIONS[0], random.Random(4))
        policies = [make_policy("epizodiak", "boss:1", seed, iterations=4)] + [
            make_policy("epizodiak", "greedy", seed + s) for s in (1, 2)
        ]
        moves = []
        while GAME.outcome(state) is None:
            seat = state.current
            reply = policies[seat](request_for(GAME, state, seat))
            move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
            state = GAME.apply(state, seat, move)  # an illegal move would raise
            moves.append(move)
        return moves

    assert game(5) == game(5)


def test_a_contest_leaves_nothing_hidden_about_the_contested_value() -> None:
    state = position((5, 5), [[10, 10, 12, 1, 2], [4, 4, 10, 1], [4, 4, 2, 3]], [], skips=2)
    state = play(state, "contest 4")
    view = GAME.view(state, 0)
    assert view["phase"] == "contest_place" and 4 not in unseen_tiles(view)
    sampled = sample_state(view, random.Random(1))
    assert sampled.last_end == Side.NONE and GAME.legal_moves(sampled, 0) == ["place ccw 4"]
