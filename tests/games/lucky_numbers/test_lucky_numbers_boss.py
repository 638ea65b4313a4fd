"""The Lucky Numbers boss: its belief from a view, its fast simulation, and its search that
reads nothing but the view."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.games.lucky_numbers import GAME, LuckyNumbersOptions, LuckyNumbersState
from arena.games.lucky_numbers.belief import sample_state, unseen_tiles
from arena.games.lucky_numbers.notation import CELL_NAMES, DIAGONAL
from arena.games.lucky_numbers.playout import Sim
from arena.games.lucky_numbers.sampling import resample
from arena.games.lucky_numbers.state import Phase
from arena.games.lucky_numbers.strategy import evaluate
from arena.games.testing import request_for
from arena.match.strategies import make_policy

OPTIONS = [
    LuckyNumbersOptions(setup, bruno) for setup in ("easy", "michael") for bruno in (False, True)
]


def positions(options: LuckyNumbersOptions, players: int, seed: int, every: int = 1):
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
        for seed in range(2):
            for state in positions(options, players, seed, every=3):
                for seat in range(players):
                    view = GAME.view(state, seat)
                    sampled = sample_state(view, random.Random(samples))
                    samples += 1
                    assert GAME.view(sampled, seat) == view
                    assert GAME.outcome(sampled) == GAME.outcome(state)
                    hidden = [v for tiles in sampled.setup_tiles for v in tiles]
                    assert Counter(sampled.pot) + Counter(hidden) == Counter(unseen_tiles(view))
    assert samples > 1000


def test_michael_setup_samples_each_seat_distinct_unrevealed_tiles_of_its_own_set() -> None:
    state = next(
        s for s in positions(OPTIONS[2], 3, 5) if s.phase is Phase.SETUP and s.setup_step == 4
    )
    for k in range(50):
        sampled = sample_state(GAME.view(state, 1), random.Random(k))
        for seat, hidden in enumerate(sampled.setup_tiles):
            revealed = {sampled.grids[seat][c] for c in DIAGONAL} - {0}
            if seat == sampled.current:
                revealed.add(sampled.hand)
            assert len(set(hidden)) == len(hidden) == 4 - len(revealed)
            assert not revealed & set(hidden)


def rollout_turn(sim: Sim, state: LuckyNumbersState) -> tuple[list[str], bool]:
    """One turn of the Sim's policy, and the same turn as engine moves."""
    seat, grid = state.current, state.grids[state.current]
    value, cell = sim.choose_take()
    if value:
        sim.take(value)
        moves = [f"take {value}", f"{'swap' if grid[cell] else 'place'} {CELL_NAMES[cell]}"]
        return moves, sim.put(cell, value)
    tile = sim.draw()
    gain, cell = sim.best_cell(seat, tile)
    if cell < 0 or gain < 0:
        return ["draw", "discard"], sim.discard(tile)
    return ["draw", f"{'swap' if grid[cell] else 'place'} {CELL_NAMES[cell]}"], sim.put(cell, tile)


@pytest.mark.parametrize("bruno", [False, True])
def test_the_simulation_plays_the_engine_s_rules_and_the_greedy_evaluation(bruno) -> None:
    for players in (2, 4):
        for seed in range(3):
            state = GAME.setup(players, LuckyNumbersOptions(bruno=bruno), random.Random(seed))
            sim = Sim.from_state(state)
            over = False
            while not over:
                seat, grid = state.current, state.grids[state.current]
                for cell in (0, 6, 9, 15):
                    for value in range(1, 21):
                        if sim.lo[seat][cell] < value < sim.hi[seat][cell] != value != grid[cell]:
                            after = grid[:cell] + (value,) + grid[cell + 1 :]
                            expected = evaluate(after) - evaluate(grid)
                            assert sim.gain(seat, cell, value) == pytest.approx(expected)
                moves, over = rollout_turn(sim, state)
                for move in moves:
                    assert move in GAME.legal_moves(state, seat)
                    state = GAME.play(state, seat, move)
                assert sim.grids == [list(g) for g in state.grids]
                assert sim.pot == list(reversed(state.pot))
                assert sim.table == [state.table.count(v) for v in range(21)]
                assert (sim.current, sim.turn) == (state.current, state.turn) or over
            assert GAME.outcome(state) is not None and sim.winners == state.winners


def test_the_boss_decides_from_the_view_alone() -> None:
    hidden_changed = 0
    for options in (OPTIONS[0], OPTIONS[3]):
        for state in list(positions(options, 2, 11, every=9))[:-1]:
            seat = GAME.to_move(state)[0]
            other = resample(state, seat, random.Random(7))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            hidden_changed += other.pot != state.pot
            decisions = [
                make_policy("lucky_numbers", "boss", 3, iterations=24)(request_for(GAME, s, seat))
                for s in (state, other)
            ]
            assert decisions[0] == decisions[1]
    assert hidden_changed >= 10


def test_the_boss_plays_whole_games_the_same_way_from_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        state = GAME.setup(3, OPTIONS[3], random.Random(4))
        policies = [make_policy("lucky_numbers", "boss:1", seed, iterations=6)] + [
            make_policy("lucky_numbers", "greedy", seed) for _ in range(2)
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
