"""arena.env benchmarks: decisions per CPU-second (time.process_time) of random games through
each adapter beside the raw engine's, per game; optionally the long round-trip run.

    .venv/bin/python bench/bench_env.py [--seconds S] [--game NAME ...] [--roundtrip N]

A rollout is one full random game at the game's smallest table, default options. Columns:
raw drives the Game protocol directly (setup, to_move, legal_moves, apply); AEC does what a
learner's loop does (last() with its observation and mask, a masked random action, step);
gym steps the Gymnasium env's seat against "random" opponents (their decisions count too);
OpenSpiel applies random legal actions to a registered game's state, and "+tensor" also reads
the information state tensor of the player to move at every decision. The ratios are AEC /
raw and OpenSpiel+tensor / OpenSpiel (issue 43's goals: at least 0.25 for The Number's AEC,
at least 0.5 for tensors). `--roundtrip N` plays N seeded random games per game (every player
count and option set in turn) and checks that every legal move maps to one action and back.
Prints figures; asserts nothing but the round trip.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import arena.env.openspiel  # noqa: E402, F401  (registers the games)
from arena.core.game import new_game_state, parse_options  # noqa: E402
from arena.core.registry import get_game, list_games  # noqa: E402
from arena.env.actions import table_for  # noqa: E402
from arena.env.aec import ArenaAECEnv  # noqa: E402
from arena.env.gym import ArenaGymEnv  # noqa: E402
from arena.games.testing import all_option_combinations  # noqa: E402


def raw_rollout(name: str, seed: int) -> int:
    """One random game on the engine alone; its decisions."""
    game = get_game(name)
    rng = random.Random(seed)
    state = new_game_state(game, game.min_players, parse_options(game, {}), seed)
    decisions = 0
    while game.outcome(state) is None:
        seat = game.to_move(state)[0]
        state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        decisions += 1
    return decisions


def aec_rollout(env: ArenaAECEnv, seed: int) -> int:
    """One random game through the AEC API; its decisions."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    decisions = 0
    for _agent in env.agent_iter():
        obs, _reward, done, truncated, _info = env.last()
        if done or truncated:
            env.step(None)
            continue
        env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        decisions += 1
    return decisions


def gym_rollout(env: ArenaGymEnv, seed: int) -> int:
    """One random game through the Gymnasium env; its decisions (the opponents' included)."""
    rng = random.Random(seed)
    obs, _info = env.reset(seed=seed)
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, _reward, terminated, truncated, _info = env.step(action)
        done = terminated or truncated
    return len(env.match.moves)


def spiel_rollout(game: pyspiel.Game, seed: int, tensors: bool = False) -> int:
    """One random game through OpenSpiel's state API (reading the information state tensor
    of the player to move at every decision if `tensors`); its decisions."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if tensors:
            state.information_state_tensor(state.current_player())
        state.apply_action(rng.choice(state.legal_actions()))
        decisions += 1
    return decisions


def rate(rollout: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """(rollouts per CPU second, decisions per CPU second) over about `seconds`."""
    games = decisions = 0
    start = time.process_time()
    while (spent := time.process_time() - start) < seconds or games == 0:
        decisions += rollout(games)
        games += 1
    return games / spent, decisions / spent


def roundtrip(name: str, playouts: int) -> int:
    """Seeded random games checking every legal move's action and back; decisions checked."""
    game, table = get_game(name), table_for(name)
    counts = list(range(game.min_players, game.max_players + 1))
    combos = all_option_combinations(game)
    checked = 0
    for i in range(playouts):
        n, options = counts[i % len(counts)], combos[i % len(combos)]
        rng = random.Random(i)
        state = new_game_state(game, n, options, i)
        while game.outcome(state) is None:
            seat = rng.choice(game.to_move(state))
            legal = list(game.legal_moves(state, seat))
            if [table.decode(table.encode(m)) for m in legal] != legal:
                raise AssertionError(f"{name} seed {i}: a move does not map back")
            state = game.apply(state, seat, rng.choice(legal))
            checked += 1
    return checked


def main() -> None:
    """Print one row per game."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per figure")
    parser.add_argument("--roundtrip", type=int, default=0, help="playouts per game (0: none)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    games = [g for g in list_games() if not args.game or g.name in args.game]
    print("decisions per CPU-second, random games at the smallest table")
    print(f"{'game':<18} {'raw':>8} {'AEC':>8} {'AEC/raw':>8} {'gym':>8} "
          f"{'OpenSpiel':>10} {'+tensor':>8} {'ratio':>6}")  # fmt: skip
    for game in games:
        env = ArenaAECEnv(game.name)
        gym = ArenaGymEnv(game.name, opponents="random")
        spiel = pyspiel.load_game(f"arena_{game.name}")
        _, raw = rate(lambda s, g=game.name: raw_rollout(g, s), args.seconds)
        _, aec = rate(lambda s, e=env: aec_rollout(e, s), args.seconds)
        _, single = rate(lambda s, e=gym: gym_rollout(e, s), args.seconds)
        _, bare = rate(lambda s, g=spiel: spiel_rollout(g, s), args.seconds)
        _, tensor = rate(lambda s, g=spiel: spiel_rollout(g, s, tensors=True), args.seconds)
        print(f"{game.name:<18} {raw:>8.0f} {aec:>8.0f} {aec / raw:>8.2f} {single:>8.0f} "
              f"{bare:>10.0f} {tensor:>8.0f} {tensor / bare:>6.2f}")  # fmt: skip
    if args.roundtrip:
        for game in games:
            start = time.process_time()
            checked = roundtrip(game.name, args.roundtrip)
            print(
                f"round trip {game.name}: {args.roundtrip} games, {checked} decisions, "
                f"every legal move mapped and back ({time.process_time() - start:.0f} s)"
            )
            # fmt: skip


if __name__ == "__main__":
    main()
