"""The games for machine learning: PettingZoo, Gymnasium and OpenSpiel adapters (docs/ml.md).

Needs the `ml` extra (`pip install 'arena[ml]'`); nothing outside this package imports it.

    from arena.env import aec_env, gym_env
    env = aec_env("azul", num_players=3)          # PettingZoo AEC
    single = gym_env("lucky_numbers", opponents="greedy")   # Gymnasium, one learning seat
    import arena.env.openspiel                    # registers arena_<game> with pyspiel
"""

from __future__ import annotations

import importlib.util

_NEEDED = ("numpy", "gymnasium", "pettingzoo")
_missing = [name for name in _NEEDED if importlib.util.find_spec(name) is None]
if _missing:
    raise ImportError(
        f"arena.env needs {', '.join(_missing)}: install the ml extra (pip install 'arena[ml]')"
    )

from arena.env.actions import ActionTable, table_for  # noqa: E402
from arena.env.aec import ArenaAECEnv  # noqa: E402
from arena.env.bridge import env_policy, observation_of  # noqa: E402
from arena.env.gym import ArenaGymEnv  # noqa: E402
from arena.env.observations import Encoder, encoder_for  # noqa: E402
from arena.env.parallel import ArenaParallelEnv  # noqa: E402
from arena.env.rewards import rank_rewards  # noqa: E402

aec_env = ArenaAECEnv
parallel_env = ArenaParallelEnv
gym_env = ArenaGymEnv

__all__ = [
    "ActionTable",
    "ArenaAECEnv",
    "ArenaGymEnv",
    "ArenaParallelEnv",
    "Encoder",
    "aec_env",
    "encoder_for",
    "env_policy",
    "gym_env",
    "observation_of",
    "parallel_env",
    "rank_rewards",
    "table_for",
]
