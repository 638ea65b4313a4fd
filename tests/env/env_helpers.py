"""Shared by the arena.env tests: every (game, player count), and seeded playouts."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from arena.core.game import Game
from arena.core.registry import list_games
from arena.games.testing import all_option_combinations

GAMES = [g.name for g in list_games()]
TABLES = [(g.name, n) for g in list_games() for n in range(g.min_players, g.max_players + 1)]


def option_sets(game: Game[Any, Any]) -> list[Any]:
    """Every combination of the game's choice options."""
    return all_option_combinations(game)


def option_tables() -> list[tuple[str, int, dict[str, str]]]:
    """Every option set of every game (as option texts), at player counts taken in turn."""
    from arena.core.game import options_to_dict

    tables = []
    for game in list_games():
        counts = list(range(game.min_players, game.max_players + 1))
        for i, options in enumerate(option_sets(game)):
            as_dict = {k: str(v).lower() if isinstance(v, bool) else str(v)
                       for k, v in options_to_dict(options).items()}  # fmt: skip
            tables.append((game.name, counts[i % len(counts)], as_dict))
    return tables


def random_states(
    game: Game[Any, Any], num_players: int, options: Any, seed: int
) -> Iterator[tuple[Any, int, list[str]]]:
    """Each decision of a seeded random game: (state, seat to move, its legal moves)."""
    from arena.core.game import new_game_state

    rng = random.Random(seed)
    state = new_game_state(game, num_players, options, seed)
    while game.outcome(state) is None:
        seat = rng.choice(game.to_move(state))
        legal = list(game.legal_moves(state, seat))
        yield state, seat, legal
        state = game.apply(state, seat, rng.choice(legal))


def _digest(array: Any) -> str:
    import hashlib

    import numpy as np

    return hashlib.sha1(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def play_on(env: Any, steps: int) -> list[Any]:
    """Continue an environment (AEC, parallel, Gymnasium) or an OpenSpiel state for `steps`
    decisions by a fixed rule (at step k, the k-th legal action, wrapping): what it showed at
    each step. Run in another process on an unpickled copy, it must show the same."""
    import numpy as np
    import pyspiel

    from arena.env.aec import ArenaAECEnv
    from arena.env.gym import ArenaGymEnv
    from arena.env.parallel import ArenaParallelEnv

    shown: list[Any] = []
    for k in range(steps):
        if isinstance(env, ArenaAECEnv):
            if not env.agents:
                break
            obs, reward, term, trunc, _info = env.last()
            legal = np.flatnonzero(obs["action_mask"])
            env.step(None if term or trunc else int(legal[k % len(legal)]))
            shown.append((env.agent_selection if env.agents else None, _digest(obs["observation"]),
                          reward, term, trunc))  # fmt: skip
        elif isinstance(env, ArenaParallelEnv):
            if not env.agents:
                break
            movers = env.match.movers()
            actions = {}
            for agent in env.agents:
                legal = np.flatnonzero(env.match.mask(int(agent.split("_")[1])))
                actions[agent] = int(legal[k % len(legal)]) if len(legal) else 0
            obs, rewards, terms, truncs, _infos = env.step(actions)
            shown.append((movers, sorted((a, _digest(o["observation"])) for a, o in obs.items()),
                          rewards, terms, truncs))  # fmt: skip
        elif isinstance(env, ArenaGymEnv):
            if env.match.outcome() is not None:
                break
            legal = np.flatnonzero(env.action_masks())
            obs, reward, term, trunc, info = env.step(int(legal[k % len(legal)]))
            shown.append((_digest(obs["observation"]), _digest(obs["action_mask"]), reward,
                          term, trunc, list(env.match.moves)))  # fmt: skip
            if term or trunc:
                break
        elif isinstance(env, pyspiel.State):
            if env.is_terminal():
                break
            legal = env.legal_actions()
            env.apply_action(legal[k % len(legal)])
            player = env.current_player()
            tensor = env.information_state_tensor(player) if player >= 0 else env.returns()
            shown.append((env.history(), _digest(np.asarray(tensor, np.float32)), str(env)))
        else:
            raise TypeError(f"not an environment: {type(env)}")
    return shown


def play_on_pickled(blobs: list[bytes], steps: int) -> list[list[Any]]:
    """`play_on` each pickled environment (for a spawned process)."""
    import pickle

    import arena.env.openspiel  # noqa: F401  (registers the OpenSpiel games)

    return [play_on(pickle.loads(blob), steps) for blob in blobs]
