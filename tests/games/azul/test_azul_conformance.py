"""Azul against the Game contract: conformance over random games, determinism, the wire
roundtrip, and the greedy bot."""

from __future__ import annotations

import random

from arena.core.game import parse_options, replay
from arena.core.players import random_policy
from arena.core.registry import get_game
from arena.games.azul import GAME, AzulOptions
from arena.games.azul.sampling import resample as reshuffle_bag
from arena.games.azul.state import MARKER, TILES_PER_COLOUR, State
from arena.games.azul.strategy import STRATEGIES
from arena.games.azul.wire import WIRE
from arena.games.testing import check_game, default_workers, play_random_game, request_for
from arena.match.strategies import make_policy

BOTH_WALLS = [AzulOptions(wall="colored"), AzulOptions(wall="gray")]


def tiles_everywhere(s: State) -> list[int]:
    """Tiles per colour in bag + lid + displays + centre + pattern lines + walls + floors.

    A colour is at most once per wall row, so its wall tiles are the rows it occupies.
    """
    on_displays = [sum(column) for column in zip(*s.factories, strict=True)]
    total = [s.bag.count(k) + s.lid[k] + s.centre[k] + on_displays[k] for k in range(5)]
    for b in s.boards:
        for code in b.lines:
            if code:
                total[code & 7] += code >> 3
        for item in b.floor:
            if item != MARKER:
                total[item] += 1
        wall = [(b.colour_rows >> 6 * k & 31).bit_count() for k in range(5)]
        assert sum(wall) == b.wall.bit_count() == b.wall_t.bit_count() == b.colour_cols.bit_count()
        total = [t + w for t, w in zip(total, wall, strict=True)]
    return total


def all_tiles_accounted_for(s: State) -> None:
    """The invariant: 20 tiles of each colour, always; and at most one marker on the floors."""
    assert tiles_everywhere(s) == [TILES_PER_COLOUR] * 5, tiles_everywhere(s)
    markers = sum(b.floor.count(MARKER) for b in s.boards)
    assert markers <= 1 and not (markers and s.marker_in_centre)
    assert s.offer_left == sum(map(sum, s.factories)) + sum(s.centre)


def test_conformance_both_walls_two_to_four_players() -> None:
    report = check_game(
        GAME,
        workers=default_workers(),
        games=1000,
        num_players=[2, 3, 4],
        options=BOTH_WALLS,
        invariant=all_tiles_accounted_for,
        resample=reshuffle_bag,
    )
    assert report.games == 1000
    assert set(report.by_players) == {2, 3, 4}
    assert report.terminations.get("normal", 0) >= 995


def test_same_seed_same_game() -> None:
    for options in BOTH_WALLS:
        moves_a, end_a = play_random_game(GAME, 3, options, seed=77)
        moves_b, end_b = play_random_game(GAME, 3, options, seed=77)
        assert moves_a == moves_b and end_a == end_b
        states = replay(GAME, 3, options, 77, moves_a)
        assert states[-1] == end_a
    assert play_random_game(GAME, 2, BOTH_WALLS[0], seed=1) != play_random_game(
        GAME, 2, BOTH_WALLS[0], seed=2
    )


def test_wire_roundtrip_over_random_playouts() -> None:
    assert WIRE.field == "azul"
    for seed, options in enumerate(BOTH_WALLS * 3):
        n = 2 + seed % 3
        moves, _ = play_random_game(GAME, n, options, seed=seed)
        for i, state in enumerate(replay(GAME, n, options, seed, moves)):
            if i % 3:
                continue
            for seat in [*range(n), None]:
                view = GAME.view(state, seat)
                assert WIRE.from_proto(WIRE.to_proto(view)) == view


def test_options_parse_from_text() -> None:
    assert parse_options(GAME, {"wall": "gray"}) == AzulOptions(wall="gray")
    assert parse_options(GAME, {}) == AzulOptions()
    assert get_game("azul") is GAME and GAME.title == "Azul"
    assert (GAME.min_players, GAME.max_players) == (2, 4)


def _match(seed: int, greedy_seat: int, options: AzulOptions) -> float:
    """Greedy against random, 2 players; the greedy seat's tournament points."""
    policies = [random_policy(seed), random_policy(seed)]
    policies[greedy_seat] = STRATEGIES["greedy"](seed)
    state = GAME.setup(2, options, random.Random(seed))
    while (out := GAME.outcome(state)) is None:
        seat = GAME.to_move(state)[0]
        state = GAME.apply(state, seat, policies[seat](request_for(GAME, state, seat)))
    return out.points[greedy_seat]


def test_greedy_beats_random_clearly() -> None:
    for options in BOTH_WALLS:
        points = sum(_match(seed, seed % 2, options) for seed in range(20))
        assert points >= 18


def test_greedy_is_a_registered_strategy_and_plays_legal_moves() -> None:
    policy = make_policy("azul", "greedy", seed=3)
    state = GAME.setup(4, AzulOptions(wall="gray"), random.Random(3))
    while GAME.outcome(state) is None:
        seat = GAME.to_move(state)[0]
        request = request_for(GAME, state, seat)
        move = policy(request)
        assert move in request.legal_moves
        state = GAME.apply(state, seat, move)


def test_greedy_prefers_points_over_the_floor() -> None:
    from arena.games.azul.positions import board, state

    me = board(wall=["####.", ".....", ".....", ".....", "....."])
    s = state([me, board()], factories=["WBBB", "", "", "", ""], centre="K")
    move = STRATEGIES["greedy"](0)(request_for(GAME, s, 0))
    assert move == "take f1 W 1"  # completes line 1: White joins a 4-tile row for 5 points
