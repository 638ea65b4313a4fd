"""Scenario tests for the Azul rules, each from a literal position (see positions.py)."""

from __future__ import annotations

import random

import pytest

from arena.core.chance import Stream
from arena.core.game import parse_options
from arena.core.values import Termination
from arena.errors import IllegalMoveError, InvalidMoveError, OptionError, PlayerCountError
from arena.games.azul import GAME, AzulOptions
from arena.games.azul.positions import board, counts, state
from arena.games.azul.rounds import refill
from arena.games.azul.state import MARKER, OVER, ROUND_CAP, WALL

B, Y, R, K, W = range(5)


def test_setup_two_players() -> None:
    s = GAME.setup(2, AzulOptions(), random.Random(1))
    assert len(s.factories) == 5 and [sum(f) for f in s.factories] == [4] * 5
    assert len(s.bag) == 80 and s.marker_in_centre and s.round == 1
    assert all(b.score == 0 and b.floor == () for b in s.boards)
    assert GAME.to_move(s) == (s.start_player,)


def test_setup_four_players_has_nine_displays() -> None:
    s = GAME.setup(4, AzulOptions(wall="gray"), random.Random(4))
    assert len(s.factories) == 9 and len(s.bag) == 64 and s.gray


def test_legal_moves_in_canonical_order() -> None:
    me = board(wall=["#....", ".....", ".....", ".....", "....."], lines=["", "", "", "RR", ""])
    s = state([me, board()], factories=["BBYR", "", "", "", ""], centre="W")
    assert GAME.legal_moves(s, 0) == [
        "take f1 B 2",
        "take f1 B 3",
        "take f1 B 5",
        "take f1 B floor",
        "take f1 Y 1",
        "take f1 Y 2",
        "take f1 Y 3",
        "take f1 Y 5",
        "take f1 Y floor",
        "take f1 R 1",
        "take f1 R 2",
        "take f1 R 3",
        "take f1 R 4",
        "take f1 R 5",
        "take f1 R floor",
        "take c W 1",
        "take c W 2",
        "take c W 3",
        "take c W 5",
        "take c W floor",
    ]
    assert GAME.legal_moves(s, 1) == []


def test_display_leftovers_go_to_the_centre() -> None:
    s = state([board(), board()], factories=["BBYR", "KKKK", "", "", ""], centre="W")
    after = GAME.apply(s, 0, "take f1 B 3")
    assert after.factories[0] == counts("")
    assert after.centre == counts("YRW")
    assert after.boards[0].lines[2] == 2 * 8 + B
    assert after.marker_in_centre and GAME.to_move(after) == (1,)


def test_surplus_tiles_overflow_to_the_floor() -> None:
    s = state([board(lines=["", "Y", "", "", ""]), board()], factories=["YYYK", "K", "", "", ""])
    after = GAME.apply(s, 0, "take f1 Y 2")
    assert after.boards[0].lines[1] == 2 * 8 + Y
    assert after.boards[0].floor == (Y, Y)


def test_marker_is_taken_once_per_round() -> None:
    s = state([board(), board()], factories=["BBYY", "", "", "", ""], centre="RRWK")
    first = GAME.apply(s, 0, "take c R 2")
    assert first.boards[0].floor == (MARKER,) and first.marker_taker == 0
    second = GAME.apply(first, 1, "take c W floor")
    assert second.boards[1].floor == (W,)  # no marker left for the second taker
    assert second.marker_taker == 0 and not second.marker_in_centre


def test_marker_on_a_full_floor_costs_nothing_but_starts_next_round() -> None:
    # [ASSUMPTION AZ-A2]
    s = state([board(floor="KKKKWWW"), board()], factories=["BBYY", "", "", "", ""], centre="R")
    after = GAME.apply(s, 0, "take c R 1")
    assert after.boards[0].floor == (K, K, K, K, W, W, W)
    assert after.marker_taker == 0


def test_marker_taker_starts_the_next_round() -> None:
    s = state([board(), board()], factories=["BBYY", "", "", "", ""], centre="R", current=1)
    s = GAME.apply(s, 1, "take c R 1")  # seat 1 takes the marker
    s = GAME.apply(s, 0, "take f1 B 2")
    s = GAME.apply(s, 1, "take c Y 3")  # the centre is empty: round over
    assert s.round == 2 and s.start_player == 1 and GAME.to_move(s) == (1,)
    assert s.marker_in_centre and s.boards[1].floor == () and s.boards[1].score == 0
    assert [sum(f) for f in s.factories] == [4] * 5


