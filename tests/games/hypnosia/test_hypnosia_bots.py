"""The built-in Hypnosia bot: legal answers, sensible choices, and clear wins over random."""

from __future__ import annotations

import random

import pytest
from hypnosia_helpers import GAME, position

from arena.core.players import random_policy
from arena.games.hypnosia import HypnosiaOptions
from arena.games.hypnosia.strategy import STRATEGIES, make_greedy, move_values
from arena.games.testing import request_for
from arena.match.strategies import make_policy


def choice(state, seed: int = 0) -> str:
    move = make_greedy(seed)(request_for(GAME, state, state.current))
    assert isinstance(move, str)
    return move


def test_greedy_is_registered_and_always_answers_a_legal_move() -> None:
    assert "greedy" in STRATEGIES
    policy = make_policy("hypnosia", "greedy", seed=3)
    for n, stacks_cross in ((2, True), (6, False)):
        state = GAME.setup(n, HypnosiaOptions(stacks_cross=stacks_cross), random.Random(n))
        while GAME.outcome(state) is None:
            request = request_for(GAME, state, state.current)
            move = policy(request)
            assert move in request.legal_moves
            state = GAME.apply(state, state.current, move)


def test_greedy_enters_the_centre_when_it_can() -> None:
    state = position({"C3": "0", "A20": "0", "A30": "1"}, dice=(1, 3))
    assert choice(state) == "1 C3 in"


def test_greedy_captures_rather_than_walks() -> None:
    state = position({"A3": "0", "A5": "1", "A30": "1"}, dice=(2, 2))
    assert choice(state) == "2 A3"


def test_greedy_runs_from_a_stack_behind_it() -> None:
    # Seat 1's stack on A9 can reach A10..A15 with one die: the pawn on A12 flees to A18.
    state = position({"A12": "0", "A30": "0", "A9": "11"}, dice=(6, 6))
    values = move_values(GAME.view(state, 0), 0, state.moves)
    assert dict(zip(state.moves, values, strict=True)) == {
        "6 A12": max(values),
        "6 A30": min(values),
    }
    assert choice(state) == "6 A12"


@pytest.mark.parametrize(("players", "games", "needed"), [(2, 30, 26), (4, 16, 11), (6, 12, 7)])
def test_greedy_beats_random_clearly(players: int, games: int, needed: int) -> None:
    firsts = 0
    for i in range(games):
        hero = i % players
        policies = [random_policy(100 * s + i) for s in range(players)]
        policies[hero] = make_greedy(i)
        state = GAME.setup(players, HypnosiaOptions(), random.Random(1000 + i))
        while (result := GAME.outcome(state)) is None:
            seat = state.current
            state = GAME.apply(state, seat, policies[seat](request_for(GAME, state, seat)))
        firsts += result.ranks[hero] == 1
    assert firsts >= needed  # random play would take about 1 / players of the first places
