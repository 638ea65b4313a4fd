"""Lucky Numbers against the arena contract: conformance, determinism, wire roundtrip, bots."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from arena.core.players import random_policy
from arena.games.lucky_numbers import GAME, LuckyNumbersOptions, LuckyNumbersState
from arena.games.lucky_numbers.grid import rule_holds
from arena.games.lucky_numbers.notation import MAX_VALUE, MIN_VALUE
from arena.games.lucky_numbers.sampling import resample
from arena.games.lucky_numbers.state import Phase
from arena.games.lucky_numbers.strategy import STRATEGIES
from arena.games.lucky_numbers.wire import WIRE
from arena.games.testing import (
    all_option_combinations,
    check_game,
    default_workers,
    play_random_game,
    request_for,
)

OPTIONS = [
    LuckyNumbersOptions(setup, bruno) for setup in ("easy", "michael") for bruno in (False, True)
]


_RULE_CHECKED: set[tuple[int, ...]] = set()  # grids already verified cell by cell


def invariant(state: LuckyNumbersState) -> None:
    """All 20*N tiles are accounted for, N of each value, and every grid obeys rule 2.1."""
    n = state.num_players
    tiles = [v for g in state.grids for v in g if v]
    tiles += state.table + state.pot + (state.hand,) * (state.hand != 0)
    tiles += [v for hidden in state.setup_tiles for v in hidden]
    assert sorted(tiles) == _FULL_SETS[n], Counter(tiles)
    for grid in state.grids:
        if grid not in _RULE_CHECKED:
            assert rule_holds(grid), grid
            _RULE_CHECKED.add(grid)
    assert list(state.table) == sorted(state.table)
    assert (state.hand != 0) == (state.phase in (Phase.SETUP, Phase.RESOLVE))
    if state.phase is Phase.ACQUIRE:
        assert state.pot, "a turn never starts with an empty pot (LN-A8)"


_FULL_SETS = {n: sorted(list(range(MIN_VALUE, MAX_VALUE + 1)) * n) for n in (2, 3, 4)}


def test_option_combinations_are_the_four_variants() -> None:
    assert sorted(map(repr, all_option_combinations(GAME))) == sorted(map(repr, OPTIONS))


@pytest.mark.slow
@pytest.mark.parametrize("variant", range(len(OPTIONS)), ids=lambda k: repr(OPTIONS[k]))
def test_conformance_1000_games(variant: int) -> None:
    """1000 random games in all: 250 per option combination, cycling over 2, 3 and 4 players.

    Slow (about 2 minutes of CPU in all): random games run to 300-800 decisions each.
    """
    report = check_game(
        GAME,
        workers=default_workers(),
        games=250,
        num_players=[2, 3, 4],
        options=[OPTIONS[variant]],
        seed=variant,
        invariant=invariant,
        resample=resample,
    )
    assert report.by_players == {2: 84, 3: 83, 4: 83}
    assert report.terminations["normal"] > 225


def test_same_seed_same_game_move_for_move() -> None:
    for i, options in enumerate(OPTIONS):
        first = play_random_game(GAME, 2 + i % 3, options, seed=100 + i)
        second = play_random_game(GAME, 2 + i % 3, options, seed=100 + i)
        assert first[0] == second[0]
        assert first[1] == second[1]
        assert GAME.outcome(first[1]) == GAME.outcome(second[1])


def test_different_seeds_deal_differently() -> None:
    deals = {GAME.setup(2, LuckyNumbersOptions(), random.Random(s)).pot for s in range(20)}
    assert len(deals) == 20


def test_views_hide_the_pot_order_and_match_for_every_seat() -> None:
    state = GAME.setup(3, LuckyNumbersOptions(setup="michael"), random.Random(5))
    views = [GAME.view(state, s) for s in (0, 1, 2, None)]
    assert [v.pop("seat") for v in views] == [0, 1, 2, None]
    assert all(v == views[0] for v in views)
    assert views[0]["pot_size"] == 48 and "pot" not in views[0]
    assert views[0]["hand"] == state.hand and views[0]["hand_source"] == "setup"
    assert views[0]["phase"] == "setup" and views[0]["turn"] == 0


def test_wire_roundtrip_over_random_playouts() -> None:
    assert WIRE.field == "lucky_numbers"
    checked = 0
    for i, options in enumerate(OPTIONS * 3):
        state = GAME.setup(2 + i % 3, options, random.Random(i))
        rng = random.Random(i)
        while True:
            for seat in (*range(state.num_players), None):
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view
                checked += 1
            if GAME.outcome(state) is not None:
                break
            seat = GAME.to_move(state)[0]
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert checked > 1000


def test_greedy_plays_legal_moves_and_beats_random() -> None:
    wins = 0.0
    games = 30
    for g in range(games):
        greedy = STRATEGIES["greedy"](g)
        rand = random_policy(g)
        options = OPTIONS[g % 4]
        state = GAME.setup(2, options, random.Random(1000 + g))
        me = g % 2
        while (out := GAME.outcome(state)) is None:
            seat = GAME.to_move(state)[0]
            request = request_for(GAME, state, seat)
            reply = (greedy if seat == me else rand)(request)
            move = request.legal_moves[reply] if isinstance(reply, int) else reply
            assert move in request.legal_moves
            state = GAME.apply(state, seat, move)
        wins += 1.0 / len(out.winners) if me in out.winners else 0.0
    assert wins / games > 0.7