def test_untaken_marker_keeps_the_start_player() -> None:
    # [ENGINE DECISION AZ-E1] nobody took from the centre this round.
    s = state([board(), board()], factories=["BBBB", "", "", "", ""], current=1)
    after = GAME.apply(s, 1, "take f1 B 4")
    assert after.round == 2 and after.start_player == 1


def test_floor_penalty_and_lid_at_round_end() -> None:
    me = board(floor="MRRY", score=9)
    s = state([me, board()], centre="K", marker_in_centre=False, marker_taker=0, lid="")
    after = GAME.apply(s, 0, "take c K 5")
    assert after.boards[0].score == 9 - 6
    assert after.boards[0].floor == ()


def test_complete_line_moves_one_tile_and_discards_the_rest() -> None:
    me = board(lines=["", "", "", "", "RRRR"])
    s = state([me, board()], factories=["R", "", "", "", ""], bag="B" * 20, lid="")
    after = GAME.apply(s, 0, "take f1 R 5")
    assert GAME.view(after, 0)["boards"][0]["wall"][4] == ".R..."  # Red's space in row 5
    assert after.boards[0].lines[4] == 0 and after.boards[0].score == 1
    assert after.lid == counts("RRRR")  # the other 4 Reds are discarded


def test_incomplete_lines_stay_for_the_next_round() -> None:
    me = board(lines=["", "", "", "BBB", ""])
    s = state([me, board()], centre="K", marker_in_centre=False)
    after = GAME.apply(s, 0, "take c K 5")
    assert after.boards[0].lines[3] == 3 * 8 + B and after.boards[0].lines[4] == 1 * 8 + K


def test_refill_uses_the_lid_only_when_the_bag_is_empty() -> None:
    factories, bag, lid, _ = refill(5, tuple([B] * 30), counts("RRR"), Stream(1))
    assert all(f == counts("BBBB") for f in factories)
    assert len(bag) == 10 and lid == counts("RRR")


def test_short_displays_when_bag_and_lid_run_out() -> None:
    factories, bag, lid, _ = refill(5, (B, B, Y, Y, R, R), counts("KWW"), Stream(3))
    assert [sum(f) for f in factories] == [4, 4, 1, 0, 0]  # [ASSUMPTION AZ-A6] index order
    assert sum(map(sum, factories)) == 9 and bag == () and lid == counts("")


def test_refill_through_a_round_end() -> None:
    s = state([board(), board()], centre="K", marker_in_centre=False, bag="BBBBYY", seed=5)
    after = GAME.apply(s, 0, "take c K 5")
    assert after.factories[0] == counts("BBBB")
    assert sum(map(sum, after.factories)) == 20 and after.lid == counts("")


def test_game_ends_after_the_round_a_row_is_completed() -> None:
    me = board(wall=["####.", ".....", ".....", ".....", "....."], lines=["W", "", "", "", ""])
    s = state([me, board()], centre="K", marker_in_centre=False)
    after = GAME.apply(s, 0, "take c K 5")
    assert after.phase == OVER and GAME.to_move(after) == ()
    # (1,5) White scores a 5-tile row: 5 points, then the row bonus +2.
    assert after.boards[0].score == 5 + 2
    out = GAME.outcome(after)
    assert out.termination == Termination.NORMAL and out.ranks == (1, 2)
    assert out.scores == (7.0, 0.0) and out.points == (1.0, 0.0)


def test_end_bonuses_for_rows_and_colours() -> None:
    wall = ["#####", "##...", "#.#..", "#..#.", "....."]
    me = board(wall=wall, lines=["", "", "", "", "BBBB"])
    s = state([me, board()], factories=["B", "", "", "", ""])
    after = GAME.apply(s, 0, "take f1 B 5")
    assert after.phase == OVER
    # (5,5) Blue is a lone tile: 1 point; then row 1 +2 and all five Blues +10.
    assert after.boards[0].score == 1 + 2 + 10


