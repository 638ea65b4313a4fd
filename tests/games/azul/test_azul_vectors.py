"""The test vectors AZ-T1..AZ-T22 of shared/rules/azul.md, one test each.

Walls are literal: "#" is a tile on the coloured wall's printed space, "." an empty space;
coordinates in the names are (row, column), 1-based as in the spec.
"""

from __future__ import annotations

import random

import pytest

from arena.core.chance import Stream
from arena.errors import IllegalMoveError
from arena.games.azul import GAME, AzulOptions
from arena.games.azul.positions import board, counts, state
from arena.games.azul.rounds import refill
from arena.games.azul.state import (
    MARKER,
    colored_column,
    end_bonus,
    floor_penalty,
    place_points,
)

R, Y = 2, 1  # colour indices (B Y R K W)


def points_at(wall: list[str], row: int, col: int) -> int:
    """Points of a new tile at 1-based (row, col) on a literal coloured wall."""
    return place_points(board(wall=wall), row - 1, col - 1)


def _last_take_tiles_walls(boards: list, take: str) -> list[int]:
    """Scores after `take` ends the round (one Black tile left in the centre, marker gone)."""
    s = state(boards, centre="K", marker_in_centre=False)
    after = GAME.apply(s, 0, take)
    assert after.round == 2  # the take ended round 1: walls tiled, displays refilled
    return [b.score for b in after.boards]


def points_tiled(wall: list[str], lines: list[str]) -> int:
    """Points a player scores when the round ends with these complete lines on this wall."""
    return _last_take_tiles_walls([board(wall=wall, lines=lines), board()], "take c K 5")[0]


def test_t1_lone_tile_scores_one() -> None:
    wall = [".....", ".....", ".....", ".....", "....."]
    assert points_at(wall, 1, 1) == 1
    assert points_tiled(wall, ["B", "", "", "", ""]) == 1


def test_t2_pair_scores_two() -> None:
    wall = ["#....", ".....", ".....", ".....", "....."]
    assert points_at(wall, 1, 2) == 2
    assert points_tiled(wall, ["Y", "", "", "", ""]) == 2  # Yellow is printed at (1,2)


def test_t3_gap_breaks_the_run() -> None:
    wall = ["##...", ".....", ".....", ".....", "....."]
    assert points_at(wall, 1, 4) == 1
    assert points_tiled(wall, ["K", "", "", "", ""]) == 1  # Black is printed at (1,4)


def test_t4_filling_the_gap_joins_four() -> None:
    wall = ["##.#.", ".....", ".....", ".....", "....."]
    assert points_at(wall, 1, 3) == 4
    assert points_tiled(wall, ["R", "", "", "", ""]) == 4  # Red is printed at (1,3)


def test_t5_cross_scores_both_lines() -> None:
    wall = ["..#..", ".#.#.", "..#..", ".....", "....."]
    assert points_at(wall, 2, 3) == 6  # H 3 + V 3
    assert points_tiled(wall, ["", "YY", "", "", ""]) == 6  # Yellow is printed at (2,3)


def test_t6_big_cross() -> None:
    wall = ["..#..", "..#..", "##.#.", "..#..", "....."]
    assert points_at(wall, 3, 3) == 8  # H 4 + V 4
    assert points_tiled(wall, ["", "", "BBB", "", ""]) == 8  # Blue is printed at (3,3)


def test_t7_column_grows() -> None:
    wall = [".....", ".#...", ".....", ".....", "....."]
    first = points_at(wall, 1, 2)
    second = points_at([".#...", ".#...", ".....", ".....", "....."], 3, 2)
    assert (first, second, first + second) == (2, 3, 5)
    # Both in one round, top to bottom: Yellow at (1,2), then White at (3,2).
    assert points_tiled(wall, ["Y", "", "WWW", "", ""]) == 5


def test_t8_lines_are_tiled_top_to_bottom() -> None:
    # Wall (1,2) holds Yellow; line 1 holds Blue -> (1,1), line 2 holds White -> (2,1).
    me = board(wall=[".#...", ".....", ".....", ".....", "....."], lines=["B", "WW", "", "", ""])
    scores = _last_take_tiles_walls([me, board()], "take c K 5")
    assert scores[0] == 2 + 2  # line 2 first would have given 1 + 4 = 5


def test_t9_three_tiles_and_marker_cost_six() -> None:
    assert floor_penalty(4) == 6
    me = board(floor="BBRM", score=10)
    assert _last_take_tiles_walls([me, board()], "take c K 5")[0] == 4


