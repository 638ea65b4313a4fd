"""Gymnasium: check_env for every game and player count, whole episodes against built-in
strategies and callables, seeded resets that give the referee's deal."""

from __future__ import annotations

import re

import gymnasium
import numpy as np
import pytest
from env_helpers import GAMES, TABLES, option_tables
from gymnasium.utils.env_checker import check_env

from arena.core.game import parse_options, replay
from arena.core.players import first_move_policy
from arena.core.registry import get_game
from arena.env.aec import ArenaAECEnv
from arena.env.gym import ArenaGymEnv
from arena.env.registration import env_id, register_envs
from arena.env.render import board_html


@pytest.mark.parametrize(("game", "n"), TABLES)
def test_make_and_check_env(game: str, n: int) -> None:
    env = gymnasium.make(env_id(game), num_players=n, opponents="greedy", seat=None)
    assert isinstance(env.unwrapped, ArenaGymEnv) and env.unwrapped.match.num_players == n
    assert env.metadata["render_fps"] > 0
    check_env(env.unwrapped, skip_render_check=False)


@pytest.mark.parametrize(("game", "n", "options"), option_tables())
def test_check_env_on_every_option_set(game: str, n: int, options: dict[str, str]) -> None:
    env = gymnasium.make(env_id(game), num_players=n, options=options, opponents="random")
    check_env(env.unwrapped, skip_render_check=True)


@pytest.mark.parametrize("game", GAMES)
def test_check_env_with_rgb_array(game: str) -> None:
    check_env(gymnasium.make(env_id(game), render_mode="rgb_array").unwrapped)  # renders once


def test_rgb_frames_are_the_web_board_and_keep_their_shape() -> None:
    env = gymnasium.make("arena/LuckyNumbers-v0", render_mode="rgb_array")
    env.reset(seed=1)
    first = env.render()
    assert first.shape == (720, 960, 3) and first.dtype == np.uint8
    assert (first < 128).any() and (first > 200).any()  # a drawing on a light page
    env.step(int(np.flatnonzero(env.unwrapped.action_masks())[0]))
    second = env.render()
    assert second.shape == first.shape and not np.array_equal(second, first)  # video-ready
    assert "ln-grid" in board_html(env.unwrapped.match)  # the match page's Lucky Numbers grid


def test_each_icon_carries_the_site_rules_that_can_style_it() -> None:
    # WeasyPrint styles an inline SVG from its own <style> and parses that for every SVG: each
    # gets the rules naming its classes or elements, not the whole site's stylesheet.
    env = ArenaAECEnv("arctic_scavengers", render_mode="rgb_array")
    env.reset(seed=1)
    html = board_html(env.match)
    icons = re.findall(r'<svg class="([^"]*)"[^>]*><style>(.*?)</style>', html, re.S)
    assert len(icons) >= 10
    for classes, style in icons:
        for name in classes.split():
            if name in {"as-icon", "as-i-people", "as-i-draw", "as-i-fight"}:
                assert re.search(rf"\.{name}\b[^{{]*{{", style), (name, style)
        assert ".az-offer" not in style and ".ln-grid" not in style  # other games' rules
        assert len(style) < 2000
    assert ".az-offer" in html.split("</head>")[0]  # the page itself keeps every rule


def test_every_game_has_an_id_and_a_spec() -> None:
    assert register_envs() == [env_id(g) for g in GAMES]
    for game in GAMES:
        spec = gymnasium.spec(env_id(game))
        assert spec.kwargs == {"game": game}
        capped = game != "the_number"
        assert (spec.max_episode_steps is not None) == capped
    assert env_id("lucky_numbers") == "arena/LuckyNumbers-v0"


def test_make_plays_an_episode_through_its_wrappers() -> None:
    env = gymnasium.make("arena/Hypnosia-v0", opponents="first", options={"round_cap": "2"})
    obs, _info = env.reset(seed=4)
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert truncated and info["outcome"].termination == "turn_cap"