def test_end_bonus_for_a_column() -> None:
    wall = ["#####", "#....", "#....", "#....", "....."]
    me = board(wall=wall, lines=["", "", "", "", "YYYY"])  # Yellow sits at (5,1)
    s = state([me, board()], factories=["Y", "", "", "", ""])
    after = GAME.apply(s, 0, "take f1 Y 5")
    # (5,1) joins column 1 (5 tiles): 5 points; then row 1 +2, column 1 +7.
    assert after.boards[0].score == 5 + 2 + 7


def test_round_cap_ends_the_game() -> None:
    s = state([board(), board()], centre="K", marker_in_centre=False, round=ROUND_CAP)
    after = GAME.apply(s, 0, "take c K 5")
    assert after.phase == OVER
    assert GAME.outcome(after).termination == Termination.TURN_CAP


def test_shared_victory_when_rows_tie_too() -> None:
    # [ASSUMPTION AZ-A8]
    a = board(wall=["#####", ".....", ".....", ".....", "....."], score=40)
    b = board(wall=[".....", "#####", ".....", ".....", "....."], score=40)
    s = state([a, b])._replace(phase=OVER, termination="normal")
    out = GAME.outcome(s)
    assert out.ranks == (1, 1) and out.points == (0.5, 0.5)


def test_gray_wall_choice_is_its_own_decision() -> None:
    me = board(lines=["Y", "", "", "", "RRRRR"], gray=True)
    s = state([me, board()], centre="K", marker_in_centre=False, gray=True)
    s = GAME.apply(s, 0, "take c K 4")
    assert s.phase == WALL and s.pending_line == 0 and GAME.to_move(s) == (0,)
    assert GAME.legal_moves(s, 0) == [f"wall 1 {c}" for c in range(1, 6)]
    assert GAME.legal_moves(s, 1) == []
    view = GAME.view(s, 1)
    assert (view["phase"], view["pending_line"], view["to_move"]) == ("wall", 1, [0])
    assert "wall tiling, line 1" in GAME.render(s)
    with pytest.raises(IllegalMoveError, match="wall column for line 1"):
        GAME.apply(s, 0, "take f1 B 1")
    with pytest.raises(IllegalMoveError, match="pending wall choice is for line 1"):
        GAME.apply(s, 0, "wall 5 1")
    s = GAME.apply(s, 0, "wall 1 3")  # lines are asked top to bottom
    assert s.phase == WALL and s.pending_line == 4
    assert GAME.legal_moves(s, 0) == [f"wall 5 {c}" for c in range(1, 6)]
    s = GAME.apply(s, 0, "wall 5 4")
    assert s.round == 2 and s.phase != WALL
    assert s.boards[0].score == 2  # two lone tiles
    assert s.boards[0].lines == (0, 0, 0, 1 * 8 + K, 0)


def test_gray_wall_column_rule() -> None:
    # Red already sits in column 2 (row 1): Red from line 3 may not go to column 2.
    me = board(
        wall=[".R...", ".....", ".....", ".....", "....."], lines=["", "", "RRR", "", ""], gray=True
    )
    s = state([me, board()], centre="K", marker_in_centre=False, gray=True)
    s = GAME.apply(s, 0, "take c K 5")
    assert GAME.legal_moves(s, 0) == ["wall 3 1", "wall 3 3", "wall 3 4", "wall 3 5"]
    with pytest.raises(IllegalMoveError, match="column 2 of wall row 3"):
        GAME.apply(s, 0, "wall 3 2")
    after = GAME.apply(s, 0, "wall 3 3")
    assert GAME.view(after, 0)["boards"][0]["wall"][2] == "..R.."


def test_gray_line_without_space_goes_to_the_floor() -> None:
    # [ASSUMPTION AZ-A4] Row 2's free columns 1, 2, 4, 5 all hold Red already.
    wall = ["R....", "..Y..", ".R...", "...R.", "....R"]
    me = board(wall=wall, lines=["", "RR", "", "", ""], gray=True, score=5)
    s = state([me, board()], centre="K", marker_in_centre=False, gray=True, lid="")
    after = GAME.apply(s, 0, "take c K 5")
    assert after.round == 2  # no decision was asked
    assert after.boards[0].lines[1] == 0 and after.boards[0].floor == ()
    assert after.boards[0].score == 5 - 2  # both Reds went to the floor
    assert after.factories[0] == counts("RR")  # ... then to the lid, then into the bag


