"""Pickled and deep-copied environments and OpenSpiel states continue exactly as the
originals do: unpickled in another (spawned) process, deep-copied here, serialised with
OpenSpiel's own serialize / deserialize_state and random_sim_test(serialize=True)."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from env_helpers import GAMES, play_on, play_on_pickled

import arena.env.openspiel as spiel
from arena.env.aec import ArenaAECEnv
from arena.env.gym import ArenaGymEnv
from arena.env.parallel import ArenaParallelEnv

BEFORE, AFTER = 5, 40  # decisions before the copy, then compared after it


def mid_game() -> list[Any]:
    """One of every kind of environment per game, each some decisions into a seeded game."""
    envs: list[Any] = []
    for i, game in enumerate(GAMES):
        aec = ArenaAECEnv(game, 3 if game != "azul" else 2)
        aec.reset(seed=100 + i)
        envs.append(aec)
        gym = ArenaGymEnv(game, opponents="greedy", seat=None)
        gym.reset(seed=200 + i)
        envs.append(gym)
        state = pyspiel.load_game(spiel.short_name(game), {"seed": 300 + i}).new_initial_state()
        envs.append(state)
    parallel = ArenaParallelEnv("the_number", 4)
    parallel.reset(seed=7)
    envs.append(parallel)
    for env in envs:
        play_on(env, BEFORE)
    return envs


def test_an_unpickled_copy_in_another_process_plays_on_identically() -> None:
    envs = mid_game()
    blobs = [pickle.dumps(env) for env in envs]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        theirs = pool.apply(play_on_pickled, (blobs, AFTER))
    ours = [play_on(env, AFTER) for env in envs]
    assert all(ours) and theirs == ours


def test_a_deep_copy_plays_on_identically() -> None:
    for env in mid_game():
        if isinstance(env, pyspiel.State):
            copied = env.clone()
        else:
            copied = copy.deepcopy(env)
        assert play_on(copied, AFTER) == play_on(env, AFTER)


def test_deep_copied_gym_opponents_keep_their_own_streams() -> None:
    # The built-in opponents draw from seeded streams: a copy's must be its own, at the
    # same point, so both take the same path after the same action.
    env = ArenaGymEnv("lucky_numbers", 4, opponents="random")
    env.reset(seed=3)
    copied = copy.deepcopy(env)
    for _ in range(6):
        action = int(np.flatnonzero(env.action_masks())[0])
        env.step(action)
        copied.step(action)
        assert copied.match.moves == env.match.moves


@pytest.mark.parametrize("game", GAMES)
def test_openspiel_serialize_round_trips(game: str) -> None:
    loaded = pyspiel.load_game(spiel.short_name(game))  # seed -1: a fresh deal every state
    state = loaded.new_initial_state()
    play_on(state, BEFORE)
    again = loaded.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert play_on(again, AFTER) == play_on(state, AFTER)