def test_importing_arena_env_before_gymnasium_registers_the_ids() -> None:
    import subprocess
    import sys

    code = (
        "import sys, arena.env; assert 'gymnasium' not in sys.modules; import gymnasium;"
        "print(gymnasium.make('arena/Azul-v0').unwrapped.match.game.name)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "azul"


def play_episode(env: ArenaGymEnv, seed: int) -> tuple[float, dict, int]:
    """Masked random actions to the end: the final reward, info and decisions."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done, reward, steps = False, 0.0, 0
    while not done:
        assert env.observation_space.contains(obs)
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
        assert "illegal_action" not in info
        # truncated only where the engine's cap stopped the game
        assert truncated == (done and info["outcome"].termination == "turn_cap")
        steps += 1
    return reward, info, steps


@pytest.mark.parametrize("game", ["lucky_numbers", "azul", "the_number", "epizodiak"])
def test_an_episode_against_greedy_ends_with_the_rank_reward(game: str) -> None:
    env = ArenaGymEnv(game, opponents="greedy")
    reward, info, steps = play_episode(env, seed=11)
    outcome = info["outcome"]
    assert steps > 0 and -1.0 <= reward <= 1.0
    assert (reward == 1.0) == (outcome.ranks[0] == 1 and outcome.ranks.count(1) == 1)


def test_opponents_may_be_callables_one_per_seat() -> None:
    env = ArenaGymEnv("hypnosia", 3, seat=1, opponents=[first_move_policy, "random"])
    _reward, info, _steps = play_episode(env, seed=4)
    assert info["seat"] == 1 and info["outcome"] is not None


def test_reset_seed_deals_the_referees_game_and_varies_the_seat() -> None:
    game = get_game("azul")
    env = ArenaGymEnv("azul", 3, seat=None)
    seats = set()
    for seed in range(8):
        _obs, info = env.reset(seed=seed)
        seats.add(info["seat"])
        # The opponents before the agent have moved: the referee's deal of `seed`, replayed.
        states = replay(game, 3, parse_options(game, {}), seed, env.match.moves)
        for seat in range(3):
            assert game.view(states[-1], seat) == env.match.view(seat)
    assert len(seats) > 1


def test_an_illegal_action_ends_the_episode_with_a_loss() -> None:
    env = ArenaGymEnv("lucky_numbers", 2)
    obs, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _obs, reward, done, _truncated, info = env.step(illegal)
    assert done and reward == -1.0 and info["illegal_action"] == illegal
    assert info["outcome"].offender == info["seat"]


def test_the_number_of_opponents_must_fit_the_table() -> None:
    with pytest.raises(ValueError, match="2 opponents"):
        ArenaGymEnv("azul", 3, opponents=["random"])


def test_add_on_options_are_refused_by_the_fixed_action_spaces() -> None:
    from arena.errors import OptionError

    with pytest.raises(OptionError, match="without add-on options"):
        ArenaGymEnv("arctic_scavengers", 2, opponents="greedy", options={"hq2": "true"})


def test_misuse_raises_an_arena_error() -> None:
    from arena.errors import EnvUsageError

    env = ArenaGymEnv("azul", 2)
    with pytest.raises(EnvUsageError, match="before reset"):
        env.step(0)
    with pytest.raises(EnvUsageError, match="before reset"):
        env.action_masks()
    obs, _info = env.reset(seed=1)
    _obs, _reward, terminated, _truncated, _info = env.step(
        int(np.flatnonzero(obs["action_mask"] == 0)[0])
    )
    assert terminated  # an illegal action lost the game
    with pytest.raises(EnvUsageError, match="after the episode ended"):
        env.step(0)


def test_an_engine_cap_truncates_the_episode() -> None:
    env = ArenaGymEnv("hypnosia", 2, {"round_cap": "2"}, opponents="first")
    _reward, info, _steps = play_episode(env, seed=4)  # asserts truncated at the cap
    assert info["outcome"].termination == "turn_cap"
