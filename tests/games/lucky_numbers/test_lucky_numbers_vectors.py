"""The spec's test vectors L1-L29 (shared/rules/lucky_numbers.md), one test each."""

from __future__ import annotations

import random

import pytest

from arena.errors import IllegalMoveError
from arena.games.lucky_numbers import GAME, LuckyNumbersOptions
from arena.games.lucky_numbers.positions import grid_from_picture, grid_picture, position
from arena.games.lucky_numbers.state import Phase, easy_grid

G = """
    3  .  .  12
    .  7  .  .
    .  .  10 .
    .  .  .  18
"""

BRUNO_GRID = """
    2  .  .  .
    .  5  .  .
    .  .  9  .
    .  .  .  20
"""

FULL = """
    1  2  3  4
    5  6  7  8
    9  10 11 12
    13 14 15 16
"""


def holding(value: int, picture: str = G, **kw: object):
    """Seat 0 of a 2-player game holds a drawn `value` over `picture`."""
    return position([picture, FULL.replace("16", ".")], hand=value, pot=(1, 2), **kw)


def resolve_moves(value: int, picture: str = G) -> set[str]:
    """Every place/swap (discard excluded) for `value` on `picture`."""
    return set(GAME.legal_moves(holding(value, picture), 0)) - {"discard"}


@pytest.mark.parametrize(
    ("vector", "move", "value", "legal", "reason"),
    [
        ("L1", "place b1", 5, True, ""),
        ("L2", "place b1", 8, False, "column b: 8 would be above 7"),
        ("L3", "place b1", 7, False, "same number as b2 in column b"),
        ("L4", "place c1", 11, False, "column c: 11 would be above 10"),
        ("L5", "place a2", 7, False, "same number as b2 in row 2"),
        ("L6", "place a4", 2, False, "column a: 2 would be below 3"),
        ("L7", "place d3", 17, True, ""),
        ("L8", "place d3", 19, False, "column d: 19 would be above 18"),
        ("L9", "swap b2", 9, True, ""),
        ("L10", "swap b2", 13, True, ""),
        ("L11", "swap b2", 7, False, "a swap must change it (LN-A7)"),
        ("L12", "place b2", 9, False, "b2 is occupied by 7 (use swap b2)"),
        ("L13", "swap a1", 1, True, ""),
        ("L14", "swap a1", 13, False, "row 1: 13 would be left of 12"),
        ("L15", "swap d1", 19, False, "column d: 19 would be above 18"),
        ("L16", "swap d1", 17, True, ""),
    ],
)
def test_single_moves_on_grid_g(
    vector: str, move: str, value: int, legal: bool, reason: str
) -> None:
    state = holding(value)
    assert (move in GAME.legal_moves(state, 0)) is legal, vector
    if legal:
        after = GAME.apply(state, 0, move)
        cell = move.split()[1]
        index = "abcd".index(cell[0]) + 4 * (int(cell[1]) - 1)
        assert after.grids[0][index] == value
        old = state.grids[0][index]
        assert list(after.table) == ([old] if old else [])  # a swapped-out tile goes to the table
    else:
        with pytest.raises(IllegalMoveError, match=reason.replace("(", r"\(").replace(")", r"\)")):
            GAME.apply(state, 0, move)


def test_l17_every_legal_move_for_15() -> None:
    assert resolve_moves(15) == {
        "swap d1",
        "swap b2",
        "place d2",
        "swap c3",
        "place d3",
        "place a4",
        "place b4",
        "place c4",
        "swap d4",
    }


def test_l18_every_legal_move_for_4() -> None:
    assert resolve_moves(4) == {
        "swap a1",
        "place b1",
        "place c1",
        "swap d1",
        "place a2",
        "swap b2",
        "place a3",
        "swap c3",
        "place a4",
    }


def bruno(value: int):
    """Seat 0 of a Bruno game holds a drawn `value` over the Bruno grid."""
    return holding(value, BRUNO_GRID, options=LuckyNumbersOptions(bruno=True))


@pytest.mark.parametrize(
    ("vector", "move", "value", "bonus"),
    [("L19", "place c1", 5, True), ("L20", "place a3", 5, True), ("L22", "place c2", 6, False)],
)
def test_bruno_bonus_vectors(vector: str, move: str, value: int, bonus: bool) -> None:
    after = GAME.apply(bruno(value), 0, move)
    assert after.turn == 2
    assert after.bonus is bonus, vector
    assert after.current == (0 if bonus else 1)
    assert GAME.to_move(after) == (after.current,)


