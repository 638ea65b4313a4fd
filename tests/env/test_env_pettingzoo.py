"""PettingZoo: the API checks for every game and player count, the parallel API for The
Number, and seeded games through the AEC env that equal the referee's matches."""

from __future__ import annotations

import asyncio
import warnings

import numpy as np
import pytest
from env_helpers import TABLES
from pettingzoo.test import api_test, parallel_api_test, seed_test

from arena.core import Outcome
from arena.env.aec import ArenaAECEnv
from arena.env.parallel import ArenaParallelEnv
from arena.env.rewards import rank_rewards
from arena.game import parse_options
from arena.players import DecisionRequest, random_policy
from arena.policy_runner import PolicyPlayer
from arena.referee import play_match
from arena.registry import get_game

# api_test warns on every dict observation, as it does for PettingZoo's own classic games.
DICT_OBSERVATION_WARNINGS = ("Observation is not a NumPy array", "Observation space for each")


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_api(game: str, n: int) -> None:
    with warnings.catch_warnings():
        for text in DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        api_test(ArenaAECEnv(game, n, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_parallel_api_for_the_number(n: int) -> None:
    parallel_api_test(ArenaParallelEnv("the_number", n), num_cycles=1000)


def test_seeded_resets_repeat() -> None:
    seed_test(lambda: ArenaAECEnv("azul", 3), num_cycles=50)


def aec_record(game: str, n: int, seed: int, options: dict[str, str]) -> tuple[list, object]:
    """Play seeded random policies (one per seat) through the AEC env: moves and outcome."""
    env = ArenaAECEnv(game, n, options)
    env.reset(seed=seed)
    policies = [random_policy(seed + s) for s in range(n)]
    for agent in env.agent_iter():
        obs, _reward, done, _truncated, _info = env.last()
        if done:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        legal = tuple(env.match.legal_moves(seat))
        view = env.match.view(seat)
        move = policies[seat](DecisionRequest("m", 0, game, seat, view, legal))
        action = env.match.table.encode(str(move))
        assert obs["action_mask"][action] == 1
        env.step(action)
    return env.match.moves, env.match.outcome()


@pytest.mark.parametrize(
    ("game", "n", "options"),
    [("lucky_numbers", 3, {"bruno": "true"}), ("azul", 2, {"wall": "gray"}),
     ("the_number", 4, {}), ("hypnosia", 4, {}), ("epizodiak", 3, {"mode": "score7"}),
     ("arctic_scavengers", 3, {})],
)  # fmt: skip
def test_a_seeded_game_through_the_env_is_the_referees(game: str, n: int, options: dict) -> None:
    seed = 2024
    moves, outcome = aec_record(game, n, seed, options)
    players = [PolicyPlayer(f"p{s}", random_policy(seed + s)) for s in range(n)]
    record = asyncio.run(play_match(get_game(game), parse_options(get_game(game), options),
                                    seed, players))  # fmt: skip
    assert [(m.seat, m.move) for m in record.moves] == moves
    assert record.outcome == outcome


@pytest.mark.parametrize(
    ("ranks", "rewards"),
    [((1, 2), (1.0, -1.0)), ((1, 1), (0.0, 0.0)), ((2, 1, 3), (0.0, 1.0, -1.0)),
     ((1, 1, 3), (0.5, 0.5, -1.0)), ((3, 1, 1, 3), (-2 / 3, 2 / 3, 2 / 3, -2 / 3))],
)  # fmt: skip
def test_rewards_come_from_the_ranks(ranks: tuple[int, ...], rewards: tuple[float, ...]) -> None:
    outcome = Outcome(ranks=ranks, scores=(0.0,) * len(ranks), points=(0.0,) * len(ranks))
    assert rank_rewards(outcome) == pytest.approx(rewards)


def test_the_env_pays_the_rank_rewards_at_the_end() -> None:
    env = ArenaAECEnv("the_number", 3)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    paid: dict[int, float] = {}
    for agent in env.agent_iter():
        obs, reward, done, _truncated, info = env.last()
        if done:
            paid[int(agent.split("_")[1])] = reward
            env.step(None)
            continue
        assert reward == 0.0
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert tuple(paid[s] for s in range(3)) == rank_rewards(info["outcome"])
    assert sum(paid.values()) == pytest.approx(0.0)


def test_an_illegal_action_loses_as_at_the_referee() -> None:
    env = ArenaAECEnv("lucky_numbers", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    _obs, reward, done, _truncated, info = env.last()
    assert done and info["illegal_action"] == illegal
    assert reward == -1.0
    assert info["outcome"].offender == int(agent.split("_")[1])
    with pytest.raises(Exception, match="not legal"):
        raising = ArenaAECEnv("lucky_numbers", 2, illegal="raise")
        raising.reset(seed=3)
        raising.step(illegal)


def test_simultaneous_seats_see_the_turn_as_the_referee_shows_it() -> None:
    # The referee asks every seat at the start of the turn; here they act one by one, and
    # a later seat's observation must not change once an earlier one has written.
    env = ArenaAECEnv("the_number", 3)
    env.reset(seed=1)
    before = {a: env.observe(a)["observation"].copy() for a in env.agents}
    first = env.agent_selection
    env.step(int(np.flatnonzero(env.observe(first)["action_mask"])[-1]))
    assert env.agent_selection != first
    for agent in env.agents:
        if agent != first:
            assert np.array_equal(env.observe(agent)["observation"], before[agent])
