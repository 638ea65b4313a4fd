"""Action tables: fixed sizes, documented indexes, and every legal move of seeded random
games maps to one action and back."""

from __future__ import annotations

import os

import numpy as np
import pytest
from env_helpers import GAMES, option_sets, random_states

from arena.core.registry import get_game
from arena.env.actions import table_for
from arena.errors import InvalidMoveError

# Playouts per game here; bench/bench_env.py --roundtrip runs thousands.
PLAYOUTS = int(os.environ.get("ARENA_ENV_PLAYOUTS", "150"))
MASK_EVERY = 20  # masks are numpy work: checked on every 20th decision


@pytest.mark.parametrize(
    ("game", "size"),
    [("lucky_numbers", 54), ("azul", 325), ("the_number", 1000), ("hypnosia", 2616),
     ("epizodiak", 293), ("arctic_scavengers", 1774)],
)  # fmt: skip
def test_each_game_has_a_fixed_action_space(game: str, size: int) -> None:
    assert table_for(game).size == size


@pytest.mark.parametrize(
    ("game", "move", "index"),
    [
        ("lucky_numbers", "draw", 0), ("lucky_numbers", "take 20", 20),
        ("lucky_numbers", "place a1", 21), ("lucky_numbers", "swap d4", 52),
        ("lucky_numbers", "discard", 53),
        ("azul", "take f1 B 1", 0), ("azul", "take c W floor", 299), ("azul", "wall 5 5", 324),
        ("the_number", "write 087", 87),
        ("hypnosia", "1 S1", 0), ("hypnosia", "1 A0", 4), ("hypnosia", "1 A7 x2 in", 35),
        ("hypnosia", "2 S1", 436),
        ("epizodiak", "place cw 1", 4), ("epizodiak", "place cw 11 12 1", 4 + 10 * 11 + 2),
        ("epizodiak", "place ccw 1 12", 136 + 1), ("epizodiak", "pass", 292),
        ("arctic_scavengers", "draw REF.1", 0), ("arctic_scavengers", "dig REF.1", 149),
        ("arctic_scavengers", "hire SCA", 1043), ("arctic_scavengers", "done", 1054),
        ("arctic_scavengers", "snipe SNI.1 REF.1", 1055),
        ("arctic_scavengers", "disarm SAB.8 SHO.6", 1773),
    ],
)  # fmt: skip
def test_documented_indexes(game: str, move: str, index: int) -> None:
    table = table_for(game)
    assert table.encode(move) == index
    assert table.decode(index) == move


def test_moves_outside_the_table_are_refused() -> None:
    table = table_for("lucky_numbers")
    with pytest.raises(InvalidMoveError):
        table.encode("take 21")
    with pytest.raises(InvalidMoveError):
        table.decode(54)
    with pytest.raises(InvalidMoveError):
        table.decode(-1)


@pytest.mark.parametrize("game_name", GAMES)
def test_every_legal_move_maps_to_one_action_and_back(game_name: str) -> None:
    game, table = get_game(game_name), table_for(game_name)
    counts = range(game.min_players, game.max_players + 1)
    combos = option_sets(game)
    decisions = 0
    for i in range(PLAYOUTS):
        n, options = counts[i % len(counts)], combos[i % len(combos)]
        for _state, _seat, legal in random_states(game, n, options, 1000 + i):
            actions = [table.encode(m) for m in legal]
            assert len(set(actions)) == len(legal)
            assert [table.decode(a) for a in actions] == legal
            if decisions % MASK_EVERY == 0:
                mask = table.mask(legal)
                assert mask.sum() == len(legal) and np.all(mask[actions] == 1)
            decisions += 1
    assert decisions > PLAYOUTS


def test_a_kept_mask_is_never_handed_out_to_be_changed() -> None:
    table = table_for("the_number")
    moves = [f"write {n:03d}" for n in range(100, 200)]
    first = table.mask(moves)
    first[:] = 1  # the caller's own array
    again = table.mask(list(moves))
    assert again.sum() == 100 and again[100] == 1 and again[99] == 0
    assert table.actions(moves) == list(range(100, 200))
    with pytest.raises(InvalidMoveError, match="no action for move"):
        table.mask(["write 12"])
