"""PettingZoo: the API checks for every game and player count, the parallel API for The
Number, and seeded games through the AEC env that equal the referee's matches."""

from __future__ import annotations

import asyncio
import functools
import warnings

import numpy as np
import pytest
from env_helpers import GAMES, TABLES, option_tables
from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    render_test,
    seed_test,
)

from arena.core.game import parse_options
from arena.core.players import DecisionRequest, random_policy
from arena.core.registry import get_game
from arena.core.values import Outcome, Termination
from arena.env.aec import ArenaAECEnv
from arena.env.parallel import ArenaParallelEnv
from arena.env.rewards import rank_rewards
from arena.errors import EnvUsageError
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match

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


@pytest.mark.parametrize(("game", "n"), [t for t in TABLES if t[0] != "the_number"])
def test_parallel_api_for_the_turn_based_games(game: str, n: int) -> None:
    # One mover per step; the others' all-zero masks make their actions ignored.
    parallel_api_test(ArenaParallelEnv(game, n), num_cycles=100)


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


@pytest.mark.parametrize(("game", "n", "options"), option_tables())
def test_api_on_every_option_set(game: str, n: int, options: dict[str, str]) -> None:
    with warnings.catch_warnings():
        for text in DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        api_test(ArenaAECEnv(game, n, options), num_cycles=60)


@pytest.mark.parametrize("game", GAMES)
def test_seed_test(game: str) -> None:
    seed_test(functools.partial(ArenaAECEnv, game), num_cycles=30)


@pytest.mark.parametrize("game", GAMES)
def test_parallel_seed_test(game: str) -> None:
    parallel_seed_test(functools.partial(ArenaParallelEnv, game))


@pytest.mark.parametrize("game", GAMES)
def test_render_test(game: str) -> None:
    # ansi, human and rgb_array (the web board rasterised), five pictures each
    render_test(functools.partial(ArenaAECEnv, game))


def test_max_cycles_as_pettingzoos_test_counts_them() -> None:
    # pettingzoo.test.max_cycles_test's counts, with masked actions: its own samples actions
    # without the mask, and an illegal action ends an arena game (as at the referee).
    max_cycles = 4
    parallel = ArenaParallelEnv("the_number", 3, max_cycles=max_cycles)
    parallel.reset(seed=1)
    steps = 0
    while parallel.agents:
        actions = {a: parallel.action_space(a).sample(parallel.match.mask(s))
                   for s, a in enumerate(parallel.agents)}  # fmt: skip
        _obs, _rewards, terminations, truncations, _infos = parallel.step(actions)
        steps += 1
    assert steps == max_cycles and all(truncations.values()) and not any(terminations.values())
    env = ArenaAECEnv("the_number", 3, max_cycles=max_cycles)
    env.reset(seed=1)
    counts = np.zeros(3)
    for agent in env.agent_iter():
        counts[env.possible_agents.index(agent)] += 1
        obs, reward, terminated, truncated, _info = env.last()
        env.step(
            None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        )
        assert reward == 0.0  # stopped unfinished: no rank rewards
    assert counts.tolist() == [max_cycles + 1] * 3


def test_max_cycles_in_a_turn_based_game_counts_every_agents_turns() -> None:
    env = ArenaAECEnv("lucky_numbers", 2, max_cycles=3)
    env.reset(seed=2)
    decisions = 0
    for _agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        decisions += 1
    assert decisions == 6 and env.match.outcome() is None


def test_an_engine_cap_ends_the_game_truncated_with_its_rewards() -> None:
    env = ArenaAECEnv("hypnosia", 2, {"round_cap": "2"})
    env.reset(seed=3)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert truncated and not terminated
            assert info["outcome"].termination == Termination.TURN_CAP
            assert reward == rank_rewards(info["outcome"])[int(agent.split("_")[1])]
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


@pytest.mark.parametrize("env_class", [ArenaAECEnv, ArenaParallelEnv])
def test_state_is_every_seats_observation(env_class: type) -> None:
    env = env_class("the_number", 4)
    env.reset(seed=9)
    state = env.state()
    assert env.state_space.contains(state)
    size = env.match.encoder.size
    for seat in range(4):
        assert np.array_equal(state[seat * size:(seat + 1) * size],
                              env.match.observe(seat)["observation"])  # fmt: skip


def test_misuse_raises_an_arena_error() -> None:
    aec = ArenaAECEnv("azul", 2)
    for call in (lambda: aec.step(0), lambda: aec.observe("player_0"), aec.state, aec.last):
        with pytest.raises(EnvUsageError, match="before reset"):
            call()
    aec.reset(seed=1)
    with pytest.raises(EnvUsageError, match="step\\(None\\)"):
        aec.step(None)
    aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"] == 0)[0]))
    for _agent in aec.agent_iter():  # the illegal action ended the game: the dead steps
        aec.step(None)
    with pytest.raises(EnvUsageError, match="every agent is done"):
        aec.step(0)
    parallel = ArenaParallelEnv("the_number", 3)
    with pytest.raises(EnvUsageError, match="before reset"):
        parallel.step({})
    parallel.reset(seed=1)
    with pytest.raises(EnvUsageError, match="player_0 is to move"):
        parallel.step({})