def test_syntax_errors_are_invalid_not_illegal() -> None:
    s = state([board(), board()], factories=["BBYY", "", "", "", ""])
    texts = ["", "take", "take f1 X 1", "take f1 B 6", "take f10 B 1", "wall 0 1", "pass", 3, None]
    for text in texts:
        with pytest.raises(InvalidMoveError) as err:
            GAME.apply(s, 0, text)
        assert type(err.value) is InvalidMoveError
    assert GAME.apply(s, 0, "  take   f1 B   1 ").boards[0].lines[0] == 1 * 8 + B


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("take f7 B 1", "no display f7 with 2 players"),
        ("take f2 B 1", "display f2 holds no B"),
        ("take c R 1", "the centre holds no R"),
        ("wall 1 1", "no wall choice is pending"),
    ],
)
def test_illegal_moves_say_why(move: str, reason: str) -> None:
    s = state([board(), board()], factories=["BBYY", "", "", "", ""], centre="K")
    with pytest.raises(IllegalMoveError, match=reason):
        GAME.apply(s, 0, move)


def test_out_of_turn_and_after_the_end() -> None:
    s = state([board(), board()], factories=["BBYY", "", "", "", ""])
    with pytest.raises(IllegalMoveError, match="seat 0's decision"):
        GAME.apply(s, 1, "take f1 B 1")
    over = s._replace(phase=OVER, termination="normal")
    with pytest.raises(IllegalMoveError, match="over"):
        GAME.apply(over, 0, "take f1 B 1")


def test_adjudicate_puts_the_offender_last() -> None:
    s = state([board(score=30), board(score=10), board(score=20)])
    out = GAME.adjudicate(s, 0)
    assert out.ranks == (3, 2, 1) and out.offender == 0
    assert out.points == (0.0, 0.5, 1.0)
    assert GAME.adjudicate(s, None).ranks == (1, 3, 2)


def test_view_is_public_and_hides_the_bag_order() -> None:
    s = GAME.setup(2, AzulOptions(), random.Random(8))
    view = GAME.view(s, 0)
    assert view["seat"] == 0 and GAME.view(s, None)["seat"] is None
    assert {**view, "seat": None} == GAME.view(s, None)
    assert sum(view["bag"]) == 80 and len(view["bag"]) == 5
    assert view["factories"][0] == "".join(sorted(view["factories"][0], key="BYRKW".index))
    shuffled = s._replace(bag=tuple(sorted(s.bag)), stream=Stream(12345))
    assert GAME.view(shuffled, 0) == view
    assert view["boards"][0] == {
        "score": 0,
        "lines": ["", "", "", "", ""],
        "wall": ["....."] * 5,
        "floor": "",
        "has_marker": False,
    }


def test_view_of_a_board_in_play() -> None:
    me = board(
        wall=["#....", ".....", ".....", ".....", "....."],
        lines=["", "BB", "", "", ""],
        floor="MK",
        score=3,
    )
    s = state(
        [me, board()], factories=["BBYY", "", "", "", ""], marker_taker=0, marker_in_centre=False
    )
    view = GAME.view(s, 1)["boards"][0]
    assert view == {
        "score": 3,
        "lines": ["", "BB", "", "", ""],
        "wall": ["B....", ".....", ".....", ".....", "....."],
        "floor": "MK",
        "has_marker": True,
    }


def test_render_shows_every_board() -> None:
    s = GAME.setup(3, AzulOptions(), random.Random(2))
    text = GAME.render(s, 1)
    assert text.startswith("Azul (coloured wall) round 1")
    assert text.count("floor") == 3 and "f7:" in text
    assert text.index("seat 1") < text.index("seat 0")  # the viewer's board first


def test_player_count_and_options_are_checked() -> None:
    with pytest.raises(PlayerCountError):
        GAME.setup(5, AzulOptions(), random.Random(0))
    with pytest.raises(OptionError):
        GAME.setup(2, AzulOptions(wall="purple"), random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        parse_options(GAME, {"wall": "purple"})
