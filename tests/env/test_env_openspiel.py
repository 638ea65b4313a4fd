"""OpenSpiel: its random-simulation checks for every game and player count, resampling
that keeps the information state, and ISMCTS / MCTS playing through the registration."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from env_helpers import GAMES, TABLES
from open_spiel.python.algorithms import ismcts, mcts

import arena.env.openspiel as spiel
from arena.core.game import new_game_state, parse_options
from arena.core.registry import get_game
from arena.env.observations import encoder_for
from arena.env.rewards import rank_rewards
from arena.errors import IllegalMoveError


def load(game: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(spiel.short_name(game), dict(params))


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"arena_{g}" for g in GAMES} <= names
    assert spiel.register() == sorted(f"arena_{g}" for g in GAMES)  # idempotent


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_random_sim_test_with_serialisation(game: str, n: int) -> None:
    # A fixed seed: a deterministic game, which pyspiel serialises with its game.
    loaded = load(game, players=n, seed=n)
    assert loaded.num_players() == n
    assert loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert loaded.observation_tensor_shape() == [encoder_for(game, n).size]
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game", GAMES)
def test_random_sim_test_with_fresh_deals(game: str) -> None:
    # seed -1: sampled stochastic, whose game-and-state serialisation pyspiel does not offer
    # Python games (it needs the game's C++ RNG state); states still serialise on their own.
    loaded = load(game)
    assert loaded.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    pyspiel.random_sim_test(loaded, num_sims=2, serialize=False, verbose=False)


def deals(read_tensors: bool, games: int = 3) -> list[tuple[int, list[int]]]:
    """Seeded random games of a seed -1 game: each one's deal seed and actions."""
    loaded = load("lucky_numbers", players=3, rng_seed=7)
    played = []
    for g in range(games):
        state, rng = loaded.new_initial_state(), random.Random(g)
        if read_tensors:
            loaded.new_initial_state().observation_tensor(1)  # a state made and dropped
        while not state.is_terminal():
            if read_tensors:
                for p in range(3):
                    state.information_state_tensor(p)
                    state.observation_tensor(p)
            state.apply_action(rng.choice(state.legal_actions()))
        played.append((state.deal_seed, state.history()))
    return played


def test_reading_tensors_deals_the_same_games() -> None:
    # pyspiel makes a throwaway initial state for every tensor it hands out: none of them
    # may use up a deal seed, so the games dealt do not depend on how often tensors are read.
    unread = deals(read_tensors=False)
    assert deals(read_tensors=True) == unread
    assert len({seed for seed, _ in unread}) == len(unread)


def test_a_new_states_tensor_shows_the_deal_it_keeps() -> None:
    loaded = load("azul", players=2, rng_seed=5)
    state = loaded.new_initial_state()
    first = state.information_state_tensor(0)
    loaded.new_initial_state().information_state_tensor(0)  # another state, not dealt
    assert state.information_state_tensor(0) == first
    state.legal_actions()  # used: dealt, with the deal its tensor showed
    assert state.information_state_tensor(0) == first
    assert loaded.new_initial_state().information_state_tensor(0) != first  # the next deal


@pytest.mark.parametrize("game_name", GAMES)
def test_tensors_read_from_python_are_pyspiels_own(game_name: str) -> None:
    # The state answers information_state_tensor / observation_tensor itself from Python;
    # pyspiel's C++ path (through the observer, as C++ algorithms read them) gives the same.
    game = load(game_name, seed=4)
    n = game.num_players()
    size = encoder_for(game_name, n).size
    assert game.information_state_tensor_shape() == [size] == game.observation_tensor_shape()
    assert pyspiel.Game.information_state_tensor_shape(game) == [size]
    assert game.information_state_tensor_size() == size == game.observation_tensor_size()
    state, rng = game.new_initial_state(), random.Random(4)
    while True:
        for p in range(n):
            mine = state.information_state_tensor(p)
            assert type(mine) is list and len(mine) == size
            assert mine == pyspiel.State.information_state_tensor(state, p)
            assert state.observation_tensor(p) == pyspiel.State.observation_tensor(state, p)
        if state.is_terminal():
            break
        current = pyspiel.State.information_state_tensor(state)
        assert state.information_state_tensor() == current  # the player to move's
        state.apply_action(rng.choice(state.legal_actions()))
    for player in (-1, n):
        with pytest.raises(pyspiel.SpielError):
            state.information_state_tensor(player)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor()  # over: no player to move
    with pytest.raises(IllegalMoveError, match="over"):
        state.apply_action(0)  # the engine's own refusal, as at the referee


def test_options_are_game_parameters() -> None:
    game = load("azul", players=3, wall="gray", seed=9)
    state = game.new_initial_state()
    view = json.loads(state.information_state_string(0))
    assert view["wall_variant"] == "gray" and view["num_players"] == 3
    azul = get_game("azul")
    referee = new_game_state(azul, 3, parse_options(azul, {"wall": "gray"}), 9)
    assert view == json.loads(json.dumps(azul.view(referee, 0)))  # seed 9: the referee's deal


@pytest.mark.parametrize("game_name", GAMES)
def test_resampling_keeps_every_information_state(game_name: str) -> None:
    game = load(game_name, rng_seed=3)
    rng = random.Random(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state, ply = game.new_initial_state(), 0
    while not state.is_terminal() and ply < 120:
        if ply % 4 == 0:
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.observation_string(p) == state.observation_string(p)
                assert other.current_player() == state.current_player()
                assert other.history() == state.history()
        state.apply_action(rng.choice(state.legal_actions()))
        ply += 1


def ismcts_match(game_name: str) -> Any:
    """The final state of a full match of seeded ISMCTS bots, from fresh objects."""
    game = load(game_name, seed=3)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(0), max_length=2
    )
    bots = [
        ismcts.ISMCTSBot(game, evaluator, 2.0, max_simulations=4,
                         random_state=np.random.RandomState(p))
        for p in range(game.num_players())
    ]  # fmt: skip
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("game_name", GAMES)
def test_ismcts_plays_a_full_match(game_name: str) -> None:
    state = ismcts_match(game_name)
    game = state.get_game()
    if game_name == "epizodiak":  # seeded as docs/ml.md's example: a second run is the same
        assert state.history() == ismcts_match(game_name).history()
    outcome = get_game(game_name).outcome(state.engine_state)
    assert outcome is not None and len(state.history()) > game.num_players()
    assert state.returns() == pytest.approx(rank_rewards(outcome))


@pytest.mark.parametrize("game_name", GAMES)
def test_mcts_searches_every_game(game_name: str) -> None:
    game = load(game_name, seed=5)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(0), max_length=3
    )
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(5):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_the_numbers_seats_write_one_after_another_unseen() -> None:
    game = load("the_number", players=3, seed=1)
    state = game.new_initial_state()
    assert state.current_player() == 0
    before = state.information_state_string(1)
    state.apply_action(555)
    assert state.current_player() == 1
    after = json.loads(state.information_state_string(1))
    assert after["players"][0]["submitted"] and "555" not in state.information_state_string(1)
    assert json.loads(before)["players"][0]["submitted"] is False
