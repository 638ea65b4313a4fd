"""The Azul boss: its belief from a view, its fast simulation, and its search that reads
nothing but the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.games.azul import GAME, AzulOptions
from arena.games.azul.belief import sample_state
from arena.games.azul.notation import CENTRE, take_text
from arena.games.azul.playout import Sim
from arena.games.azul.sampling import resample
from arena.games.azul.state import OVER, WALL, State
from arena.games.testing import request_for
from arena.match.strategies import make_policy

OPTIONS = [AzulOptions("colored"), AzulOptions("gray")]


def positions(options: AzulOptions, players: int, seed: int, every: int = 1):
    """Every `every`-th state of a seeded random playout, the last one included."""
    rng = random.Random(seed)
    state = GAME.setup(players, options, random.Random(seed))
    ply = 0
    while GAME.outcome(state) is None:
        if ply % every == 0:
            yield state
        seat = GAME.to_move(state)[0]
        state = GAME.play(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        ply += 1
    yield state


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_a_state_sampled_from_a_view_shows_that_seat_the_same_view(options) -> None:
    samples = 0
    for players in (2, 3, 4):
        for seed in range(3):
            for state in positions(options, players, seed, every=2):
                for seat in (*range(players), None):
                    view = GAME.view(state, seat)
                    sampled = sample_state(view, random.Random(samples))
                    samples += 1
                    assert GAME.view(sampled, seat) == view
                    assert GAME.render(sampled, seat) == GAME.render(state, seat)
                    assert Counter(sampled.bag) == Counter(state.bag)
                    if seat is not None and GAME.outcome(state) is None:
                        assert GAME.legal_moves(sampled, seat) == GAME.legal_moves(state, seat)
    assert samples > 1000


def same_position(sim: Sim, state: State) -> None:
    """The Sim and the engine state agree on everything the game goes on from."""
    assert sim.scores == [b.score for b in state.boards]
    assert sim.walls == [b.wall for b in state.boards]
    assert sim.counts == [[code >> 3 for code in b.lines] for b in state.boards]
    assert sim.factories == [list(f) for f in state.factories]
    assert (sim.centre, sim.bag) == (list(state.centre), list(state.bag))
    if state.phase != OVER:
        assert (sim.current, sim.round) == (state.current, state.round)


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_the_simulation_replays_the_engine(options) -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            state = GAME.setup(players, options, random.Random(seed))
            sim = Sim.from_state(state, random.Random(seed))
            while state.phase != OVER:
                same_position(sim, state)
                src, colour, dest = sim.choose()
                walls = list(sim.walls)
                sim.take(src, colour, dest)
                text = take_text(CENTRE if src == len(state.factories) else src, colour, dest)
                assert text in GAME.legal_moves(state, state.current)
                state = GAME.play(state, state.current, text)
                while state.phase == WALL:  # the gray wall: the column the Sim chose
                    line, new = state.pending_line, sim.walls[state.current] & ~walls[state.current]
                    col = next(c for c in range(5) if new >> 5 * line + c & 1)
                    state = GAME.play(state, state.current, f"wall {line + 1} {col + 1}")
            same_position(sim, state)
            assert sim.over


@pytest.mark.parametrize("options", OPTIONS, ids=repr)
def test_the_boss_decides_from_the_view_alone(options) -> None:
    decided = 0
    for state in list(positions(options, 2, 3, every=4))[:-1]:
        seat = GAME.to_move(state)[0]
        other = resample(state, seat, random.Random(7))
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert other.bag != state.bag or len(state.bag) < 2
        decisions = [
            make_policy("azul", "boss", 3, iterations=16)(request_for(GAME, s, seat))
            for s in (state, other)
        ]
        assert decisions[0] == decisions[1]
        decided += 1
    assert decided >= 10


def test_the_boss_plays_whole_games_the_same_way_from_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        state = GAME.setup(3, OPTIONS[1], random.Random(4))
        policies = [make_policy("azul", "boss:1", seed, iterations=8)] + [
            make_policy("azul", "greedy", seed) for _ in range(2)
        ]
        moves = []
        while GAME.outcome(state) is None:
            seat = GAME.to_move(state)[0]
            reply = policies[seat](request_for(GAME, state, seat))
            move = GAME.legal_moves(state, seat)[reply] if isinstance(reply, int) else reply
            state = GAME.apply(state, seat, move)  # an illegal move would raise
            moves.append(move)
        return moves

    assert game(5) == game(5)
