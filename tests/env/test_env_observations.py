"""Observations: documented shapes, values inside the declared bounds, and no leak (an
observation does not change when what its seat cannot see is re-dealt)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from env_helpers import GAMES, option_sets, random_states

from arena.core.registry import game_entry, get_game, load_part
from arena.env.observations import encoder_for

SIZES = {
    "lucky_numbers": {2: 746, 3: 1082, 4: 1418},
    "azul": {2: 368, 3: 536, 4: 704},
    "the_number": {3: 159, 4: 209, 5: 259},
    "hypnosia": {2: 469, 3: 693, 4: 917, 5: 1141, 6: 1365},
    "epizodiak": {3: 178},
    "arctic_scavengers": {2: 2147, 3: 2748, 4: 3349, 5: 3950},
}
PLAYOUTS = 6  # per game; every 3rd decision checks every seat


def test_documented_sizes_cover_every_table() -> None:
    for name, sizes in SIZES.items():
        game = get_game(name)
        assert sorted(sizes) == list(range(game.min_players, game.max_players + 1))
        for n, size in sizes.items():
            assert encoder_for(name, n).size == size


def test_parts_tile_the_vector() -> None:
    layout = encoder_for("lucky_numbers", 2).layout
    flat = np.arange(layout.size, dtype=np.float32)
    parts = layout.split(flat)
    assert parts["grids"].shape == (2, 16, 21)
    assert parts["grids"][0, 0, 0] == 0.0 and parts["turn"][0] == layout.size - 1
    assert sum(p.size for p in layout.parts) == layout.size


def test_lucky_numbers_grid_reads_from_the_viewer() -> None:
    game = get_game("lucky_numbers")
    view = {
        "seat": 1, "num_players": 2, "table": [3, 3], "pot_size": 20, "hand": 7,
        "hand_source": "draw", "phase": "resolve", "chain_returned": [], "bonus_turn": False,
        "options": {"setup": "easy", "bruno": False}, "turn": 4,
        "grids": [[1] + [0] * 15, [0] * 15 + [20]],
    }  # fmt: skip
    parts = encoder_for(game.name, 2).layout.split(encoder_for(game.name, 2).encode(view))
    assert parts["grids"][0, 15, 20] == 1.0  # the viewer's own grid comes first
    assert parts["grids"][1, 0, 1] == 1.0
    assert parts["table"][2] == 1.0 and parts["hand"][7] == 1.0
    assert parts["hand_source"].tolist() == [1.0, 0.0, 0.0, 0.0]


def test_azul_boards_read_from_the_viewer() -> None:
    board = {"score": 12, "lines": ["", "RR", "", "", ""], "floor": "MK", "has_marker": True,
             "wall": ["B....", ".....", ".....", ".....", "....W"]}  # fmt: skip
    view = {
        "seat": 1, "num_players": 2, "factories": ["BBRK", "", "", "", ""], "centre": "YY",
        "marker_in_centre": False, "boards": [dict(board, score=0, wall=["....."] * 5), board],
        "bag": [20] * 5, "lid": [0] * 5, "phase": "offer", "pending_line": 0,
        "wall_variant": "colored", "round": 2,
    }  # fmt: skip
    encoder = encoder_for("azul", 2)
    parts = encoder.layout.split(encoder.encode(view))
    assert parts["walls"][0, 0, 0].tolist() == [1, 0, 0, 0, 0]  # blue at a1 of my wall
    assert parts["walls"][0, 4, 4, 4] == 1.0 and parts["walls"].sum() == 2.0
    assert parts["lines"][0, 1].tolist() == [0, 0, 1, 0, 0, 1]  # line 2 full of red
    assert parts["scores"].tolist() == pytest.approx([0.12, 0.0])
    assert parts["factories"][0].tolist() == [0.5, 0.0, 0.25, 0.25, 0.0]
    assert parts["centre"][1] == pytest.approx(0.2)


@pytest.mark.parametrize("game_name", GAMES)
def test_no_leak_and_in_bounds(game_name: str) -> None:
    game = get_game(game_name)
    resample = load_part(game_entry(game_name).sampling)
    counts = range(game.min_players, game.max_players + 1)
    combos = option_sets(game)
    rng = random.Random(7)
    hidden_changed = 0
    for i in range(PLAYOUTS):
        n, options = counts[i % len(counts)], combos[i % len(combos)]
        encoder = encoder_for(game_name, n)
        for ply, (state, _seat, _legal) in enumerate(random_states(game, n, options, 50 + i)):
            if ply % 3:
                continue
            for seat in range(n):
                obs = encoder.encode(game.view(state, seat))
                assert np.all(obs >= encoder.layout.low) and np.all(obs <= encoder.layout.high)
                other = resample(state, seat, rng)
                assert np.array_equal(obs, encoder.encode(game.view(other, seat)))
                hidden_changed += other != state
    assert hidden_changed > 0  # the resampling really re-dealt something