def test_t10_score_is_clamped_at_zero() -> None:
    me = board(floor="BBRRY", score=4)
    assert floor_penalty(5) == 8
    assert _last_take_tiles_walls([me, board()], "take c K 5")[0] == 0


def test_t11_row_column_and_colour_bonus() -> None:
    wall = ["#####", "##...", "#.#..", "#..#.", "#...#"]
    assert end_bonus(board(wall=wall)) == 2 + 7 + 10


def test_t12_marker_takes_the_next_floor_space() -> None:
    me = board(floor="KW")
    s = state([me, board()], factories=["BBYY", "", "", "", ""], centre="RRR")
    after = GAME.apply(s, 0, "take c R 1")
    floor = after.boards[0].floor
    assert floor == (3, 4, MARKER, R, R)  # [t, t, M, R, R]
    assert floor_penalty(len(floor)) == 8
    assert after.marker_taker == 0 and not after.marker_in_centre


def test_t13_full_floor_sends_the_rest_to_the_lid() -> None:
    me = board(floor="KKKWWW")
    s = state([me, board()], factories=["RRRR", "", "", "", ""], centre="B", lid="")
    after = GAME.apply(s, 0, "take f1 R floor")
    assert len(after.boards[0].floor) == 7
    assert after.boards[0].floor[-1] == R
    assert after.lid == counts("RRR")


def test_t14_full_wall_bonus() -> None:
    assert end_bonus(board(wall=["#####"] * 5)) == 5 * 2 + 5 * 7 + 5 * 10 == 95


def test_t15_wall_row_blocks_its_colour() -> None:
    me = board(wall=[".....", ".....", "...#.", ".....", "....."])  # (3,4) is Yellow
    s = state([me, board()], factories=["YYBB", "", "", "", ""])
    legal = GAME.legal_moves(s, 0)
    assert "take f1 Y 3" not in legal and "take f1 Y 4" in legal
    with pytest.raises(IllegalMoveError, match="wall row 3 already has Y"):
        GAME.apply(s, 0, "take f1 Y 3")
    GAME.apply(s, 0, "take f1 Y 4")


def test_t16_line_keeps_its_colour() -> None:
    s = state([board(lines=["", "B", "", "", ""]), board()], factories=["RRKK", "", "", "", ""])
    assert "take f1 R 2" not in GAME.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="already holds B"):
        GAME.apply(s, 0, "take f1 R 2")


def test_t17_full_line_is_not_a_destination() -> None:
    s = state([board(lines=["", "BB", "", "", ""]), board()], factories=["BBKK", "", "", "", ""])
    assert "take f1 B 2" not in GAME.legal_moves(s, 0)
    assert "take f1 B floor" in GAME.legal_moves(s, 0)
    with pytest.raises(IllegalMoveError, match="full"):
        GAME.apply(s, 0, "take f1 B 2")


def test_t18_red_in_row_four_is_column_one() -> None:
    assert colored_column(R, 3) + 1 == 1


def test_t19_three_players_draw_28_tiles() -> None:
    s = GAME.setup(3, AzulOptions(), random.Random(19))
    assert len(s.factories) == 7
    assert [sum(f) for f in s.factories] == [4] * 7
    assert len(s.bag) == 72


def test_t20_bag_then_lid_then_short_display() -> None:
    factories, bag, lid, _ = refill(5, (0, 1, 2, 3, 4, 0), counts("BBYYRRKKWWW"), Stream(7))
    assert [sum(f) for f in factories] == [4, 4, 4, 4, 1]  # 6 + 11 = 17 tiles
    assert bag == () and lid == (0, 0, 0, 0, 0)


def test_t21_gray_wall_columns() -> None:
    me = board(
        wall=["..R..", "B....", ".....", "...R.", "....."], lines=["", "RR", "", "", ""], gray=True
    )
    s = state([me, board()], centre="K", marker_in_centre=False, gray=True)
    after = GAME.apply(s, 0, "take c K 5")
    assert GAME.to_move(after) == (0,)
    assert GAME.legal_moves(after, 0) == ["wall 2 2", "wall 2 5"]


def test_t22_tie_broken_by_complete_rows() -> None:
    rows2 = board(wall=["#####", "#####", ".....", ".....", "....."], score=60)
    rows3 = board(wall=["#####", "#####", "#####", ".....", "....."], score=60)
    s = state([rows2, rows3, board(score=58)])._replace(phase=2, termination="normal")
    assert GAME.outcome(s).ranks == (2, 1, 3)
    assert GAME.outcome(s).winners == (1,)
