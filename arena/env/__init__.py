"""The games for machine learning: PettingZoo, Gymnasium and OpenSpiel adapters (docs/ml.md).

Needs the `ml` extra (`pip install 'arena[ml]'`); nothing outside this package imports it.

    from arena.env import aec_env, gym_env
    env = aec_env("azul", num_players=3)          # PettingZoo AEC
    single = gym_env("lucky_numbers", opponents="greedy")   # Gymnasium, one learning seat
    import arena.env.openspiel                    # registers arena_<game> with pyspiel
    gymnasium.make("arena/LuckyNumbers-v0", opponents="greedy")   # ids: arena.env.registration

The names below are loaded on first use, so a bot that only needs the bridge (numpy) does not
import Gymnasium and PettingZoo.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

_NEEDED = ("numpy", "gymnasium", "pettingzoo")
_missing = [name for name in _NEEDED if importlib.util.find_spec(name) is None]
if _missing:
    raise ImportError(
        f"arena.env needs {', '.join(_missing)}: install the ml extra (pip install 'arena[ml]')"
    )

from arena.env.registration import register_on_import  # noqa: E402

register_on_import()  # gymnasium.make("arena/<Game>-v0"), once Gymnasium is imported

_WHERE = {
    "ActionTable": "arena.env.actions",
    "table_for": "arena.env.actions",
    "ArenaAECEnv": "arena.env.aec",
    "aec_env": "arena.env.aec:ArenaAECEnv",
    "env_policy": "arena.env.bridge",
    "observation_of": "arena.env.bridge",
    "ArenaGymEnv": "arena.env.gym",
    "gym_env": "arena.env.gym:ArenaGymEnv",
    "Encoder": "arena.env.observations",
    "encoder_for": "arena.env.observations",
    "ArenaParallelEnv": "arena.env.parallel",
    "parallel_env": "arena.env.parallel:ArenaParallelEnv",
    "rank_rewards": "arena.env.rewards",
    "env_id": "arena.env.registration",
    "register_envs": "arena.env.registration",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    """Load a public name from its module on first use."""
    if name not in _WHERE:
        raise AttributeError(f"module 'arena.env' has no attribute {name!r}")
    module, _, attribute = _WHERE[name].partition(":")
    value = getattr(importlib.import_module(module), attribute or name)
    globals()[name] = value
    return value
