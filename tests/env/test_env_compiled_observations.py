"""Observations and masks written by the games' compiled cores straight from an engine state
(`fill_state`, `fill_mask`) against the reference: the encoding of the seat's view and the mask
of its legal moves, on every decision of many seeded random games, for every seat, at every
player count and option set (the final position included)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from env_helpers import GAMES, option_sets

from arena.core.game import new_game_state
from arena.core.registry import adapter, get_game
from arena.env.actions import table_for
from arena.env.observations import encoder_for

COMPILED_OBSERVATIONS = GAMES  # every game's core writes its observations
COMPILED_MASKS = ["the_number"]  # their cores write masks (the others' lists are short)
GAMES_PER_TABLE = 24  # per player count, over the option sets


def test_the_listed_games_are_the_ones_with_compiled_observations() -> None:
    # Every core is built in the suite: a game listed here that fell back to the view would
    # pass the comparisons below without testing anything (a core built before its encoder
    # was added falls back too: rebuild it, `setup.py build_ext --inplace`).
    for name in GAMES:
        game = get_game(name)
        compiled = encoder_for(name, game.min_players).compiled
        assert compiled == (name in COMPILED_OBSERVATIONS), name
        assert (table_for(name).fill_mask is not None) == (name in COMPILED_MASKS), name


def positions(game: Any, n: int, options: Any, seed: int) -> list[Any]:
    """Every position of a seeded random game, the final one included."""
    rng = random.Random(seed)
    state = new_game_state(game, n, options, seed)
    seen = [state]
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        state = game.apply(state, seat, rng.choice(list(game.legal_moves(state, seat))))
        seen.append(state)
    return seen


@pytest.mark.parametrize("name", COMPILED_OBSERVATIONS)
def test_the_core_writes_the_reference_observation_and_mask(name: str) -> None:
    game, table = get_game(name), table_for(name)
    combos = option_sets(game)
    checked = 0
    for n in range(game.min_players, game.max_players + 1):
        encoder = encoder_for(name, n)
        for g in range(GAMES_PER_TABLE):
            options = combos[g % len(combos)]
            for state in positions(game, n, options, seed=1000 * n + g):
                for seat in range(n):
                    want = encoder.encode(game.view(state, seat))
                    got = encoder.encode_state(state, seat)
                    assert got.dtype == np.float32 and got.shape == want.shape
                    where = (n, g, seat, np.flatnonzero(got != want))
                    assert got.tobytes() == want.tobytes(), where
                    checked += 1
                    if table.fill_mask is None:
                        continue
                    mask = np.empty(table.size, np.int8)
                    table.fill_mask(state, seat, mask)
                    legal = list(game.legal_moves(state, seat))
                    assert np.array_equal(mask, table.mask(legal)), (n, g, seat)
                    assert table.legal_actions(game, state, seat) == table.actions(legal)
    assert checked > 1000


def test_the_number_encodes_other_round_counts() -> None:
    # rounds is a number, not a choice: option_sets keeps its default
    game = get_game("the_number")
    for rounds in (1, 3):
        options = game.options_type(rounds=rounds)
        encoder = encoder_for("the_number", 4)
        for state in positions(game, 4, options, seed=rounds):
            for seat in range(4):
                want = encoder.encode(game.view(state, seat))
                assert encoder.encode_state(state, seat).tobytes() == want.tobytes()


@pytest.mark.parametrize("name", COMPILED_OBSERVATIONS)
def test_the_core_refuses_a_wrong_buffer(name: str) -> None:
    game = get_game(name)
    state = new_game_state(game, game.min_players, game.options_type(), 0)
    module = adapter(name, "observations")
    size = encoder_for(name, game.min_players).size
    with pytest.raises(ValueError, match="float32 buffer"):
        module.fill_state(state, 0, np.empty(size + 1, np.float32))
    with pytest.raises(ValueError, match="float32 buffer"):
        module.fill_state(state, 0, np.empty(size, np.float64))
    if name in COMPILED_MASKS:
        with pytest.raises(ValueError, match="int8 buffer"):
            table_for(name).fill_mask(state, 0, np.empty(3, np.int8))  # type: ignore[misc]


@pytest.mark.parametrize("name", GAMES)
def test_tensor_lists_are_the_vectors_values(name: str) -> None:
    # Encoder.floats (the core's list builder, sharing 0.0 and 1.0) == ndarray.tolist()
    game = get_game(name)
    encoder = encoder_for(name, game.min_players)
    rng = np.random.default_rng(1)
    vector = rng.random(encoder.size, dtype=np.float32)
    vector[rng.random(encoder.size) < 0.5] = 0.0
    vector[rng.random(encoder.size) < 0.2] = 1.0
    vector[:3] = (-0.0, -1.0, 2.5)
    listed = encoder.floats(vector)
    assert listed == vector.tolist() and all(type(x) is float for x in listed)
    assert str(listed[0]) == "-0.0"


def test_arctic_scavengers_core_refuses_an_add_on_state() -> None:
    # The environments play no add-ons (match.refuse_addons): the core encodes base games only.
    game = get_game("arctic_scavengers")
    options = game.options_type(hq1=True)
    state = new_game_state(game, 2, options, 0)
    out = np.empty(encoder_for(game.name, 2).size, np.float32)
    with pytest.raises(ValueError, match="no add-ons"):
        adapter(game.name, "observations").fill_state(state, 0, out)
