"""The bridge: a function over the environments' observation and action index plays at the
referee exactly as it plays in the environment."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from arena.core.game import parse_options
from arena.core.players import DecisionRequest
from arena.core.registry import get_game
from arena.env.aec import ArenaAECEnv
from arena.env.bridge import env_policy, observation_of
from arena.match.policy_runner import PolicyPlayer
from arena.match.referee import play_match


class Recorder:
    """A seeded masked-random policy over observations that keeps what it was shown."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.seen: list[np.ndarray] = []

    def __call__(self, observation: dict[str, np.ndarray]) -> int:
        self.seen.append(observation["observation"].copy())
        return int(self.rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.parametrize(("game", "n"), [("epizodiak", 3), ("the_number", 3), ("azul", 2)])
def test_the_same_function_plays_the_same_game_at_the_referee(game: str, n: int) -> None:
    seed = 77
    in_env = [Recorder(s) for s in range(n)]
    env = ArenaAECEnv(game, n)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, _reward, done, _truncated, _info = env.last()
        env.step(None if done else in_env[int(agent.split("_")[1])](obs))
    at_referee = [Recorder(s) for s in range(n)]
    players = [PolicyPlayer(f"p{s}", env_policy(at_referee[s], game)) for s in range(n)]
    options = parse_options(get_game(game), {})
    record = asyncio.run(play_match(get_game(game), options, seed, players))
    assert [(m.seat, m.move) for m in record.moves] == env.match.moves
    assert record.outcome == env.match.outcome()
    for a, b in zip(in_env, at_referee, strict=True):
        assert len(a.seen) == len(b.seen) > 0
        assert all(np.array_equal(x, y) for x, y in zip(a.seen, b.seen, strict=True))


def test_a_policy_for_one_game_refuses_another() -> None:
    game = get_game("azul")
    env = ArenaAECEnv("azul", 2)
    env.reset(seed=1)
    request = DecisionRequest("m", 1, "azul", 0, env.match.view(0), tuple(env.match.legal_moves(0)))
    assert observation_of(request)["action_mask"].sum() == len(request.legal_moves)
    with pytest.raises(ValueError, match="plays lucky_numbers"):
        env_policy(lambda obs: 0, "lucky_numbers")(request)
    assert env_policy(lambda obs: int(np.argmax(obs["action_mask"])), game.name)(request) in (
        request.legal_moves
    )