def test_l21_place_b1_5_is_illegal_under_b2_5() -> None:
    state = bruno(5)
    assert "place b1" not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMoveError, match="same number as b2 in column b"):
        GAME.apply(state, 0, "place b1")


def test_l23_easy_setup_sorts_the_diagonal() -> None:
    assert easy_grid((14, 3, 9, 20)) == grid_from_picture("""
        3  .  .  .
        .  9  .  .
        .  .  14 .
        .  .  .  20
    """)


@pytest.mark.parametrize(("players", "total", "pot"), [(2, 40, 32), (3, 60, 48), (4, 80, 64)])
def test_l24_tile_totals(players: int, total: int, pot: int) -> None:
    state = GAME.setup(players, LuckyNumbersOptions(), random.Random(24))
    assert len(state.pot) == pot
    assert sum(state.tiles()) + len(state.pot) == total
    for value in range(1, 21):  # one full set of 1..20 per player
        assert state.pot.count(value) + sum(g.count(value) for g in state.grids) == players


def grid_with(tiles: int) -> str:
    """A legal picture holding `tiles` tiles: FULL with its last cells (d4, c4, ...) emptied."""
    tokens = FULL.split()
    return " ".join(tokens[:tiles] + ["."] * (16 - tiles))


def pot_runs_out(a: int, b: int, c: int):
    """Seat 0 draws the last pot tile (20, which fits nowhere) and discards it: the game ends."""
    state = position([grid_with(a), grid_with(b), grid_with(c)], pot=(20,))
    state = GAME.apply(GAME.apply(state, 0, "draw"), 0, "discard")
    return GAME.outcome(state)


def fills_grid(seat: int, tiles: tuple[int, int, int]):
    """`seat` (15 tiles, d4 empty) draws a 16 and completes its grid; others as given."""
    pictures = [FULL if s == seat else grid_with(t) for s, t in enumerate(tiles)]
    pictures[seat] = grid_with(15)
    state = position(pictures, pot=(16, 1, 2), current=seat)
    state = GAME.apply(GAME.apply(state, seat, "draw"), seat, "place d4")
    return GAME.outcome(state)


def test_l25_pot_out_shared_win() -> None:
    out = pot_runs_out(15, 15, 12)
    assert out is not None
    assert out.winners == (0, 1)
    assert out.ranks == (1, 1, 3)
    assert out.scores == (15.0, 15.0, 12.0)
    assert out.points == (2.0, 2.0, -4.0)


def test_l26_full_grid_wins() -> None:
    out = fills_grid(0, (16, 13, 9))
    assert out is not None
    assert out.winners == (0,)
    assert out.ranks == (1, 2, 3)
    assert out.points == (2.0, -3.0, -7.0)


def test_l27_three_game_tournament_totals() -> None:
    games = [fills_grid(0, (16, 13, 9)), fills_grid(1, (12, 16, 14)), pot_runs_out(15, 15, 11)]
    totals = [sum(out.points[s] for out in games if out) for s in range(3)]
    assert totals == [0.0, 1.0, -14.0]
    assert max(range(3), key=totals.__getitem__) == 1  # B wins the tournament


def test_l28_a_taken_tile_cannot_be_discarded() -> None:
    state = position([G, FULL.replace("16", ".")], table=[6])
    state = GAME.apply(state, 0, "take 6")
    assert "discard" not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMoveError, match="only a tile drawn from the pot may be discarded"):
        GAME.apply(state, 0, "discard")


L29_GRID = """
    2  .  .  .
    .  7  .  .
    .  .  9  .
    .  .  .  20
"""


def test_l29_bruno_chain_may_not_take_back_its_own_tile() -> None:
    state = position(
        [L29_GRID, FULL.replace("16", ".")], pot=(9, 1, 2), options=LuckyNumbersOptions(bruno=True)
    )
    state = GAME.apply(state, 0, "draw")
    assert "swap b2" in GAME.legal_moves(state, 0)
    state = GAME.apply(state, 0, "swap b2")
    assert state.phase is Phase.ACQUIRE and state.current == 0 and state.bonus
    assert state.table == (7,) and state.chain_returned == (7,)
    assert GAME.legal_moves(state, 0) == ["draw"]
    with pytest.raises(IllegalMoveError, match="LN-A13"):
        GAME.apply(state, 0, "take 7")
    # The same position outside a bonus chain: the 7 may be taken.
    same_grid = grid_picture(state.grids[0])
    unguarded = position([same_grid, FULL.replace("16", ".")], table=[7], pot=(1, 2))
    assert GAME.legal_moves(unguarded, 0) == ["draw", "take 7"]
